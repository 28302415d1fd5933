import type pg from 'pg';
import { ACCOUNT_STATUS_CHANNEL } from '../auth/disabled-accounts.js';
import type { Db } from './db.js';

/**
 * The account's own care (services/account-care.ts): password reset links, password change,
 * ending every login token, deletion. Every write locks the account's row first and reads it in a
 * new statement; everything inside a transaction goes through that transaction's client, and no
 * transaction waits on anything but the database (mail leaves later, from the outbox).
 *
 * The row lock is `FOR NO KEY UPDATE` where only non-key columns change (password, token
 * generation): it does not wait for, nor hold up, the `FOR KEY SHARE` that a seat's foreign key
 * takes while the account joins or moves in a game. Deletion renames the account (a key column),
 * so it takes `FOR UPDATE`.
 */

async function inTransaction<T>(db: Db, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await db.pool.connect();
  let released = false;
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    // The connection may be broken: it is dropped rather than returned to the pool mid-transaction.
    client.release(error as Error);
    released = true;
    throw error;
  } finally {
    if (!released) client.release();
  }
}

export interface AccountRow {
  id: string;
  username: string;
  role: 'player' | 'admin';
  createdAt: Date;
  passwordHash: string;
  email: string | null;
  emailVerifiedAt: Date | null;
  disabledAt: Date | null;
  deletedAt: Date | null;
  tokenGeneration: number;
  language: string | null;
}

const ACCOUNT_FIELDS = `id, username::text AS username, role::text AS role, created_at AS "createdAt", password_hash AS "passwordHash", email,
  email_verified_at AS "emailVerifiedAt", disabled_at AS "disabledAt", deleted_at AS "deletedAt", token_generation AS "tokenGeneration", language`;

/** Locks the account's row, then reads it (a new statement: it sees the row as committed after the wait). Null: no such account. */
async function lockAccount(client: pg.PoolClient, userId: string, strength: 'FOR UPDATE' | 'FOR NO KEY UPDATE'): Promise<AccountRow | null> {
  const locked = await client.query(`SELECT 1 FROM users WHERE id = $1 ${strength}`, [userId]);
  if (locked.rowCount === 0) return null;
  const { rows: [row] } = await client.query<AccountRow>(`SELECT ${ACCOUNT_FIELDS} FROM users WHERE id = $1`, [userId]);
  return row ?? null;
}

/**
 * Ends every login token of the account issued before: raises its token generation and tells every
 * process (the NOTIFY is delivered on commit; auth/disabled-accounts.ts). Stream tickets not yet
 * used go with them. Inside the caller's transaction, the row locked.
 */
async function endLoginTokens(client: pg.PoolClient, userId: string): Promise<number> {
  const { rows: [row] } = await client.query<{ generation: number }>('UPDATE users SET token_generation = token_generation + 1 WHERE id = $1 RETURNING token_generation AS generation', [userId]);
  await client.query('DELETE FROM stream_tickets WHERE user_id = $1', [userId]);
  await client.query('SELECT pg_notify($1, $2)', [ACCOUNT_STATUS_CHANNEL, JSON.stringify({ userId, generation: row!.generation })]);
  return row!.generation;
}

/** The accounts a reset may be mailed to: found by username, or by a verified address (any case); live, enabled accounts only. */
export async function resetCandidates(db: Db, login: string): Promise<string[]> {
  const rows = await db.$queryRaw<{ id: string }[]>`
    SELECT id FROM users WHERE deleted_at IS NULL AND disabled_at IS NULL AND email_verified_at IS NOT NULL
      AND (username = ${login}::citext OR lower(email) = lower(${login}))
    LIMIT 5`;
  return rows.map((row) => row.id);
}

/**
 * Records a reset link for the account and queues its mail (one outbox row naming the link's id:
 * the worker derives the token from it, so no usable token is stored anywhere). Nothing is queued
 * when the account lost its verified address meanwhile, or already got `perHour` links this hour.
 */
