import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { hashPassword, verifyPassword } from '../auth/passwords.js';
import type { Principal } from '../auth/tokens.js';
import { badRequest, conflict, notFound, ServiceError } from '../errors.js';
import { requireLoginToken } from '../http/auth.js';
import {
  activeGamesOf, changePassword as storeChangePassword, completePasswordReset, deleteAccount as storeDeleteAccount, endEverySession, openGamesOf,
  queuePasswordReset, resetCandidates, type AccountRow,
} from '../store/account-care.js';
import { findGames } from '../store/games.js';
import { findUserById } from '../store/users.js';
import { publicUser, checkPassword, type PublicUser } from './accounts.js';
import type { ServiceContext } from './context.js';
import { detail, leaveGame } from './lobby.js';
import { allEvents, playerEvent } from './history.js';
import { resign } from './resign.js';

/**
 * Account care, as lichess does it (issue 35): a password reset by mail, a password change, "log
 * out everywhere", deleting the account, and an export of the person's data. docs/accounts.md says
 * what each does and why; store/account-care.ts holds the transactions.
 *
 * Ending sessions: every login token carries its account's token generation (`gen`); raising it
 * ends every login token issued before, in every process at once (auth/disabled-accounts.ts).
 * Personal API tokens are not login sessions and are kept (as lichess keeps them): they are listed
 * and revoked one by one (/v1/me/tokens), and all deleted with the account.
 */
export interface AccountCareSettings {
  /** Base of the reset link in the mail (the web app's /reset-password page). */
  publicUrl: string;
  /** HMAC key the reset link's token is derived with. */
  secret: string;
  resetTtlMs: number;
  resetMailsPerHour: number;
  /** False when the server sends no mail: a reset is then never possible. */
  mailAvailable: boolean;
}

// ---- Password reset by mail ----

/**
 * A reset link's token: its id and an HMAC of the id under the server's secret. Only the SHA-256 of
 * the token is stored (password_resets.token_hash) and the outbox row carries the id alone: the
 * mail worker derives the token when the mail leaves, so no usable token is at rest anywhere.
 */
export const resetToken = (secret: string, id: string) => `${id}.${createHmac('sha256', `password-reset:${secret}`).update(id).digest('base64url')}`;
const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');
export const resetLink = (settings: Pick<AccountCareSettings, 'publicUrl' | 'secret'>, id: string) =>
  // In the fragment: a browser never sends it to the server, so no request log or proxy keeps it.
  `${settings.publicUrl}/reset-password#token=${resetToken(settings.secret, id)}`;

export const RESET_ANSWER = 'If an account with a verified e-mail address matches, a link to choose a new password is on its way. It works once, for a short time.';

function checkLogin(login: unknown): string {
  if (typeof login !== 'string' || login.trim().length === 0 || login.length > 254) throw badRequest('INVALID_LOGIN', 'Give your username or your e-mail address.');
  return login.trim();
}

/**
 * Asks for a reset mail. The answer is the same, and comes as fast, whether an account matches or
 * not: the look-up and the queueing happen after the answer, one at a time per process
 * (`pending`), so neither the answer nor its timing says whether the account exists. Only an
 * account with a verified address gets a mail, at most `resetMailsPerHour` an hour.
 */
export function createPasswordResets(ctx: ServiceContext, settings: AccountCareSettings) {
  let pending: Promise<void> = Promise.resolve();
  const queue = async (login: string) => {
    for (const userId of await resetCandidates(ctx.db, login)) {
      const id = randomUUID();
      const now = ctx.now();
      const queued = await queuePasswordReset(ctx.db, userId, {
        id, tokenHash: tokenHash(resetToken(settings.secret, id)), now, expiresAt: new Date(now.getTime() + settings.resetTtlMs), perHour: settings.resetMailsPerHour,
      });
      if (queued) ctx.work.deliveriesDue();
    }
  };
  return {
    request(login: unknown): { message: string } {
      const checked = checkLogin(login);
      if (settings.mailAvailable) {
        pending = pending.then(() => queue(checked)).catch((error: unknown) => ctx.log.error(`password reset for a request could not be queued: ${(error as Error).message}`));
      }
      return { message: RESET_ANSWER };
    },
    /** Resolves once every reset asked so far is queued (shutdown, tests). */
    settled: () => pending,
  };
}
export type PasswordResets = ReturnType<typeof createPasswordResets>;

const invalidResetToken = () => badRequest('INVALID_RESET_TOKEN', 'This reset link is unknown, used already or expired: ask for a new one.');

