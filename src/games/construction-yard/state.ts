import type { RngState } from '../../engine/rng.js';
import type { Seat } from '../../engine/types.js';
import type { ScoringRound } from './data.js';

/** A purchase under way: the building's yard position and the cards paid so far (money ids). */
export interface PendingPurchase {
  slot: number;
  paid: string[];
  /** Two players: the building goes to the neutral collector instead of the buyer. */
  toNeutral: boolean;
}

/** Points one scoring gave, per collector (seats, then the neutral collector with two players). */
export interface ScoringRecord {
  round: ScoringRound;
  points: number[];
}

/** A building left face up at the end and who received it (null: tie, nobody). */
export interface FinalAssignment {
  slot: number;
  building: number;
  collector: number | null;
}

/**
 * The whole game, plain JSON. Ordered things are arrays; the first element of a deck is its top.
 * Collectors are the seats 0..seats-1 and, with two players, the neutral collector at index `seats`.
 */
/** Flags of the rules profile (versions.ts): absent means version 1. */
export interface CYRules {
  /** Starting capital is dealt face up: every seat's starting cards are public (view and first log). */
  publishStartingCapital?: boolean;
  /** Version 3: the kernel's reveal guard judges take-backs too (engine/reveals.ts). */
  revealsIrreversible?: boolean;
}

export interface CYState {
  /** The rules profile of versions after 1 (versions.ts). */
  rules?: CYRules;
  /** Version 2: each seat's starting capital as dealt face up, in dealing order (public). */
  startingCapital?: string[][];
  /** Version 2: the opening log entry (the starting capital) went out with the first event. */
  openingLogged?: boolean;
  seats: number;
  /** True with two players: the neutral third collector takes part. */
  neutral: boolean;
  /** Money card ids held per seat (secret), kept sorted. */
  hands: string[][];
  /** Money deck, top first: money ids and the scoring cards (secret order). */
  moneyDeck: string[];
  /** Face-up money cards, left to right (at most four). */
  moneyDisplay: string[];
  /** Paid money, face up, oldest first. */
  discard: string[];
  /** Building deck, top first (secret order). */
  buildingDeck: number[];
  /** The four face-up buildings on the yard's currency positions (null = empty position). */
  yard: (number | null)[];
  /** Buildings owned per collector, in order of acquisition. */
  owned: number[][];
  /** Points per collector. */
  scores: number[];
  scorings: ScoringRecord[];
  finalAssignments: FinalAssignment[];
  startPlayer: Seat;
  current: Seat;
  /** Actions completed in the current turn (a turn continues only after exact payments, up to five). */
  actionsThisTurn: number;
  turn: number;
  pending: PendingPurchase | null;
  over: boolean;
  rng: RngState;
}

/** A new array: `items` with item `index` replaced by `update(item)` (arrays shared between states change only so). */
export function withItem<T>(items: readonly T[], index: number, update: (item: T) => T): T[] {
  const out = items.slice();
  out[index] = update(items[index]!);
  return out;
}
