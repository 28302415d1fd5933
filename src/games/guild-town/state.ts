import type { RngState } from '../../engine/rng.js';
import type { GuildId } from './data.js';

/** One helper disc on a guild track. `priv` = it used a privilege this round (stays on the board). */
export interface Helper {
  seat: number;
  priv: boolean;
}

/** A raised building: its card and which input icons (top of the card) hold one of the owner's cubes. */
export interface Raised {
  card: number;
  slots: boolean[];
}

export interface PlayerState {
  /** Money card ids in hand (secret). */
  money: number[];
  /** Building card ids in hand (secret). */
  hand: number[];
  /** Raised buildings, left to right. */
  town: Raised[];
  /** Cubes not on the board. */
  supply: number;
  /** This player's markers in the market (raw materials, of any kind). */
  market: number;
  points: number;
  privTokens: number;
  workTokens: number;
  /** Helpers in front of the player (not sent this round). */
  helpers: number;
  passed: boolean;
  /** Bonus tokens won (final products). */
  bonus: string[];
}

/** What the acting player of a guild turn is in the middle of. */
export type Prompt =
  | { kind: 'main' }
  | { kind: 'bankDiscard'; left: number; privileged: boolean }
  | { kind: 'build'; raised: number; cost: number }
  | { kind: 'pay'; seat: number; cost: number; selected: number[]; colours: number[]; reason: string; buying?: Buying }
  | { kind: 'notaryAfter' }
  | { kind: 'look'; row: 'basic' | 'expanded' | 'advanced'; cards: number[]; chosen: number; then: 'main' | 'end' }
  | { kind: 'hall'; done: string[] };

/** Version 5: the face-up building a notary purchase is paying for (it stays in its row until paid). */
export interface Buying {
  row: 'basic' | 'expanded' | 'advanced';
  slot: number;
  card: number;
}

/** Flags of the rules profile (versions.ts): absent or false means the version 2 behaviour. */
export interface GuildTownRules {
  /** "A player can produce two raw materials using one work point": no work point, no raw material. */
  craftsmenPrivilegeNeedsWorkPoint?: boolean;
  /** "The player may offer a higher value": higher than the mayor's bid, not the opening bid. */
  mayorBidToBeat?: boolean;
  /** "The last round (Winter) is divided into 2 phases": guilds and the final phase. */
  winterFinalPhase?: boolean;
  /** Version 4: a move that shows its mover a hidden card is irreversible (engine/reveals.ts), and so is the end of winter. */
  revealsIrreversible?: boolean;
  /** Version 4: "You can perform two actions in the town hall: privilege, work point" lists the two choices; the helper takes one. */
  twoPlayerHallOneAction?: boolean;
  /** Version 4: a used Craftsmen's privilege keeps the last work point for its raw material (no trade or product spends it). */
  privilegeKeepsWorkPoint?: boolean;
  /** Version 4: the Bankers' discard count stops at 0 (more discards due to the hand limit are counted by it, not below it). */
  bankDiscardLeftFloor?: boolean;
  /** Version 5: a notary purchase is taken once paid (the row refilled then), and may be cancelled before (`cancel`). */
  cancelPurchase?: boolean;
}

export interface Turn {
  seat: number;
  guild: GuildId;
  /** The helper stands on the gold space (its privilege is free). */
  gold: boolean;
  /** This helper has used its one privilege. */
  privUsed: boolean;
  /** Work points available now (unused ones are lost at the end of the turn). */
  wp: number;
  /** Extra raw-material productions from the Craftsmen's privilege. */
  freeRaw: number;
  /** Version 3: a work point has made a raw material this turn, so the privilege's second one may follow. */
  rawPaid?: boolean;
  /** Index of the helper disc on the guild track (null in winter). */
  helper: [number, number] | null;
  /** Face-up money cards taken at the Bankers. */
  bankTaken: number;
  /** The notary's look-at-five privilege was used. */
  looked: boolean;
  prompt: Prompt;
}

export interface Auction {
  row: 'basic' | 'expanded' | 'advanced';
  slot: number;
  card: number;
  initiator: number;
  high: number;
  highSeat: number;
  /** Seats still bidding, in bidding order (the initiator's left first). */
  bidders: number[];
  toAct: number;
  raised: boolean;
  /** The opener has not named the opening bid yet. */
  opening: boolean;
  /** Set once the mayor has bid (value of the drawn cards). */
  mayor: number | null;
}

export type Phase = 'swap' | 'helpers' | 'guilds' | 'discard' | 'invest' | 'over';

