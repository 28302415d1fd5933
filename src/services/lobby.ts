import type { Principal } from '../auth/tokens.js';
import { schemaErrors, withDefaults } from '../engine/schema.js';
import type { AnyGameDefinition } from '../engine/types.js';
import { badRequest, conflict, forbidden, notFound, unprocessable } from '../errors.js';
import { countOpenGamesCreatedBy, findGame, insertGame, isFilled, listGames as listGameRows, listJoinableGames, withGameLock, type GameRecord, type GameStatus, type LockedGame, type SeatRecord } from '../store/games.js';
import { withinAccountQuota } from '../store/quotas.js';
import { findUserByUsername } from '../store/users.js';
import { TimeControlSchema, type TimeControl } from './clock.js';
import type { ServiceContext } from './context.js';
import { definitionFor } from './definitions.js';
import { checkClientSeed, dropClientSeed, giveClientSeed, publicClientSeeds } from './client-seeds.js';
import { newSeed, revealedSeed, seedCommitment } from './fairness.js';
import { afterCommit, commitStart, type Change } from './progress.js';

/** A game as any caller may see it: no state, no seed. `view` is added for the caller's seat. */
export interface GameSummary {
  id: string;
  type: string;
  rulesVersion: number;
  status: GameStatus;
  options: unknown;
  private: boolean;
  rated: boolean;
  timeControl: unknown;
  version: number;
  seatCount: number;
  seats: { seat: number; username: string | null; bot: string | null; reservedFor: string | null; declinedBy: string | null; resigned: boolean }[];
  activeSeats: number[];
  deadline: string | null;
  yourSeat: number | null;
  result: unknown;
  /** SHA-256 of the seed, published from creation (provably fair dealing, fairness.ts). */
  seedCommitment: string;
  /** The seed once the game is over (finished or aborted), else null. */
  revealedSeed: string | null;
  /** How the deal seed comes from the seed and the client seeds (engine/deal.ts). */
  seedDerivation: number;
  /** Per seat, the client seed its player gave (null: none); null for games of derivation 1. */
  clientSeeds: (string | null)[] | null;
  createdAt: string;
  updatedAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  /** When an admin imported the game from a record (null: played here): its commitment came after the deal. */
  importedAt: string | null;
}

export function seatOf(game: GameRecord, principal: Principal | null): number | null {
  if (!principal) return null;
  return game.seats.find((seat) => seat.userId === principal.userId)?.seat ?? null;
}

/** The caller's seat, for use cases only players may take (a private game is "not found" for outsiders, as everywhere). */
export function requireSeat(game: GameRecord, principal: Principal): number {
  const seat = seatOf(game, principal);
  if (seat === null && !maySee(game, principal)) throw notFound('Game');
  if (seat === null) throw forbidden('NOT_A_PLAYER', 'You hold no seat in this game.');
  return seat;
}

/** Private games are seen only by their players, invitees, creator and admins; the rest are open to spectators. */
export function maySee(game: GameRecord, principal: Principal | null): boolean {
  if (!game.private) return true;
  if (!principal) return false;
  return principal.role === 'admin' || game.createdById === principal.userId || game.seats.some((seat) => seat.userId === principal.userId || seat.reservedForId === principal.userId);
}

export function summarize(game: GameRecord, principal: Principal | null): GameSummary {
  return {
    id: game.id,
    type: game.type,
    rulesVersion: game.rulesVersion,
    status: game.status,
    options: game.options,
    private: game.private,
    rated: game.rated,
    timeControl: game.timeControl,
    version: game.version,
    seatCount: game.seatCount,
    seats: game.seats.map((seat) => ({
      seat: seat.seat, username: seat.username, bot: seat.bot, reservedFor: seat.reservedForUsername, declinedBy: seat.declinedByUsername, resigned: seat.resigned,
    })),
    activeSeats: game.activeSeats,
    deadline: game.deadline?.toISOString() ?? null,
    yourSeat: seatOf(game, principal),
    result: game.result,
    seedCommitment: seedCommitment(game.seed),
    revealedSeed: revealedSeed(game),
    seedDerivation: game.seedDerivation,
    clientSeeds: publicClientSeeds(game),
    createdAt: game.createdAt.toISOString(),
    updatedAt: game.updatedAt.toISOString(),
    startedAt: game.startedAt?.toISOString() ?? null,
    finishedAt: game.finishedAt?.toISOString() ?? null,
    importedAt: game.importedAt?.toISOString() ?? null,
  };
}

