import { canonicalJson } from '../engine/canonical.js';
import { setupInputOf } from '../engine/deal.js';
import { turnStarts } from '../engine/turns.js';
import type { AnyGameDefinition, ApplyResult, LogEntry } from '../engine/types.js';
import type { DueColumns, EventKind, GameRecord, GameStatus, LockedGame, SeatRecord } from '../store/games.js';
import { advanceClocks, deadlines, nextDeadline, startClocks, type Clocks, type TimeControl } from './clock.js';
import type { ServiceContext } from './context.js';
import { planDue, unsentSince } from './due-plan.js';
import { startEntry } from '../engine/kernel-log.js';

/**
 * How a game moves on, whoever moves it (a player, a bot, a deadline, a take-back): inside the
 * game's transaction `commitEvent`/`commitStart` store the new state, clocks, outbox rows and the
 * game's due work (deadlines, warnings, bot turns: services/due-plan.ts); after the commit
 * `afterCommit` tells subscribers and wakes the workers (here and in other processes).
 */
export interface Change {
  gameId: string;
  gameType: string;
  version: number;
  status: GameStatus;
  activeSeats: number[];
  seats: SeatRecord[];
  deadlines: { seat: number; at: Date }[];
  /** Seats whose turn begins with this change (they get "your turn"). */
  newlyActive: number[];
  started: boolean;
  result: unknown;
  /** The game's due work as stored with this change. */
  due: DueColumns;
  /** Outbox rows written with this change. */
  webhooks: number;
}

/** Engines keep their RNG at `state.rng`; a draw from it makes the action irreversible. */
export function rngMoved(before: unknown, after: unknown): boolean {
  const rng = (state: unknown) => (state !== null && typeof state === 'object' ? (state as { rng?: unknown }).rng : undefined);
  return canonicalJson(rng(before) ?? null) !== canonicalJson(rng(after) ?? null);
}

/** Users of these seats who play them in person and have webhooks (others get no outbox rows). */
const humanUsers = (seats: SeatRecord[], which: number[]) =>
  seats.filter((seat) => which.includes(seat.seat) && seat.userId !== null && seat.bot === null && seat.hasOutbox).map((seat) => seat.userId!);

/** Writes the change's outbox rows (an aborted game's players get `game_over` too, with no result); returns the change with their count. */
export async function writeOutbox(locked: LockedGame, change: Change): Promise<Change> {
  const everyone = humanUsers(change.seats, change.seats.map((seat) => seat.seat));
  const game = { id: change.gameId, type: change.gameType, version: change.version, status: change.status, activeSeats: change.activeSeats };
  let webhooks = 0;
  if (change.started) webhooks += await locked.enqueueWebhooks(everyone, 'game_started', { event: 'game_started', game });
  if (change.status === 'finished' || change.status === 'aborted') {
    webhooks += await locked.enqueueWebhooks(everyone, 'game_over', { event: 'game_over', game, result: change.result });
    return { ...change, webhooks };
  }
  for (const seat of change.newlyActive) {
    const deadline = change.deadlines.find((entry) => entry.seat === seat)?.at.toISOString() ?? null;
    webhooks += await locked.enqueueWebhooks(humanUsers(change.seats, [seat]), 'your_turn', { event: 'your_turn', game, seat, deadline });
  }
  return { ...change, webhooks };
}

/** The start's event number: an open game is at version 0, the start takes 1, the first move 2. */
export const START_SEQ = 1;
export const startLog = (players: number): LogEntry[] => [startEntry(players)];

export async function commitStart(ctx: ServiceContext, definition: AnyGameDefinition, game: GameRecord, locked: LockedGame, seats: SeatRecord[]): Promise<Change> {
  // The client seeds follow their seats into the new numbering; they are fixed from now on (derivation 2).
  const clientSeeds = game.seedDerivation === 1 ? null : seats.map((seat) => game.clientSeeds?.[seat.seat] ?? null);
  const state = definition.setup(setupInputOf({ ...game, seatCount: seats.length, clientSeeds }));
  const activeSeats = definition.activeSeats(state);
  const control = game.timeControl as TimeControl;
  const now = ctx.now();
  const clocks = startClocks(control, seats.length, activeSeats, now);
  const renumbered = seats.map((seat, index) => ({ ...seat, seat: index }));
  const due = planDue({ timeControl: control, clocks, activeSeats, seats: renumbered }, now, () => true);
  if (clientSeeds !== null) await locked.setClientSeeds(clientSeeds);
  // The start is an event of its own (seq 1), so "started" has a version no other notification carries.
  const event = { seq: START_SEQ, seat: null, actorId: null, kind: 'start' as const, action: { type: 'start' }, log: startLog(seats.length), irreversible: true };
  await locked.start(seats, event, { state, activeSeats, result: null, clocks, deadline: nextDeadline(control, clocks, activeSeats), due });
  const change: Change = {
    gameId: game.id, gameType: game.type, version: START_SEQ, status: 'active', activeSeats, seats: renumbered,
    deadlines: deadlines(control, clocks, activeSeats), newlyActive: activeSeats, started: true, result: null, due, webhooks: 0,
  };
  return writeOutbox(locked, change);
}

