import { ACCOUNT_STATUS_CHANNEL } from '../auth/disabled-accounts.js';
import type { Principal } from '../auth/tokens.js';
import { conflict, notFound, unprocessable } from '../errors.js';
import { abortOpenGame, findAdminUser, searchUsers, setUserDisabled, type AdminUserRow } from '../store/admin.js';
import { withGameLock } from '../store/games.js';
import { isUuid } from '../store/ids.js';
import type { ServiceContext } from './context.js';
import { definitionFor } from './definitions.js';
import { botNames, detail, loadGame } from './lobby.js';
import { afterCommit, commitAbort, type Change } from './progress.js';
import { handSeatToBot, strongestBot } from './resign.js';
import { abortEntry, replaceEntry } from '../engine/kernel-log.js';

/**
 * What an admin does to games and accounts that misbehave: abort a game, give a seat to a bot,
 * disable (and enable) an account. Each one is logged at info with the admin's id, and the game
 * ones go through the game's lock and the usual after-commit path (subscribers, account streams,
 * workers), as a player's move does.
 */

const over = (status: string) => status === 'finished' || status === 'aborted';

/**
 * The game ends now with status `aborted`, no result. A running game gets an `abort` event (its
 * players hear of it like of any move, their webhooks get `game_over`); its deadlines and bot turns are dropped. An open game simply
 * closes. Refused on games that are over.
 */
export async function abortGame(ctx: ServiceContext, principal: Principal, gameId: string, reason?: string) {
  if (!isUuid(gameId)) throw notFound('Game');
  const now = ctx.now();
  const because = reason ? `: ${reason}` : '.';
  ctx.db.games.forget(gameId);
  if (await abortOpenGame(ctx.db, gameId, now)) {
    ctx.log.info(`game ${gameId} (open) aborted by admin ${principal.userId}${because}`);
    const game = await loadGame(ctx, gameId);
    await afterCommit(ctx, { gameId, gameType: game.type, version: game.version, status: 'aborted', activeSeats: [], seats: game.seats, deadlines: [], newlyActive: [], started: false, result: null, due: { dueAt: null, warnAt: null }, webhooks: 0 });
    return detail(ctx, game, principal);
  }
  const change = await withGameLock(ctx.db, gameId, async (game, locked): Promise<Change> => {
    if (over(game.status)) throw conflict('GAME_FINISHED', 'This game is already over.');
    return commitAbort(game, locked, principal.userId, abortEntry(reason), reason);
  });
  await afterCommit(ctx, change);
  ctx.log.info(`game ${gameId} aborted at version ${change.version} by admin ${principal.userId}${because}`);
  return detail(ctx, await loadGame(ctx, gameId), principal);
}

/**
 * A bot plays `seat` from now on: the player (if any) leaves the seat, and the bot moves when the
 * seat is to act (its turn is due work at once). The log says so with a `replace` event.
 */
export async function replaceSeatByBot(ctx: ServiceContext, principal: Principal, gameId: string, seat: number, wanted?: string) {
  const [change, replacedId] = await withGameLock(ctx.db, gameId, async (game, locked): Promise<[Change, string | null]> => {
    if (game.status !== 'active') throw conflict('GAME_NOT_ACTIVE', over(game.status) ? 'The game is over.' : 'The game has not started: arrange its seats with PUT /v1/games/{id}/seats/{seat}.');
    const target = game.seats[seat];
    if (!target) throw unprocessable('NO_SUCH_SEAT', `Seats are numbered 0 to ${game.seatCount - 1}.`);
    const definition = definitionFor(ctx, game);
    const bot = wanted ?? strongestBot(definition);
    if (!botNames(definition).includes(bot)) throw unprocessable('UNKNOWN_BOT', `${definition.title} has these bots: ${botNames(definition).join(', ')}.`);
    if (target.userId === null && target.bot === bot) throw conflict('SEAT_ALREADY_BOT', `Seat ${seat} is already played by the bot ${bot}.`);
    const replaced = target.username;
    const moved = await handSeatToBot(ctx, definition, game, locked, {
      seat, bot, seatChange: { userId: null, timeouts: 0 }, resigned: false, actorId: principal.userId, kind: 'replace', closeWhenNobodyLeft: false,
      action: { type: 'replace', bot, ...(replaced ? { replaced } : {}) },
      entry: () => replaceEntry(seat, replaced, bot),
    });
    ctx.log.info(`game ${gameId}: seat ${seat}${replaced ? ` (${replaced})` : ''} given to bot ${bot} by admin ${principal.userId}`);
    return [moved, target.userId];
  });
  await afterCommit(ctx, change);
  // The player who held the seat is no longer among its seats: tell them as well.
  if (replacedId) {
    ctx.events.account(replacedId, { type: 'game_updated', gameId, gameType: change.gameType, version: change.version, status: change.status, yourTurn: false, deadline: null, turnStarted: false });
  }
  return detail(ctx, await loadGame(ctx, gameId), principal);
}

export interface AdminUser {
  id: string;
  username: string;
  role: 'player' | 'admin';
  createdAt: string;
  disabledAt: string | null;
}

const adminUser = (row: AdminUserRow): AdminUser => ({ id: row.id, username: row.username, role: row.role, createdAt: row.createdAt.toISOString(), disabledAt: row.disabledAt?.toISOString() ?? null });

/** Accounts whose name contains `q` (any case), by name. */
export async function findUsers(ctx: ServiceContext, query: { q?: string; limit: number; offset: number }) {
  const { total, users } = await searchUsers(ctx.db, query);
  return { items: users.map(adminUser), total, limit: query.limit, offset: query.offset };
}

/**
 * Disables an account (or enables it again): it cannot log in (403 ACCOUNT_DISABLED) and every
 * token it holds, login JWTs and API tokens, is refused from now on, in every process
 * (auth/disabled-accounts.ts). Its games go on; an admin may give its seats to bots.
 */
export async function setAccountDisabled(ctx: ServiceContext, principal: Principal, userId: string, disabled: boolean): Promise<AdminUser> {
  if (!isUuid(userId) || !(await findAdminUser(ctx.db, userId))) throw notFound('User');
  if (disabled && userId === principal.userId) throw unprocessable('CANNOT_DISABLE_SELF', 'An admin cannot disable their own account.');
  const row = await setUserDisabled(ctx.db, userId, disabled ? ctx.now() : null, ACCOUNT_STATUS_CHANNEL);
  if (!row) throw notFound('User');
  // This process refuses the account at once; the others when the NOTIFY of that commit reaches them.
  ctx.accounts.changed({ userId, disabled });
  ctx.log.info(`account ${userId} (${row.username}) ${disabled ? 'disabled' : 'enabled'} by admin ${principal.userId}`);
  return adminUser(row);
}