export async function queuePasswordReset(db: Db, userId: string, reset: { id: string; tokenHash: string; expiresAt: Date; now: Date; perHour: number }): Promise<boolean> {
  return inTransaction(db, async (client) => {
    const account = await lockAccount(client, userId, 'FOR NO KEY UPDATE');
    if (!account || account.deletedAt || account.disabledAt || !account.email || !account.emailVerifiedAt) return false;
    const { rows: [recent] } = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM password_resets WHERE user_id = $1 AND created_at > $2::timestamptz - interval '1 hour'`, [userId, reset.now]);
    if (recent!.n >= reset.perHour) return false;
    await client.query('INSERT INTO password_resets (id, user_id, token_hash, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)', [reset.id, userId, reset.tokenHash, reset.now, reset.expiresAt]);
    await client.query(
      `INSERT INTO notifications (id, user_id, channel, kind, payload) VALUES (gen_random_uuid(), $1, 'email', 'password_reset', $2)`,
      [userId, JSON.stringify({ resetId: reset.id, expiresAt: reset.expiresAt.toISOString() })]);
    return true;
  });
}

/** Whether the reset link `id` still works (the mail worker asks, in its claim's transaction). */
export async function resetLinkLive(client: pg.PoolClient, id: string): Promise<boolean> {
  const { rowCount } = await client.query('SELECT 1 FROM password_resets WHERE id = $1 AND expires_at > now()', [id]);
  return rowCount === 1;
}

/**
 * Uses a reset link: sets the new password, ends every login token and every other reset link of the
 * account. Null when the link is unknown, used, expired, or its account is deleted or disabled.
 */
export async function completePasswordReset(db: Db, tokenHash: string, passwordHash: string, now: Date): Promise<AccountRow | null> {
  const [found] = await db.$queryRaw<{ userId: string }[]>`SELECT user_id AS "userId" FROM password_resets WHERE token_hash = ${tokenHash}`;
  if (!found) return null;
  return inTransaction(db, async (client) => {
    const account = await lockAccount(client, found.userId, 'FOR NO KEY UPDATE');
    // Read again under the lock: another use of the same link (or a deletion) may have committed meanwhile.
    const used = await client.query('DELETE FROM password_resets WHERE token_hash = $1 AND user_id = $2 AND expires_at > $3 RETURNING id', [tokenHash, found.userId, now]);
    if (!account || used.rowCount !== 1 || account.deletedAt || account.disabledAt) return null;
    await client.query('UPDATE users SET password_hash = $2 WHERE id = $1', [account.id, passwordHash]);
    await client.query('DELETE FROM password_resets WHERE user_id = $1', [account.id]);
    const generation = await endLoginTokens(client, account.id);
    return { ...account, passwordHash, tokenGeneration: generation };
  });
}

export type PasswordCheck = (account: AccountRow) => Promise<boolean> | boolean;

/**
 * Changes the password if `expectedHash` is still the account's (the caller checked the old
 * password against it, outside the transaction: scrypt takes tens of ms). Ends every login token
 * and pending reset link. 'changed-meanwhile' when the password changed since it was read.
 */
export async function changePassword(db: Db, userId: string, expectedHash: string, passwordHash: string): Promise<AccountRow | 'changed-meanwhile' | null> {
  return inTransaction(db, async (client) => {
    const account = await lockAccount(client, userId, 'FOR NO KEY UPDATE');
    if (!account || account.deletedAt) return null;
    if (account.passwordHash !== expectedHash) return 'changed-meanwhile';
    await client.query('UPDATE users SET password_hash = $2 WHERE id = $1', [userId, passwordHash]);
    await client.query('DELETE FROM password_resets WHERE user_id = $1', [userId]);
    const generation = await endLoginTokens(client, userId);
    return { ...account, passwordHash, tokenGeneration: generation };
  });
}

/** "Log out everywhere": every login token of the account ends. Null: no such (live) account. */
export async function endEverySession(db: Db, userId: string): Promise<number | null> {
  return inTransaction(db, async (client) => {
    const account = await lockAccount(client, userId, 'FOR NO KEY UPDATE');
    if (!account || account.deletedAt) return null;
    return endLoginTokens(client, userId);
  });
}

/** Running games the account still plays in (not resigned): a deletion resigns them first. */
export async function activeGamesOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db.$queryRaw<{ id: string }[]>`
    SELECT g.id FROM games g JOIN seats s ON s.game_id = g.id WHERE s.user_id = ${userId}::uuid AND g.status = 'active' AND s.resigned_at IS NULL`;
  return rows.map((row) => row.id);
}

/** Games not started yet in which the account holds a seat: a deletion leaves them first. */
export async function openGamesOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db.$queryRaw<{ id: string }[]>`
    SELECT g.id FROM games g JOIN seats s ON s.game_id = g.id WHERE s.user_id = ${userId}::uuid AND g.status = 'open'`;
  return rows.map((row) => row.id);
}

/** The advisory lock registration and deletion both take on a name (any case): a retired name is never registered by a racing registration. */
export const usernameLockSql = `SELECT pg_advisory_xact_lock(hashtext('username:' || lower($1)))`;

/**
 * Deletes the account: its row stays as a tombstone named `tombstone` (so finished games keep
 * their seat and records still verify), with no password, address or token left; its name is
 * retired; its API tokens, webhooks, push subscriptions, reset links, stream tickets, pending
 * notifications, idempotency keys, chat messages and current ratings are deleted; invitations held
 * for it are withdrawn. 'still-playing' when it holds a seat of a game that is open or running
 * and not resigned (a game started since the caller resigned and left them): the caller retries.
 */
export async function deleteAccount(db: Db, userId: string, expectedHash: string, tombstone: string, now: Date): Promise<{ generation: number } | 'changed-meanwhile' | 'still-playing' | null> {
  return inTransaction(db, async (client) => {
    const account = await lockAccount(client, userId, 'FOR UPDATE');
    if (!account || account.deletedAt) return null;
    if (account.passwordHash !== expectedHash) return 'changed-meanwhile';
    const { rowCount: playing } = await client.query(
      `SELECT 1 FROM seats s JOIN games g ON g.id = s.game_id WHERE s.user_id = $1 AND (g.status = 'open' OR (g.status = 'active' AND s.resigned_at IS NULL)) LIMIT 1`, [userId]);
    if (playing) return 'still-playing';
    await client.query(usernameLockSql, [account.username]);
    await client.query('INSERT INTO retired_usernames (username, retired_at) VALUES ($1, $2) ON CONFLICT DO NOTHING', [account.username, now]);
    await client.query(
      `UPDATE users SET username = $2, password_hash = '!deleted', email = NULL, email_verified_at = NULL, email_mode = 'never', last_digest_at = NULL, deleted_at = $3 WHERE id = $1`,
      [userId, tombstone, now]);
    for (const table of ['api_tokens', 'webhooks', 'push_subscriptions', 'password_resets', 'notifications', 'idempotency_keys', 'chat_messages', 'ratings']) {
      await client.query(`DELETE FROM ${table} WHERE user_id = $1`, [userId]);
    }
    // Invitations to games not started: the seat is free for anyone again.
    await client.query(`UPDATE seats s SET reserved_for_id = NULL FROM games g WHERE g.id = s.game_id AND g.status = 'open' AND s.reserved_for_id = $1`, [userId]);
    return { generation: await endLoginTokens(client, userId) };
  });
}
