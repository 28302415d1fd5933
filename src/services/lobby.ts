import { randomBytes } from 'node:crypto';
import type { Principal } from '../auth/tokens.js';
import { schemaErrors, withDefaults } from '../engine/schema.js';
import type { AnyGameDefinition } from '../engine/types.js';
import { badRequest, conflict, forbidden, notFound, unprocessable } from '../errors.js';
import { findGame, insertGame, listGames as listGameRows, withGameLock, type GameRecord, type GameStatus, type LockedGame } from '../store/games.js';
import type { ServiceContext } from './context.js';
import { definitionFor } from './definitions.js';

/** A game as any caller may see it: no state, no seed. `view` is added for the caller's seat. */
export interface GameSummary {
  id: string;
  type: string;
  rulesVersion: number;
  status: GameStatus;
  options: unknown;
  version: number;
  seatCount: number;
  seats: { seat: number; username: string | null }[];
  activeSeats: number[];
  yourSeat: number | null;
  result: unknown;
  createdAt: string;
  updatedAt: string;
  startedAt: string | null;
  finishedAt: string | null;
}

export function seatOf(game: GameRecord, principal: Principal | null): number | null {
  if (!principal) return null;
  return game.seats.find((seat) => seat.userId === principal.userId)?.seat ?? null;
}

export function summarize(game: GameRecord, principal: Principal | null): GameSummary {
  return {
    id: game.id,
    type: game.type,
    rulesVersion: game.rulesVersion,
    status: game.status,
    options: game.options,
    version: game.version,
    seatCount: game.seatCount,
    seats: game.seats.map((seat) => ({ seat: seat.seat, username: seat.username })),
    activeSeats: game.activeSeats,
    yourSeat: seatOf(game, principal),
    result: game.result,
    createdAt: game.createdAt.toISOString(),
    updatedAt: game.updatedAt.toISOString(),
    startedAt: game.startedAt?.toISOString() ?? null,
    finishedAt: game.finishedAt?.toISOString() ?? null,
  };
}

/** The game with the caller's view of its state (spectator view for non-players). */
export function detail(ctx: ServiceContext, game: GameRecord, principal: Principal | null): GameSummary & { view: unknown } {
  const summary = summarize(game, principal);
  if (game.status === 'open') return { ...summary, view: null };
  const definition = definitionFor(ctx, game);
  return { ...summary, view: definition.view(game.state, summary.yourSeat) };
}

export async function loadGame(ctx: ServiceContext, gameId: string): Promise<GameRecord> {
  const game = await findGame(ctx.db, gameId);
  if (!game) throw notFound('Game');
  return game;
}

export async function createGame(ctx: ServiceContext, principal: Principal, input: { type: string; seats: number; options?: unknown }): Promise<GameRecord> {
  const definition = ctx.catalog[input.type];
  if (!definition) throw badRequest('UNKNOWN_GAME_TYPE', `There is no game type "${input.type}". GET /v1/game-types lists them.`);
  const { min, max } = definition.players;
  if (input.seats < min || input.seats > max) {
    throw badRequest('INVALID_SEAT_COUNT', `${definition.title} takes ${min} to ${max} players, not ${input.seats}.`);
  }
  const options = withDefaults(definition.optionsSchema, input.options ?? {});
  const errors = schemaErrors(definition.optionsSchema, options);
  if (errors.length > 0) throw badRequest('INVALID_OPTIONS', `The options are not valid for ${definition.title}: ${errors.join('; ')}`, { errors });
  return insertGame(ctx.db, {
    type: definition.id,
    rulesVersion: definition.rulesVersion,
    options,
    seed: randomBytes(16).toString('hex'),
    seatCount: input.seats,
    createdById: principal.userId,
  });
}

async function startLocked(ctx: ServiceContext, definition: AnyGameDefinition, game: GameRecord, locked: LockedGame): Promise<void> {
  const seatUserIds = game.seats.flatMap((seat) => (seat.userId ? [seat.userId] : []));
  const state = definition.setup({ seats: seatUserIds.length, options: game.options, seed: game.seed });
  await locked.start({ seatUserIds, state, activeSeats: definition.activeSeats(state) });
}

export async function joinGame(ctx: ServiceContext, principal: Principal, gameId: string, wanted?: number): Promise<GameRecord> {
  let started = false;
  await withGameLock(ctx.db, gameId, async (game, locked) => {
    if (game.status !== 'open') throw conflict('GAME_NOT_OPEN', 'This game has already started; seats can no longer be taken.');
    if (seatOf(game, principal) !== null) throw conflict('ALREADY_SEATED', 'You already hold a seat in this game.');
    const free = game.seats.filter((seat) => seat.userId === null).map((seat) => seat.seat);
    if (wanted !== undefined && (wanted < 0 || wanted >= game.seatCount)) {
      throw unprocessable('NO_SUCH_SEAT', `Seats are numbered 0 to ${game.seatCount - 1}.`);
    }
    const seat = wanted ?? free[0];
    if (seat === undefined) throw conflict('GAME_FULL', 'Every seat of this game is taken.');
    if (!free.includes(seat)) throw conflict('SEAT_TAKEN', `Seat ${seat} is already taken.`);
    await locked.setSeat(seat, principal.userId);
    if (free.length === 1) {
      const definition = definitionFor(ctx, game);
      const seats = game.seats.map((s) => (s.seat === seat ? { ...s, userId: principal.userId } : s));
      await startLocked(ctx, definition, { ...game, seats }, locked);
      started = true;
    }
  });
  if (started) ctx.publish(gameId, 0);
  return loadGame(ctx, gameId);
}

export async function startGame(ctx: ServiceContext, principal: Principal, gameId: string): Promise<GameRecord> {
  await withGameLock(ctx.db, gameId, async (game, locked) => {
    if (game.createdById !== principal.userId && principal.role !== 'admin') throw forbidden('NOT_GAME_CREATOR', 'Only the creator of the game can start it.');
    if (game.status !== 'open') throw conflict('GAME_NOT_OPEN', 'This game has already started.');
    const definition = definitionFor(ctx, game);
    const seated = game.seats.filter((seat) => seat.userId !== null).length;
    if (seated < definition.players.min) {
      throw conflict('NOT_ENOUGH_PLAYERS', `${definition.title} needs at least ${definition.players.min} players; ${seated} have joined.`);
    }
    await startLocked(ctx, definition, game, locked);
  });
  ctx.publish(gameId, 0);
  return loadGame(ctx, gameId);
}

export async function leaveGame(ctx: ServiceContext, principal: Principal, gameId: string): Promise<GameRecord> {
  await withGameLock(ctx.db, gameId, async (game, locked) => {
    if (game.status !== 'open') throw conflict('GAME_NOT_OPEN', 'You can only leave a game before it starts.');
    const seat = seatOf(game, principal);
    if (seat === null) throw conflict('NOT_SEATED', 'You hold no seat in this game.');
    await locked.setSeat(seat, null);
  });
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
  const { total, games } = await listGameRows(ctx.db, {
    status: input.status,
    memberId: input.mine ? principal.userId : undefined,
    awaitingUserId: input.awaitingMe ? principal.userId : undefined,
    limit: input.limit,
    offset: input.offset,
  });
  return { total, limit: input.limit, offset: input.offset, games: games.map((game) => summarize(game, principal)) };
}
