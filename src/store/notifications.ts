import type pg from 'pg';
import type { Db } from './db.js';

/**
 * The notification outbox's claim and the persons' notification settings (services/notifications.ts).
 * A claim is an open transaction holding the rows `FOR UPDATE SKIP LOCKED` while the mail is sent:
 * the rows are marked sent in that transaction, so a worker killed mid-send (even SIGKILL) rolls
 * back and the rows are claimable at once by the next one. Other workers skip locked rows.
 */
export type EmailMode = 'never' | 'each_turn' | 'digest';
export const EMAIL_MODES: readonly EmailMode[] = ['never', 'each_turn', 'digest'];

export interface NotificationSettingsRow {
  email: string | null;
  emailVerifiedAt: Date | null;
  emailMode: EmailMode;
  digestHours: number;
}

export async function notificationSettings(db: Db, userId: string): Promise<NotificationSettingsRow | null> {
  return db.user.findUnique({ where: { id: userId }, select: { email: true, emailVerifiedAt: true, emailMode: true, digestHours: true } }) as Promise<NotificationSettingsRow | null>;
}

export async function updateEmailPreferences(db: Db, userId: string, change: { emailMode?: EmailMode; digestHours?: number }): Promise<void> {
  await db.user.update({ where: { id: userId }, data: change });
}

/** A new address: unverified until its link is followed; its verification mail is queued with it. */
export async function setEmail(db: Db, userId: string, email: string, verification: (id: string) => unknown): Promise<void> {
  await db.$transaction(async (tx) => {
    await tx.user.update({ where: { id: userId }, data: { email, emailVerifiedAt: null } });
    const id = crypto.randomUUID();
    await tx.notification.create({ data: { id, userId, channel: 'email', kind: 'verify_email', payload: verification(id) as object } });
  });
}

export async function removeEmail(db: Db, userId: string): Promise<void> {
  await db.user.update({ where: { id: userId }, data: { email: null, emailVerifiedAt: null } });
}

/** Marks `email` verified if it is still the account's address; false when it is not. */
export async function markEmailVerified(db: Db, userId: string, email: string, at: Date): Promise<boolean> {
  const count = await db.$executeRaw`UPDATE users SET email_verified_at = COALESCE(email_verified_at, ${at}) WHERE id = ${userId}::uuid AND email = ${email}`;
  return count > 0;
}

export interface ClaimedNotification {
  id: string;
  userId: string;
  kind: string;
  gameId: string | null;
  gameVersion: number | null;
  seat: number | null;
  payload: Record<string, unknown>;
  attempts: number;
  nextAttemptAt: Date;
}

/** The person's settings and the games their rows name, read once the rows are locked (lock, then read). */
export interface ClaimContext {
  user: NotificationSettingsRow & { id: string; username: string; lastDigestAt: Date | null };
  games: Map<string, ClaimedGame>;
  /** Games waiting for this person now (their seat is to move), with what the deadlines need. */
  waiting: ClaimedGame[];
}

export interface ClaimedGame {
  id: string;
  type: string;
  status: string;
  version: number;
  activeSeats: number[];
  timeControl: unknown;
  clocks: unknown;
  result: unknown;
  /** Seats: who holds or is invited to each. */
  seats: { seat: number; userId: string | null; reservedForId: string | null; bot: string | null; username: string | null }[];
  /** Versions an undo has taken back to: an undo at `seq` returning to before `undoesSeq`. */
  undos: { seq: number; undoesSeq: number }[];
}

const CLAIM_FIRST = `
  SELECT id, user_id FROM notifications
  WHERE channel = $1 AND status = 'pending' AND next_attempt_at <= now()
  ORDER BY next_attempt_at LIMIT 1 FOR UPDATE SKIP LOCKED`;

/** Mails about the account itself (an address to verify, a password reset link): each goes alone, never in a list of turns. */
export const SOLO_KINDS = ['verify_email', 'password_reset'];

/** The same person's other pending rows of the channel join the claim (one mail lists them all); solo mails go alone. */
const CLAIM_REST = `
  SELECT id FROM notifications
  WHERE user_id = $1 AND channel = $2 AND status = 'pending' AND kind <> ALL($4::text[]) AND id <> $3
  FOR UPDATE SKIP LOCKED`;

const READ_ROWS = `
  SELECT id, user_id AS "userId", kind, game_id AS "gameId", game_version AS "gameVersion", seat, payload, attempts, next_attempt_at AS "nextAttemptAt"
  FROM notifications WHERE id = ANY($1::uuid[]) AND status = 'pending' ORDER BY created_at, id`;

