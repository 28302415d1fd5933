/**
 * The `boardgame-rules` package: the server's own engine and game modules (src/engine, src/games),
 * re-exported and bundled into one self-contained file at pack time (build.mjs). Nothing here
 * imports the server (HTTP, database, services); docs/rules-package.md says why the package is a
 * bundle of the sources rather than their new home.
 */
export * from '../../../src/engine/index.js';
export * from '../../../src/engine/deal.js';
export * from '../../../src/engine/log-walk.js';
export * from '../../../src/engine/record.js';
export { games } from '../../../src/games/index.js';