/** Uses a reset link: the new password, every login token ended, and a fresh one for this browser. */
export async function resetPassword(ctx: ServiceContext, settings: Pick<AccountCareSettings, 'secret'>, token: unknown, newPassword: unknown): Promise<{ token: string; user: PublicUser }> {
  if (typeof token !== 'string' || token.length > 200) throw invalidResetToken();
  const [id, mac] = token.split('.');
  const expected = id ? resetToken(settings.secret, id) : '';
  // The MAC first: a forged token never reaches the database.
  if (!id || !mac || expected.length !== token.length || !timingSafeEqual(Buffer.from(expected), Buffer.from(token))) throw invalidResetToken();
  const password = checkPassword(newPassword);
  const account = await completePasswordReset(ctx.db, tokenHash(token), await hashPassword(password), ctx.now());
  if (!account) throw invalidResetToken();
  return signedIn(ctx, account);
}

// ---- Password change, log out everywhere ----

async function signedIn(ctx: ServiceContext, account: AccountRow): Promise<{ token: string; user: PublicUser }> {
  ctx.accounts.changed({ userId: account.id, generation: account.tokenGeneration });
  const token = await ctx.tokens.issue({ userId: account.id, username: account.username, role: account.role, generation: account.tokenGeneration });
  return { token, user: publicUser(account) };
}

/** Account care needs the person's own login, never a personal API token (a leaked token must not lock its owner out). */
const requireLogin = requireLoginToken;

/** The account and a check of `password` against it (outside any transaction: scrypt takes tens of ms). */
async function confirmPassword(ctx: ServiceContext, principal: Principal, password: unknown): Promise<{ passwordHash: string }> {
  const user = await findUserById(ctx.db, principal.userId);
  if (!user || user.deletedAt) throw notFound('Account');
  if (typeof password !== 'string' || !(await verifyPassword(password, user.passwordHash))) {
    throw new ServiceError(403, 'WRONG_PASSWORD', 'That is not your current password.');
  }
  return { passwordHash: user.passwordHash };
}

const changedMeanwhile = () => conflict('PASSWORD_CHANGED', 'Your password was changed meanwhile (another session or a reset link): log in again.');

/** Changes the password (asks the old one); every login token ends, and the caller gets a fresh one. */
export async function changePassword(ctx: ServiceContext, principal: Principal, currentPassword: unknown, newPassword: unknown): Promise<{ token: string; user: PublicUser }> {
  requireLogin(principal);
  const password = checkPassword(newPassword);
  const { passwordHash } = await confirmPassword(ctx, principal, currentPassword);
  const changed = await storeChangePassword(ctx.db, principal.userId, passwordHash, await hashPassword(password));
  if (changed === null) throw notFound('Account');
  if (changed === 'changed-meanwhile') throw changedMeanwhile();
  return signedIn(ctx, changed);
}

/** "Log out everywhere": every login token of the account ends, this one included. API tokens stay. */
export async function logoutEverywhere(ctx: ServiceContext, principal: Principal): Promise<void> {
  requireLogin(principal);
  const generation = await endEverySession(ctx.db, principal.userId);
  if (generation === null) throw notFound('Account');
  ctx.accounts.changed({ userId: principal.userId, generation });
}

// ---- Deletion ----

/** The neutral name a deleted account's seats show: no registrable name has a space, so it can never be taken. */
export const tombstoneName = () => `deleted player ${randomBytes(6).toString('hex')}`;
export const isTombstone = (username: string) => username.startsWith('deleted player ');

/**
 * Deletes the account (asks its password). Its running games are resigned first (a bot plays the
 * seat on, as for any resignation; services/resign.ts) and the games not started yet are left;
 * then, in one transaction, the row becomes a tombstone and every personal datum goes
 * (store/account-care.ts#deleteAccount). A game that started between the two is resigned on a
 * second pass. Finished games keep the seat under the tombstone's name, so their records verify.
 */
export async function deleteAccount(ctx: ServiceContext, principal: Principal, password: unknown): Promise<void> {
  requireLogin(principal);
  const { passwordHash } = await confirmPassword(ctx, principal, password);
  for (let pass = 0; pass < 3; pass++) {
    for (const gameId of await openGamesOf(ctx.db, principal.userId)) await ignoring(['GAME_NOT_OPEN', 'NOT_SEATED'], () => leaveGame(ctx, principal, gameId));
    for (const gameId of await activeGamesOf(ctx.db, principal.userId)) await ignoring(['GAME_NOT_ACTIVE', 'ALREADY_RESIGNED'], () => resign(ctx, principal, gameId));
    const outcome = await storeDeleteAccount(ctx.db, principal.userId, passwordHash, tombstoneName(), ctx.now());
    if (outcome === null) throw notFound('Account');
    if (outcome === 'changed-meanwhile') throw changedMeanwhile();
    if (typeof outcome === 'object') {
      ctx.accounts.changed({ userId: principal.userId, generation: outcome.generation });
      ctx.log.info(`account ${principal.userId} deleted by its owner`);
      return;
    }
  }
  throw conflict('STILL_PLAYING', 'Games keep starting with you in them: try again in a moment.');
}

