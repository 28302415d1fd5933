import type { DueColumns, SeatRecord } from '../store/games.js';
import { deadlines, type Clocks, type TimeControl } from './clock.js';

/**
 * What background work a game has and when, as a pure function of the stored game: the record of
 * due work is the game row itself (`due_at`, `warn_at`), written in the same transaction as the
 * change that causes it, so no work can be lost between a commit and a send.
 *
 * - a seat played by a person has a deadline: its timeout is due then (bots have no deadline work:
 *   they are due at once, so their clocks never run out);
 * - a seat played by a bot is due now;
 * - a person with an account is warned before the deadline ("deadline near" webhook), at most an
 *   hour before and at most a quarter of the turn before, if the turn is long enough to bother.
 */
export interface DueInput {
  timeControl: unknown;
  clocks: unknown;
  activeSeats: number[];
  /** Indexed by seat number (seats are numbered 0..n-1). */
  seats: SeatRecord[];
}

const DEADLINE_WARNING_MS = 60 * 60 * 1000;
const MIN_WARNING_LEAD_MS = 1000;

export type Due = { seat: number; at: Date };

/** Deadlines of the seats to act that a person plays. */
export function personDeadlines(game: DueInput): Due[] {
  return deadlines(game.timeControl as TimeControl, game.clocks as Clocks | null, game.activeSeats).filter((due) => game.seats[due.seat]?.bot === null);
}

/** When each person to act is to be warned of their deadline. */
export function warningTimes(game: DueInput): Due[] {
  const clocks = game.clocks as Clocks | null;
  return personDeadlines(game).flatMap(({ seat, at }) => {
    const started = Date.parse(clocks?.turnStartedAt[seat] ?? '');
    // Every person with an account, webhooks or not: whether they have one is known for sure only when the warning is sent.
    if (!game.seats[seat]?.userId || Number.isNaN(started)) return [];
    const warnAt = at.getTime() - Math.min(DEADLINE_WARNING_MS, (at.getTime() - started) / 4);
    return warnAt - started > MIN_WARNING_LEAD_MS ? [{ seat, at: new Date(warnAt) }] : [];
  });
}

/** The first seat a bot is to play now, if any. */
export const botSeatToAct = (game: DueInput): number | undefined => game.activeSeats.find((seat) => Boolean(game.seats[seat]?.bot));

const earliest = (times: (Date | null | undefined)[]): Date | null =>
  times.reduce<Date | null>((min, at) => (at && (min === null || at < min) ? at : min), null);

/**
 * The game's due columns. `unsent(warning)` says which warnings are still to be sent (a warning
 * once sent is not repeated within the same turn); `now` is when a bot's turn is due.
 */
export function planDue(game: DueInput, now: Date, unsent: (warning: Due) => boolean): DueColumns {
  const warnAt = earliest(warningTimes(game).filter(unsent).map((warning) => warning.at));
  const bot = botSeatToAct(game) === undefined ? null : now;
  return { dueAt: earliest([bot, warnAt, ...personDeadlines(game).map((due) => due.at)]), warnAt };
}

/** Warnings not yet sent when the stored `warn_at` is the next unsent one (null: all sent). */
export const unsentSince = (warnAt: Date | null) => (warning: Due) => warnAt !== null && warning.at >= warnAt;
