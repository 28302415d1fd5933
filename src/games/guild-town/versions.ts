import type { RulesVersion } from '../../engine/versions.js';

/**
 * Every rules version of this game, oldest first; new games start under the last. A rules change
 * is a new entry whose `profile` holds the flags/data the engine reads (with the old behaviour as
 * the default), never an edit of an old entry. See docs/architecture.md, "Versioned rules".
 */
export const VERSIONS: readonly RulesVersion[] = [
  {
    version: 1, date: '2026-11-21', retired: true,
    changes: 'First version. Let a banker stop after one face-up card and keep 11 money cards. Retired before versioned rules existed: its games are refused.',
  },
  { version: 2, date: '2026-11-22', changes: 'A banker who took a face-up card must take all four money cards.' },
  {
    version: 3, date: '2026-11-23',
    changes: "Craftsmen's privilege: a work point makes two raw materials, so with no work point it yields nothing. " +
      "The mayor's bid: a player may offer more than the mayor's bid (not more than their own opening bid). " +
      'Winter has its final phase: a privilege token to the players with the fewest helpers on the board.',
    profile: { craftsmenPrivilegeNeedsWorkPoint: true, mayorBidToBeat: true, winterFinalPhase: true },
  },
];

export const CURRENT_VERSION = VERSIONS.at(-1)!.version;
