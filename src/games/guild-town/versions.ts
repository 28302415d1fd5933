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
      "The mayor's bid: the opener who folds or outbids the mayor needs to beat only the mayor's bid, no longer their own unraised opening bid. " +
      'Winter has its final phase: a privilege token to the players with the fewest helpers on the board.',
    profile: { craftsmenPrivilegeNeedsWorkPoint: true, mayorBidToBeat: true, winterFinalPhase: true },
  },
  {
    version: 4, date: '2026-11-26',
    changes: 'No free peeks: a move that shows a hidden card (a notary purchase or a settled auction refilling the row from its pile, a fold against the mayor) or ends winter (the investment turns show who holds four colours) can no longer be taken back. ' +
      "Two players: the town hall helper takes one action, privilege or work point (the list of two replaces the three of the 3-5 player game). " +
      "Craftsmen's privilege: while it waits for its work point, the last work point cannot be spent on a trade or a product. " +
      "A banker's discard count never shows below 0.",
    profile: {
      craftsmenPrivilegeNeedsWorkPoint: true, mayorBidToBeat: true, winterFinalPhase: true,
      revealsIrreversible: true, twoPlayerHallOneAction: true, privilegeKeepsWorkPoint: true, bankDiscardLeftFloor: true,
    },
  },
  {
    version: 5, date: '2026-11-28',
    changes: 'A notary purchase is chosen, then paid, and only then taken: the building stays in its row (the row is refilled from its pile) until the price is paid, ' +
      'and the purchase may be cancelled before it is, the cards paid so far going back to the hand.',
    profile: {
      craftsmenPrivilegeNeedsWorkPoint: true, mayorBidToBeat: true, winterFinalPhase: true,
      revealsIrreversible: true, twoPlayerHallOneAction: true, privilegeKeepsWorkPoint: true, bankDiscardLeftFloor: true, cancelPurchase: true,
    },
  },
];

export const CURRENT_VERSION = VERSIONS.at(-1)!.version;