/** The game with the caller's view of its state (spectator view for non-players). */
export function detail(ctx: ServiceContext, game: GameRecord, principal: Principal | null): GameSummary & { view: unknown } {
  const summary = summarize(game, principal);
  // No state before the start (nor ever, for a game aborted while open).
  if (game.status === 'open' || game.state === null) return { ...summary, view: null };
  const definition = definitionFor(ctx, game);
  return { ...summary, view: definition.view(game.state, summary.yourSeat) };
}

export async function loadGame(ctx: ServiceContext, gameId: string): Promise<GameRecord> {
  const game = await findGame(ctx.db, gameId);
  if (!game) throw notFound('Game');
  return game;
}

/** A game the caller may look at (a private game is "not found" for outsiders: its existence is private too). */
export async function loadVisibleGame(ctx: ServiceContext, gameId: string, principal: Principal | null): Promise<GameRecord> {
  const game = await loadGame(ctx, gameId);
  if (!maySee(game, principal)) throw notFound('Game');
  return game;
}

export interface CreateGameInput {
  type: string;
  seats: number;
  options?: unknown;
  private?: boolean;
  /** Default true: the game changes its players' ratings when it finishes (bots, short games and aborted ones never do). */
  rated?: boolean;
  timeControl?: unknown;
  /** The creator's client seed for seat 0 (docs/fairness.md); it matters most for a 1-seat game, which starts at once. */
  clientSeed?: string;
}

/** Creates an open game with the creator in seat 0; a 1-seat game is full then and starts at once (a solo game has nobody to wait for). */
export async function createGame(ctx: ServiceContext, principal: Principal, input: CreateGameInput): Promise<GameRecord> {
  const definition = ctx.catalog[input.type];
  if (!definition) throw badRequest('UNKNOWN_GAME_TYPE', `There is no game type "${input.type}". GET /v1/game-types lists them.`);
  const { min, max } = definition.players;
  if (!Number.isInteger(input.seats) || input.seats < min || input.seats > max) {
    throw badRequest('INVALID_SEAT_COUNT', `${definition.title} takes ${min} to ${max} players, not ${input.seats}.`);
  }
  const options = withDefaults(definition.optionsSchema, input.options ?? {});
  const errors = schemaErrors(definition.optionsSchema, options);
  if (errors.length > 0) throw badRequest('INVALID_OPTIONS', `The options are not valid for ${definition.title}: ${errors.join('; ')}`, { errors });
  const timeControl = input.timeControl ?? { kind: 'none' };
  const timeErrors = schemaErrors(TimeControlSchema, timeControl);
  if (timeErrors.length > 0) throw badRequest('INVALID_TIME_CONTROL', `The time control is not valid: ${timeErrors.join('; ')}`, { errors: timeErrors });
  if (input.clientSeed !== undefined) checkClientSeed(input.clientSeed);
  // The quota holds under concurrency: counted and inserted under the account's lock (store/quotas.ts).
  const quota = ctx.quotas.openGamesPerAccount;
  const gameId = await withinAccountQuota(ctx.db, principal.userId, {
    limit: quota,
    used: (tx) => countOpenGamesCreatedBy(tx, principal.userId),
    refuse: () => conflict('TOO_MANY_OPEN_GAMES', `An account can have at most ${quota} open games it created that have not started; start, fill or leave one first.`, { quota }),
  }, (tx) => insertGame(tx, {
    type: definition.id,
    rulesVersion: definition.rulesVersion,
    options,
    seed: newSeed(),
    seatCount: input.seats,
    createdById: principal.userId,
    private: input.private ?? false,
    rated: input.rated ?? true,
    timeControl: timeControl as TimeControl,
  }));
  if (input.clientSeed === undefined && input.seats > 1) return loadGame(ctx, gameId);
  const started = await withGameLock(ctx.db, gameId, async (fresh, locked) => {
    if (input.clientSeed !== undefined) await giveClientSeed(fresh, locked, 0, input.clientSeed);
    return startIfFull(ctx, locked);
  });
  if (started) await afterCommit(ctx, started);
  return loadGame(ctx, gameId);
}