const GAME_FIELDS = `g.id, g.type, g.status, g.version, g.active_seats AS "activeSeats", g.time_control AS "timeControl", g.clocks, g.result,
    COALESCE((SELECT json_agg(json_build_object('seat', s.seat, 'userId', s.user_id, 'reservedForId', s.reserved_for_id, 'bot', s.bot, 'username', u.username) ORDER BY s.seat)
      FROM seats s LEFT JOIN users u ON u.id = s.user_id WHERE s.game_id = g.id), '[]'::json) AS seats,
    COALESCE((SELECT json_agg(json_build_object('seq', e.seq, 'undoesSeq', e.undoes_seq)) FROM game_events e WHERE e.game_id = g.id AND e.kind = 'undo'), '[]'::json) AS undos`;

/**
 * Claims the earliest due row of `channel` and the same person's other pending rows, runs `send`
 * with them while they stay locked, and commits what `send` decided. Returns false when nothing was
 * due. The rows are read again after the lock (a row another transaction settled meanwhile is gone).
 */
export async function withClaimedNotifications(
  db: Db, channel: 'email' | 'push',
  send: (rows: ClaimedNotification[], context: ClaimContext, client: pg.PoolClient) => Promise<void>,
): Promise<boolean> {
  const client = await db.pool.connect();
  let released = false;
  try {
    await client.query('BEGIN');
    const { rows: [first] } = await client.query<{ id: string; user_id: string }>(CLAIM_FIRST, [channel]);
    if (!first) {
      await client.query('COMMIT');
      return false;
    }
    const { rows: rest } = await client.query<{ id: string }>(CLAIM_REST, [first.user_id, channel, first.id, SOLO_KINDS]);
    const claimed = await client.query<ClaimedNotification>(READ_ROWS, [[first.id, ...rest.map((row) => row.id)]]);
    // A solo mail goes alone, whatever else is pending.
    const rows = claimed.rows.some((row) => row.id === first.id && SOLO_KINDS.includes(row.kind))
      ? claimed.rows.filter((row) => row.id === first.id)
      : claimed.rows;
    const { rows: [user] } = await client.query<ClaimContext['user']>(
      `SELECT id, username, email, email_verified_at AS "emailVerifiedAt", email_mode AS "emailMode", digest_hours AS "digestHours", last_digest_at AS "lastDigestAt"
       FROM users WHERE id = $1`, [first.user_id]);
    const gameIds = [...new Set(rows.flatMap((row) => (row.gameId ? [row.gameId] : [])))];
    const { rows: games } = await client.query<ClaimedGame>(`SELECT ${GAME_FIELDS} FROM games g WHERE g.id = ANY($1::uuid[])`, [gameIds]);
    const { rows: waiting } = await client.query<ClaimedGame>(
      `SELECT ${GAME_FIELDS} FROM games g WHERE g.status = 'active' AND EXISTS (
         SELECT 1 FROM seats s WHERE s.game_id = g.id AND s.user_id = $1 AND s.bot IS NULL AND s.seat = ANY(g.active_seats))
       ORDER BY g.deadline NULLS LAST, g.updated_at LIMIT 50`, [first.user_id]);
    await send(rows, { user: user!, games: new Map(games.map((game) => [game.id, game])), waiting }, client);
    await client.query('COMMIT');
    return true;
  } catch (error) {
    // The connection may be broken: it is dropped rather than returned to the pool mid-transaction.
    client.release(error as Error);
    released = true;
    throw error;
  } finally {
    if (!released) client.release();
  }
}

export type Settled = { id: string; status: 'sent' | 'moot' | 'skipped' } | { id: string; status: 'retry'; retryAt: Date; error: string } | { id: string; status: 'failed'; error: string };

/** Records what became of claimed rows, in the claim's transaction. */
export async function settleNotifications(client: pg.PoolClient, settled: Settled[], sentTo: string | null): Promise<void> {
  if (settled.length === 0) return;
  await client.query(
    `UPDATE notifications n SET status = CASE WHEN x.status = 'retry' THEN 'pending' ELSE x.status END, attempts = n.attempts + (x.status IN ('sent', 'retry', 'failed'))::int,
       next_attempt_at = COALESCE(x.retry_at, n.next_attempt_at), last_error = x.error,
       sent_at = CASE WHEN x.status = 'sent' THEN now() ELSE NULL END, sent_to = CASE WHEN x.status = 'sent' THEN $2 ELSE NULL END
     FROM jsonb_to_recordset($1::jsonb) AS x(id uuid, status text, retry_at timestamptz, error text) WHERE n.id = x.id`,
    [JSON.stringify(settled.map((entry) => ({ id: entry.id, status: entry.status, retry_at: 'retryAt' in entry ? entry.retryAt : null, error: 'error' in entry ? entry.error : null }))), sentTo],
  );
}

/** When the earliest pending row of `channel` is due (null: none). */
export async function nextNotificationAt(db: Db, channel: 'email' | 'push'): Promise<Date | null> {
  const [row] = await db.$queryRaw<{ at: Date | null }[]>`SELECT min(next_attempt_at) AS at FROM notifications WHERE status = 'pending' AND channel = ${channel}`;
  return row?.at ?? null;
}
