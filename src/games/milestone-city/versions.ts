import type { RulesVersion } from '../../engine/versions.js';

/**
 * Every rules version of this game, oldest first; new games start under the last. A rules change
 * is a new entry whose `profile` holds the flags/data the engine reads (with the old behaviour as
 * the default), never an edit of an old entry. See docs/architecture.md, "Versioned rules".
 */
export const VERSIONS: readonly RulesVersion[] = [
  { version: 1, date: '2026-11-21', changes: 'First version.' },
  {
    version: 2, date: '2026-11-23', profile: { edition: 2 },
    changes: 'Second edition, tuned by bot simulations: the city starts with power 4, water 4 and employment 3 (was 2, 2, 1) and a founding budget of 22 money instead of taxes at each milestone (was 8 money and 1 per zone tile).',
  },
  {
    version: 3, date: '2026-11-26', profile: { edition: 2, revealsIrreversible: true },
    changes: 'Second edition as in version 2. Take-backs: besides every draw, any move after which a card of the draw pile has left it can no longer be taken back (a safety net: no such move exists in the rules as they stand).',
  },
];

export const CURRENT_VERSION = VERSIONS.at(-1)!.version;
