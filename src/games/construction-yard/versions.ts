import type { RulesVersion } from '../../engine/versions.js';

/**
 * Every rules version of this game, oldest first; new games start under the last. A rules change
 * is a new entry whose `profile` holds the flags/data the engine reads (with the old behaviour as
 * the default), never an edit of an old entry. See docs/architecture.md, "Versioned rules".
 */
export const VERSIONS: readonly RulesVersion[] = [
  { version: 1, date: '2026-11-21', changes: 'First version.' },
];

export const CURRENT_VERSION = VERSIONS.at(-1)!.version;
