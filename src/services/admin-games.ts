import type { Principal } from '../auth/tokens.js';
import { visibleLog } from '../engine/log.js';
import { badRequest, conflict, unprocessable } from '../errors.js';
import { adminGameRows, saveVerdict, searchGameIds, type AdminGameFilter, type VerifyVerdict } from '../store/admin.js';
import { findGames, type EventRecord, type GameRecord } from '../store/games.js';
import type { ServiceContext } from './context.js';
import { allEvents, stateAfter, verifyGame } from './history.js';
import { detail, loadGame, loadVisibleGame, seatOf, summarize, type GameSummary } from './lobby.js';

/**
 * The admin's game inspector: finding games, the stored verdicts of verify, any seat's view at
 * any point of a game; and the same point-in-time view for players' replays of finished games.
 */

export interface LastVerify {
  ok: boolean;
  at: string;
  version: number;
  divergence: { atEvent: number; reason: string } | null;
}

export type AdminGameItem = GameSummary & { players: (string | null)[]; lastVerify: LastVerify | null };

const lastVerifyOf = (verdict: VerifyVerdict | null): LastVerify | null =>
  verdict && { ok: verdict.ok, at: verdict.at.toISOString(), version: verdict.version, divergence: verdict.divergence };

/** Games matching every filter given (none: all games), newest first. */
export async function searchGames(ctx: ServiceContext, principal: Principal, filter: AdminGameFilter) {
  if (filter.type !== undefined && !ctx.catalog[filter.type]) throw badRequest('UNKNOWN_GAME_TYPE', `There is no game type "${filter.type}". GET /v1/game-types lists them.`);
  for (const [name, at] of [['createdFrom', filter.createdFrom], ['createdTo', filter.createdTo]] as const) {
    if (at !== undefined && Number.isNaN(at.getTime())) throw badRequest('VALIDATION_FAILED', `${name} is not a date.`);
  }
  if (filter.createdFrom && filter.createdTo && filter.createdFrom > filter.createdTo) throw badRequest('INVALID_DATE_RANGE', '`createdFrom` is after `createdTo`.');
  // An operations read that tolerates a replica's lag (docs/scaling.md §2).
  const reads = ctx.db.reads;
  const { total, totalCapped, ids } = await searchGameIds(reads, filter);
  const [games, extras] = await Promise.all([findGames(reads, ids), adminGameRows(reads, ids)]);
  const items: AdminGameItem[] = games.map((game) => {
    const extra = extras.get(game.id);
    return { ...summarize(game, principal), players: extra?.players ?? [], lastVerify: lastVerifyOf(extra?.lastVerify ?? null) };
  });
  // `games` is the same list under the name the first version of this operation used.
  return { items, total, totalCapped, limit: filter.limit, offset: filter.offset, games: items };
}

/** Verify (history.ts) and keep the verdict with the game, for the "verify failed" filter. */
export async function verifyAndRecord(ctx: ServiceContext, gameId: string) {
  const verdict = await verifyGame(ctx, gameId);
  await saveVerdict(ctx.db, gameId, { ok: verdict.ok, at: ctx.now(), version: verdict.version, divergence: verdict.divergence });
  return verdict;
}

/** One event as the admin timeline shows it: who (seat, account), what, every log line with its visibility. */
export interface AdminEvent {
  seq: number;
  seat: number | null;
  /** The account that caused it (a player, or the admin of a moderation); null for bots, deadlines and system events. */
  actorId: string | null;
  username: string | null;
  kind: EventRecord['kind'];
  undoesSeq: number | null;
  action: unknown;
  log: EventRecord['log'];
  irreversible: boolean;
  createdAt: string;
}