/** The bots a game offers: `random` for every game, plus the game's own. */
export const botNames = (definition: AnyGameDefinition) => ['random', ...Object.keys(definition.bots ?? {})];

/** Inside the lock, after a seat changed: start if every seat is filled (by a person or a bot). */
async function startIfFull(ctx: ServiceContext, locked: LockedGame): Promise<Change | null> {
  const game = await locked.reload();
  if (!game.seats.every(isFilled)) return null;
  return commitStart(ctx, definitionFor(ctx, game), game, locked, game.seats);
}

export async function joinGame(ctx: ServiceContext, principal: Principal, gameId: string, wanted?: number, clientSeed?: string): Promise<GameRecord> {
  if (clientSeed !== undefined) checkClientSeed(clientSeed);
  const started = await withGameLock(ctx.db, gameId, async (game, locked) => {
    if (!maySee(game, principal)) throw notFound('Game');
    if (game.status !== 'open') throw conflict('GAME_NOT_OPEN', 'This game has already started; seats can no longer be taken.');
    if (seatOf(game, principal) !== null) throw conflict('ALREADY_SEATED', 'You already hold a seat in this game.');
    if (wanted !== undefined && (wanted < 0 || wanted >= game.seatCount)) throw unprocessable('NO_SUCH_SEAT', `Seats are numbered 0 to ${game.seatCount - 1}.`);
    const mayTake = (seat: SeatRecord) => !isFilled(seat) && (seat.reservedForId === null || seat.reservedForId === principal.userId);
    const free = game.seats.filter((seat) => !isFilled(seat));
    const choice = wanted ?? (free.find((seat) => seat.reservedForId === principal.userId) ?? free.find(mayTake))?.seat;
    if (choice === undefined) throw conflict('GAME_FULL', 'No seat of this game is free for you.');
    const target = game.seats[choice]!;
    if (isFilled(target)) throw conflict('SEAT_TAKEN', `Seat ${choice} is already taken.`);
    if (!mayTake(target)) throw forbidden('SEAT_RESERVED', `Seat ${choice} is reserved for another player.`);
    await locked.updateSeat(choice, { userId: principal.userId, reservedForId: null });
    // Given with the join, the seed counts even when this join fills the last seat and starts the game.
    if (clientSeed !== undefined) await giveClientSeed(game, locked, choice, clientSeed);
    return startIfFull(ctx, locked);
  });
  if (started) await afterCommit(ctx, started);
  return loadGame(ctx, gameId);
}

export type SeatConfig = { fill: 'open' } | { fill: 'bot'; bot?: string } | { fill: 'reserved'; username: string };