export interface EventInput {
  /** The seat the event is for (the mover, the timed-out seat, the one taking back); null for system events. */
  seat: number | null;
  actorId: string | null;
  kind: EventKind;
  action: unknown;
  applied: ApplyResult<unknown>;
  /** Extra log lines before the engine's (e.g. "Seat 1 ran out of time."). */
  preface?: LogEntry[];
  undoesSeq?: number;
  /** Seats as they are after this event (bot hand-overs, resignations); default: unchanged. */
  seats?: SeatRecord[];
  /** End the game without an outcome (every person has left). */
  abandon?: boolean;
}

export async function commitEvent(ctx: ServiceContext, definition: AnyGameDefinition, game: GameRecord, locked: LockedGame, input: EventInput): Promise<Change> {
  const { state } = input.applied;
  const outcome = input.abandon ? { abandoned: true, scores: null, winners: [], ranking: [] } : definition.outcome(state);
  const activeSeats = outcome === null ? definition.activeSeats(state) : [];
  const control = game.timeControl as TimeControl;
  // A take-back gives the turn back without charging anyone's clock.
  const charged = input.kind === 'undo' ? null : input.seat;
  const now = ctx.now();
  const clocks = advanceClocks(control, game.clocks as Clocks | null, charged, activeSeats, now);
  const seq = game.version + 1;
  const seats = input.seats ?? game.seats;
  // Only a turn that begins is announced, never a step within the mover's own turn (engine/turns.ts).
  const newlyActive = turnStarts(definition, { state: game.state, activeSeats: game.activeSeats }, { state, activeSeats }, input.kind === 'action' || input.kind === 'timeout' ? input.seat : null);
  // A turn that begins now gets its warning; a seat still on the same turn keeps what was left unsent.
  const unsent = unsentSince(game.warnAt);
  // A rated game that finishes has its rating work due at once (services/ratings.ts, done by the due-work worker): only final moves pay for it.
  const due = outcome !== null && game.rated && !input.abandon
    ? { dueAt: now, warnAt: null }
    : planDue({ timeControl: control, clocks, activeSeats, seats }, now, (warning) => newlyActive.includes(warning.seat) || unsent(warning));
  const log = [...(input.preface ?? []), ...input.applied.log];
  await locked.append(
    {
      seq, seat: input.seat, actorId: input.actorId, kind: input.kind, undoesSeq: input.undoesSeq ?? null, action: input.action, log,
      irreversible: input.kind === 'action' || input.kind === 'timeout' ? Boolean(input.applied.irreversible) || rngMoved(game.state, state) : true,
    },
    { state, activeSeats, result: outcome, clocks, deadline: nextDeadline(control, clocks, activeSeats), due },
  );
  const change: Change = {
    gameId: game.id, gameType: game.type, version: seq, status: outcome === null ? 'active' : 'finished', activeSeats, seats,
    deadlines: deadlines(control, clocks, activeSeats), newlyActive, started: false, result: outcome, due, webhooks: 0,
  };
  return writeOutbox(locked, change);
}

/**
 * The running game ends now with status `aborted`, no result: an `abort` event (by `actorId`, an
 * admin, or null for the server), its deadlines and bot turns dropped. Its players hear of it like of
 * any move, their webhooks get `game_over`.
 */
export async function commitAbort(game: GameRecord, locked: LockedGame, actorId: string | null, entry: LogEntry, reason?: string): Promise<Change> {
  const seq = game.version + 1;
  const due = { dueAt: null, warnAt: null };
  await locked.append(
    { seq, seat: null, actorId, kind: 'abort', action: { type: 'abort', ...(reason ? { reason } : {}) }, log: [entry], irreversible: true },
    { state: game.state, activeSeats: [], result: null, clocks: game.clocks, deadline: null, due, aborted: true },
  );
  return writeOutbox(locked, { gameId: game.id, gameType: game.type, version: seq, status: 'aborted', activeSeats: [], seats: game.seats, deadlines: [], newlyActive: [], started: false, result: null, due, webhooks: 0 });
}

/** After the commit: never before, so nobody hears of a change that was rolled back. Failures are logged, not thrown. */
export async function afterCommit(ctx: ServiceContext, change: Change): Promise<void> {
  try {
    if (change.started) ctx.events.gameChanged(change.gameId, change.version, true);
    else ctx.events.gameChanged(change.gameId, change.version);
    const earliest = change.deadlines.reduce<Date | null>((min, entry) => (min === null || entry.at < min ? entry.at : min), null);
    for (const seat of change.seats) {
      if (!seat.userId) continue;
      ctx.events.account(seat.userId, {
        type: 'game_updated', gameId: change.gameId, gameType: change.gameType, version: change.version, status: change.status,
        yourTurn: change.activeSeats.includes(seat.seat) && seat.bot === null, deadline: earliest?.toISOString() ?? null,
        turnStarted: change.newlyActive.includes(seat.seat) && seat.bot === null,
      });
    }
    // The work itself is already recorded with the change; this only spares the workers a wait.
    if (change.due.dueAt) ctx.work.gameDue(change.due.dueAt);
    if (change.webhooks > 0) ctx.work.deliveriesDue();
  } catch (error) {
    ctx.log.error(`after-commit work for game ${change.gameId} v${change.version} failed: ${(error as Error).message}`);
  }
}
