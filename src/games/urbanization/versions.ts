import type { RulesVersion } from '../../engine/versions.js';

/**
 * Every rules version of this game, oldest first; new games start under the last. A rules change
 * is a new entry whose `profile` holds the flags/data the engine reads (with the old behaviour as
 * the default), never an edit of an old entry. See docs/architecture.md, "Versioned rules".
 */
export const VERSIONS: readonly RulesVersion[] = [
  { version: 1, date: '2026-11-21', changes: 'First version.' },
  {
    version: 2, date: '2026-11-23',
    changes: 'Telegraph, Kerosene Lamp and Spinning Jenny make at least 2 goods when your work orders allow it, else the printed number (they no longer stop a 1-good factory from producing). ' +
      'Factory card backs: every factory an invention combination bonus names is in the deck at every player count (decks of 15, 17 and 18 cards).',
    profile: { atLeastTwoIfOrdersAllow: true, factoryBacks: 2 },
  },
];

export const CURRENT_VERSION = VERSIONS.at(-1)!.version;