/** The creator leaves a seat open, reserves it for a named user (an invitation), or gives it to a bot (their own seat too: they step out for it). */
export async function configureSeat(ctx: ServiceContext, principal: Principal, gameId: string, seat: number, config: SeatConfig): Promise<GameRecord> {
  const invitee = config.fill === 'reserved' ? await findUserByUsername(ctx.db, config.username) : null;
  if (config.fill === 'reserved' && !invitee) throw unprocessable('UNKNOWN_USER', `There is no user "${config.username}".`);
  let invited = false;
  const started = await withGameLock(ctx.db, gameId, async (game, locked) => {
    if (!maySee(game, principal)) throw notFound('Game');
    if (game.createdById !== principal.userId && principal.role !== 'admin') throw forbidden('NOT_GAME_CREATOR', 'Only the creator of the game can arrange its seats.');
    if (game.status !== 'open') throw conflict('GAME_NOT_OPEN', 'Seats can only be arranged before the game starts.');
    const target = game.seats[seat];
    if (!target) throw unprocessable('NO_SUCH_SEAT', `Seats are numbered 0 to ${game.seatCount - 1}.`);
    const ownSeatToBot = config.fill === 'bot' && target.userId === principal.userId;
    if (target.userId !== null && !ownSeatToBot) throw conflict('SEAT_TAKEN', `Seat ${seat} is held by ${target.username}; they must leave it first.`);
    const definition = definitionFor(ctx, game);
    if (config.fill === 'bot') {
      const bot = config.bot ?? 'random';
      if (!botNames(definition).includes(bot)) throw unprocessable('UNKNOWN_BOT', `${definition.title} has these bots: ${botNames(definition).join(', ')}.`);
      await locked.updateSeat(seat, { bot, reservedForId: null, userId: null });
      if (ownSeatToBot) await dropClientSeed(game, locked, seat);
      return startIfFull(ctx, locked);
    }
    if (config.fill === 'reserved') {
      if (game.seats.some((entry) => entry.userId === invitee!.id)) throw conflict('ALREADY_SEATED', `${invitee!.username} already holds a seat in this game.`);
      await locked.updateSeat(seat, { bot: null, reservedForId: invitee!.id, declinedById: null });
      // The invitee's e-mail (if they want mail): in the outbox with the reservation, one per game and person.
      const by = game.seats.find((entry) => entry.userId === principal.userId)?.username ?? null;
      invited = (await locked.enqueueWebhooks([invitee!.id], 'invitation', {
        event: 'invitation', game: { id: game.id, type: game.type, version: 0, status: game.status }, seat, invitedBy: by,
      })) > 0;
    } else {
      await locked.updateSeat(seat, { bot: null, reservedForId: null });
    }
    return null;
  });
  if (invited) ctx.work.deliveriesDue();
  if (started) await afterCommit(ctx, started);
  return loadGame(ctx, gameId);
}

/**
 * An invited user turns the invitation down: the seat held for them is open again (to anyone, as
 * before it was reserved) and records who declined, which the creator sees on the game's seats.
 */
export async function declineInvitation(ctx: ServiceContext, principal: Principal, gameId: string): Promise<GameRecord> {
  await withGameLock(ctx.db, gameId, async (game, locked) => {
    if (!maySee(game, principal)) throw notFound('Game');
    if (game.status !== 'open') throw conflict('GAME_NOT_OPEN', 'The game has started: its invitations are settled.');
    const held = game.seats.find((seat) => seat.reservedForId === principal.userId && seat.userId === null);
    if (!held) throw conflict('NOT_INVITED', 'No seat of this game is held for you.');
    await locked.updateSeat(held.seat, { reservedForId: null, declinedById: principal.userId });
    return null;
  });
  return loadGame(ctx, gameId);
}

export async function startGame(ctx: ServiceContext, principal: Principal, gameId: string): Promise<GameRecord> {
  const started = await withGameLock(ctx.db, gameId, async (game, locked) => {
    if (!maySee(game, principal)) throw notFound('Game');
    if (game.createdById !== principal.userId && principal.role !== 'admin') throw forbidden('NOT_GAME_CREATOR', 'Only the creator of the game can start it.');
    if (game.status !== 'open') throw conflict('GAME_NOT_OPEN', 'This game has already started.');
    const definition = definitionFor(ctx, game);
    const filled = game.seats.filter(isFilled);
    if (filled.length < definition.players.min) {
      throw conflict('NOT_ENOUGH_PLAYERS', `${definition.title} needs at least ${definition.players.min} players; ${filled.length} have joined.`);
    }
    return commitStart(ctx, definition, game, locked, filled);
  });
  await afterCommit(ctx, started);
  return loadGame(ctx, gameId);
}