export async function adminEvents(ctx: ServiceContext, game: GameRecord): Promise<AdminEvent[]> {
  const events = await allEvents(ctx, game);
  const actorIds = [...new Set(events.flatMap((event) => (event.actorId ? [event.actorId] : [])))];
  const users = actorIds.length === 0 ? [] : await ctx.db.user.findMany({ where: { id: { in: actorIds } }, select: { id: true, username: true } });
  const names = new Map(users.map((user) => [user.id, user.username]));
  return events.map((event) => ({
    seq: event.seq, seat: event.seat, actorId: event.actorId, username: event.actorId ? (names.get(event.actorId) ?? null) : null,
    kind: event.kind, undoesSeq: event.undoesSeq, action: event.action, log: event.log, irreversible: event.irreversible, createdAt: event.createdAt.toISOString(),
  }));
}

/** Everything about a game for an audit: the game, its full state and seed, every event with every log line. */
export async function adminGame(ctx: ServiceContext, gameId: string) {
  const game = await loadGame(ctx, gameId);
  const [events, extras] = await Promise.all([adminEvents(ctx, game), adminGameRows(ctx.db, [gameId])]);
  const extra = extras.get(gameId);
  return {
    ...detail(ctx, game, null),
    players: extra?.players ?? [],
    lastVerify: lastVerifyOf(extra?.lastVerify ?? null),
    seed: game.seed,
    state: game.state,
    clocks: game.clocks,
    seatsDetail: game.seats,
    events,
  };
}

/** A point of a game's history as one seat saw it (`seat` null: the spectators' public view). */
export interface SeatMoment {
  gameType: string;
  /** The event the view is right after (0: the start). */
  at: number;
  /** The game's version now. */
  version: number;
  seat: number | null;
  view: unknown;
  /** The log lines this seat could read up to event `at`, each with its event's seq. */
  log: { seq: number; message: string; data?: unknown }[];
}

export type Viewer = { kind: 'full' } | { kind: 'seat'; seat: number | null };

/** `stateAfter` for a request: a game not started, or an `at` past its version, is a 422. */
async function historyUpTo(ctx: ServiceContext, game: GameRecord, at: number) {
  if (game.startedAt === null) throw unprocessable('GAME_NOT_STARTED', 'The game has not started (or was aborted before it did): there is no state.');
  if (at > game.version) throw unprocessable('NO_SUCH_VERSION', `The game is at version ${game.version}; there is no event ${at}.`);
  return stateAfter(ctx, game, at);
}

function seatMoment(game: GameRecord, at: number, seat: number | null, history: Awaited<ReturnType<typeof historyUpTo>>): SeatMoment {
  const log = history.events.flatMap((event) => visibleLog(event.log, seat).map((entry) => ({ seq: event.seq, ...entry })));
  return { gameType: game.type, at, version: game.version, seat, view: history.definition.view(history.state, seat), log };
}

/** Admin time travel: the full state after event `at`, or one seat's view of it (`public`: the spectators'). */
export async function adminStateAt(ctx: ServiceContext, gameId: string, at: number, seat?: number | 'public') {
  const game = await loadGame(ctx, gameId);
  const history = await historyUpTo(ctx, game, at);
  if (seat === undefined) return { version: at, state: history.state };
  if (seat !== 'public' && (seat < 0 || seat >= game.seatCount)) throw unprocessable('NO_SUCH_SEAT', `Seats are numbered 0 to ${game.seatCount - 1}.`);
  return { ...seatMoment(game, at, seat === 'public' ? null : seat, history), version: at };
}

/**
 * A player's replay of a game that is over: the caller's seat's view after event `at` (default: the
 * end) with the log lines that seat could read by then; the public view for everyone else. Never
 * more than that seat saw at the time.
 */
export async function replayAt(ctx: ServiceContext, principal: Principal | null, gameId: string, at?: number): Promise<SeatMoment> {
  const game = await loadVisibleGame(ctx, gameId, principal);
  if (game.status !== 'finished' && game.status !== 'aborted') throw conflict('GAME_NOT_FINISHED', 'Replays open once the game is over.');
  const point = at ?? game.version;
  return seatMoment(game, point, seatOf(game, principal), await historyUpTo(ctx, game, point));
}
