/**
 * The log walk and the setup input of a game live with the engines (src/engine/log-walk.ts,
 * src/engine/deal.ts) so the `boardgame-rules` package and its verifier share them; the services
 * import them from here.
 */
export { walkLog, type EffectiveMove, type Walk } from '../engine/log-walk.js';
export { setupInputOf } from '../engine/deal.js';