/** A seated player gives (or replaces) their client seed before the start (docs/fairness.md). */
export async function setClientSeed(ctx: ServiceContext, principal: Principal, gameId: string, clientSeed: string): Promise<GameRecord> {
  checkClientSeed(clientSeed);
  await withGameLock(ctx.db, gameId, async (game, locked) => {
    if (!maySee(game, principal)) throw notFound('Game');
    await giveClientSeed(game, locked, requireSeat(game, principal), clientSeed);
  });
  return loadGame(ctx, gameId);
}

/**
 * Gives up a seat before the start. When the last person leaves (bots alone do not keep a game), the
 * game closes as `aborted` instead of staying in the lobby empty. A creator arranging a game of bots
 * gives their own seat to a bot instead (configureSeat).
 */
export async function leaveGame(ctx: ServiceContext, principal: Principal, gameId: string): Promise<GameRecord> {
  const closed = await withGameLock(ctx.db, gameId, async (game, locked): Promise<Change | null> => {
    if (!maySee(game, principal)) throw notFound('Game');
    if (game.status !== 'open') throw conflict('GAME_NOT_OPEN', 'You can only leave a game before it starts.');
    const seat = seatOf(game, principal);
    if (seat === null) throw conflict('NOT_SEATED', 'You hold no seat in this game.');
    await locked.updateSeat(seat, { userId: null });
    await dropClientSeed(game, locked, seat);
    const after = await locked.reload();
    if (after.seats.some((entry) => entry.userId !== null)) return null;
    await locked.abandonOpen(ctx.now());
    const due = { dueAt: null, warnAt: null };
    return { gameId, gameType: game.type, version: game.version, status: 'aborted', activeSeats: [], seats: after.seats, deadlines: [], newlyActive: [], started: false, result: null, due, webhooks: 0 };
  });
  if (closed) await afterCommit(ctx, closed);
  return loadGame(ctx, gameId);
}

export interface ListGamesInput {
  status?: GameStatus;
  mine?: boolean;
  awaitingMe?: boolean;
  limit: number;
  offset: number;
}

export async function listGames(ctx: ServiceContext, principal: Principal, input: ListGamesInput) {
  // Lists tolerate a replica's lag (docs/scaling.md §2): `ctx.db.reads`.
  const { total, totalCapped, games } = await listGameRows(ctx.db.reads, {
    status: input.status,
    memberId: input.mine ? principal.userId : undefined,
    awaitingUserId: input.awaitingMe ? principal.userId : undefined,
    visibleTo: principal.role === 'admin' ? undefined : principal.userId,
    limit: input.limit,
    offset: input.offset,
  });
  return { total, totalCapped, limit: input.limit, offset: input.offset, games: games.map((game) => summarize(game, principal)) };
}

/** Open public games with a seat free for anyone, and open games with a seat reserved for the caller. */
export async function lobby(ctx: ServiceContext, principal: Principal, input: { type?: string; limit: number; offset: number }) {
  const { total, totalCapped, games } = await listJoinableGames(ctx.db.reads, { userId: principal.userId, type: input.type, limit: input.limit, offset: input.offset });
  return { total, totalCapped, limit: input.limit, offset: input.offset, games: games.map((game) => summarize(game, principal)) };
}

export async function invitations(ctx: ServiceContext, principal: Principal) {
  const { games } = await listGameRows(ctx.db.reads, { status: 'open', reservedFor: principal.userId, limit: 100, offset: 0 });
  return games.map((game) => summarize(game, principal));
}