/** A game that moved on between the listing and the call (started, ended, left) is no longer ours to leave or resign. */
async function ignoring(codes: string[], call: () => Promise<unknown>): Promise<void> {
  try {
    await call();
  } catch (error) {
    if (!(error instanceof ServiceError && codes.includes(error.code))) throw error;
  }
}

// ---- Export ----

const EXPORT_BATCH = 50;

/**
 * Everything the server keeps about the person, as they may see it: the account and its settings,
 * ratings, API tokens and webhooks (without their secrets), push subscriptions (endpoints), the
 * chat messages they wrote, and every game they hold a seat in, each with their own seat's view
 * and the log as their seat reads it (playerEvent: other seats' actions and hidden log entries are
 * left out, as in GET /v1/games/{id}/log). Never another seat's hidden information, never a seed
 * before the game is over.
 */
export async function exportAccount(ctx: ServiceContext, principal: Principal) {
  requireLogin(principal);
  const db = ctx.db;
  const user = await db.user.findUnique({
    where: { id: principal.userId },
    select: {
      id: true, username: true, role: true, createdAt: true, email: true, emailVerifiedAt: true, emailMode: true, digestHours: true, timeZone: true, language: true, deletedAt: true,
      ratings: { orderBy: { gameType: 'asc' }, select: { gameType: true, mu: true, sigma: true, rating: true, games: true, updatedAt: true } },
      ratingChanges: { orderBy: { gameId: 'asc' }, select: { gameId: true, seat: true, place: true, muBefore: true, sigmaBefore: true, muAfter: true, sigmaAfter: true, game: { select: { gameType: true, ratedAt: true } } } },
      apiTokens: { orderBy: { createdAt: 'asc' }, select: { id: true, name: true, scopes: true, createdAt: true, lastUsedAt: true, revokedAt: true } },
      webhooks: { orderBy: { createdAt: 'asc' }, select: { id: true, url: true, events: true, createdAt: true } },
      pushSubscriptions: { orderBy: { createdAt: 'asc' }, select: { id: true, endpoint: true, createdAt: true } },
      chatMessages: { orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], select: { id: true, gameId: true, channel: true, text: true, createdAt: true, deletedAt: true } },
      seats: { orderBy: { joinedAt: 'asc' }, select: { gameId: true } },
    },
  });
  if (!user || user.deletedAt) throw notFound('Account');
  const games: unknown[] = [];
  const ids = user.seats.map((seat) => seat.gameId);
  for (let start = 0; start < ids.length; start += EXPORT_BATCH) {
    for (const game of await findGames(db, ids.slice(start, start + EXPORT_BATCH))) {
      const shown = detail(ctx, game, principal);
      const events = game.startedAt === null ? [] : await allEvents(ctx, game);
      games.push({ ...shown, log: events.map((event) => playerEvent(event, shown.yourSeat)) });
    }
  }
  return {
    format: 'boardgame-server/account-export@1' as const,
    exportedAt: ctx.now().toISOString(),
    account: publicUser(user),
    settings: { email: user.email, emailVerified: user.emailVerifiedAt !== null, emailMode: user.emailMode, digestHours: user.digestHours, timeZone: user.timeZone },
    ratings: user.ratings.map((row) => ({ ...row, updatedAt: row.updatedAt.toISOString() })),
    ratingChanges: user.ratingChanges.map(({ game, ...row }) => ({ ...row, gameType: game.gameType, ratedAt: game.ratedAt.toISOString() })),
    apiTokens: user.apiTokens.map((row) => ({ ...row, createdAt: row.createdAt.toISOString(), lastUsedAt: row.lastUsedAt?.toISOString() ?? null, revokedAt: row.revokedAt?.toISOString() ?? null })),
    webhooks: user.webhooks.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    pushSubscriptions: user.pushSubscriptions.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    chatMessages: user.chatMessages.map((row) => ({ ...row, id: Number(row.id), createdAt: row.createdAt.toISOString(), deletedAt: row.deletedAt?.toISOString() ?? null })),
    games,
  };
}