export interface GuildTownState {
  /** The rules profile of versions after 2 (versions.ts); absent: version 2's rules. */
  rules?: GuildTownRules;
  seats: number;
  year: number;
  season: number;
  phase: Phase;
  /** Player order track: seats from first to last. */
  order: number[];
  /** Index into `order` of the player to act in swap / helpers / discard / invest phases. */
  cursor: number;
  rng: RngState;
  moneyDeck: number[];
  moneyDiscard: number[];
  moneyRow: (number | null)[];
  piles: { basic: number[]; expanded: number[]; advanced: number[] };
  rows: { basic: (number | null)[]; expanded: (number | null)[]; advanced: (number | null)[] };
  /** Lumber mills not dealt (in the box, face up). */
  lumberBox: number[];
  /** Building cards out of the game (tabled auctions go to the pile bottom, so this stays empty). */
  players: PlayerState[];
  /** guilds[g][space] = stack of helpers, bottom first. */
  guilds: Helper[][][];
  changeOrder: number[];
  /** storehouse[i] (STORE_GOODS order) = markers bottom first; -1 is a natural cube. */
  storehouse: number[][];
  /** Natural cubes bought and set next to the board (they return at the granary refill). */
  naturalOff: number;
  /** ships[s][g] (SHIP_GOODS order) = markers left to right (seat numbers). */
  ships: number[][][];
  /** bonusTaken[f] (FINALS order) = seat holding the bonus token, or null. */
  bonusTaken: (number | null)[];
  privBank: number;
  workBank: number;
  /** Guild phase: index into the season's guild list, and the queue of helper turns of that stage. */
  stage: number;
  queue: { seat: number; gold: boolean; helper: [number, number] | null }[];
  turn: Turn | null;
  auction: Auction | null;
  /** Final per-seat scoring breakdown, filled when the game ends. */
  final: { seat: number; points: number; bonus: number; moneyCards: number }[] | null;
  /** Scoring history by year (public). */
  yearScores: { year: number; ships: number[]; colours: number[]; storehouse: number[]; invest: number[] }[];
}

/**
 * The copy `apply` changes: the state object, each player object, the turn and the auction, which
 * actions change field by field. Everything below them (arrays of cards, guild tracks, ships,
 * storehouse, towns, piles, year scores…) is shared with the state before, and the rules replace
 * it (`withItem`, spreads) instead of changing it in place. A deep copy of the whole state per
 * `apply` took most of the engine's time.
 */
export function copyState(s: GuildTownState): GuildTownState {
  // Every field spelled out (not a spread): V8 copies such a literal many times faster. A new
  // required field fails to compile here; tests/engine traces check that a copy equals its state.
  return {
    rules: s.rules, seats: s.seats, year: s.year, season: s.season, phase: s.phase, order: s.order, cursor: s.cursor, rng: s.rng,
    moneyDeck: s.moneyDeck, moneyDiscard: s.moneyDiscard, moneyRow: s.moneyRow, piles: s.piles, rows: s.rows, lumberBox: s.lumberBox,
    players: s.players.map(copyPlayer),
    guilds: s.guilds, changeOrder: s.changeOrder, storehouse: s.storehouse, naturalOff: s.naturalOff, ships: s.ships, bonusTaken: s.bonusTaken,
    privBank: s.privBank, workBank: s.workBank, stage: s.stage, queue: s.queue,
    turn: s.turn && copyTurn(s.turn),
    auction: s.auction && { ...s.auction, bidders: s.auction.bidders.slice() },
    final: s.final, yearScores: s.yearScores,
  };
}

function copyPlayer(p: PlayerState): PlayerState {
  return {
    money: p.money, hand: p.hand, town: p.town, supply: p.supply, market: p.market, points: p.points, privTokens: p.privTokens,
    workTokens: p.workTokens, helpers: p.helpers, passed: p.passed, bonus: p.bonus,
  };
}

function copyTurn(t: Turn): Turn {
  return {
    seat: t.seat, guild: t.guild, gold: t.gold, privUsed: t.privUsed, wp: t.wp, freeRaw: t.freeRaw, rawPaid: t.rawPaid, helper: t.helper,
    bankTaken: t.bankTaken, looked: t.looked, prompt: copyPrompt(t.prompt),
  };
}

function copyPrompt(prompt: Prompt): Prompt {
  switch (prompt.kind) {
    case 'pay':
      return { ...prompt, selected: prompt.selected.slice(), colours: prompt.colours.slice() };
    case 'look':
      return { ...prompt, cards: prompt.cards.slice() };
    case 'hall':
      return { ...prompt, done: prompt.done.slice() };
    default:
      return { ...prompt };
  }
}

/** A new array: `items` with item `index` replaced by `update(item)`. Shared state parts change only so. */
export function withItem<T>(items: readonly T[], index: number, update: (item: T) => T): T[] {
  const out = items.slice();
  out[index] = update(items[index]);
  return out;
}

/** Fill or empty one input icon of a raised building of `p` (a player copied by `copyState`). */
export function setSlot(p: PlayerState, building: number, slot: number, filled: boolean): void {
  p.town = withItem(p.town, building, (raised) => ({ ...raised, slots: withItem(raised.slots, slot, () => filled) }));
}
