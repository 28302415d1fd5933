import type pg from 'pg';
import type { Rate } from '../config.js';
import type { LogEntry } from '../engine/types.js';
import type { Db } from './db.js';
import { holdingConnection } from './pool-guard.js';

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
  /** IANA time zone of the person's mails; null: UTC. */
  timeZone: string | null;
}

export async function notificationSettings(db: Db, userId: string): Promise<NotificationSettingsRow | null> {
  return db.user.findUnique({ where: { id: userId }, select: { email: true, emailVerifiedAt: true, emailMode: true, digestHours: true, timeZone: true } }) as Promise<NotificationSettingsRow | null>;
}

export async function updateEmailPreferences(db: Db, userId: string, change: { emailMode?: EmailMode; digestHours?: number; timeZone?: string | null }): Promise<void> {
  await db.user.update({ where: { id: userId }, data: change });
}

export interface EmailLimits {
  changesPerAccount: Rate | null;
  verificationsPerAccount: Rate | null;
  verificationsPerAddress: Rate | null;
}

/** Why an address change was refused: which limit, and when to try again. */
export type EmailRefusal = { reason: 'suppressed' } | { reason: 'changes' | 'account' | 'address' | 'pending'; retryAfterSeconds: number; limit: Rate | null };

/**
 * A new address: unverified until its link is followed; its verification mail is queued with it,
 * unless one to this address is still pending for this account (its link works: no second mail).
 * Refused (nothing changed) past a limit, while another account's verification to the address is
 * pending, or when the address is suppressed. Decided under the account's row lock and a lock on
 * the address (lower case), so racing requests count each other.
 */
export async function setEmail(db: Db, userId: string, email: string, limits: EmailLimits, verification: (id: string) => unknown): Promise<EmailRefusal | null> {
  const address = email.toLowerCase();
  return db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('email:' || ${address}))`;
    await tx.$executeRaw`SELECT 1 FROM users WHERE id = ${userId}::uuid FOR UPDATE`;
    const [state] = await tx.$queryRaw<{ suppressed: boolean; changes: Date[] | null; pending: { userId: string; at: Date }[] | null }[]>`
      SELECT EXISTS (SELECT 1 FROM email_suppressions WHERE address = ${address}) AS suppressed,
        (SELECT email_changes_at FROM users WHERE id = ${userId}::uuid) AS changes,
        (SELECT json_agg(json_build_object('userId', user_id, 'at', created_at)) FROM notifications
          WHERE kind = 'verify_email' AND status = 'pending' AND lower(payload ->> 'email') = ${address}) AS pending`;
    if (state!.suppressed) return { reason: 'suppressed' };
    const pending = state!.pending ?? [];
    const others = pending.filter((row) => row.userId !== userId);
    if (others.length > 0) return { reason: 'pending', retryAfterSeconds: 60, limit: null };
    const now = Date.now();
    const retryAfter = (times: Date[], limit: Rate | null) => {
      if (!limit) return null;
      const recent = times.map((at) => new Date(at).getTime()).filter((at) => at > now - limit.windowSeconds * 1000).sort((a, b) => a - b);
      return recent.length < limit.max ? null : Math.max(1, Math.ceil((recent[recent.length - limit.max]! + limit.windowSeconds * 1000 - now) / 1000));
    };
    const changes = retryAfter(state!.changes ?? [], limits.changesPerAccount);
    if (changes !== null) return { reason: 'changes', retryAfterSeconds: changes, limit: limits.changesPerAccount };
    const mine = pending.length > 0;
    if (!mine) {
      const window = Math.max(limits.verificationsPerAccount?.windowSeconds ?? 0, limits.verificationsPerAddress?.windowSeconds ?? 0);
      const sent = await tx.$queryRaw<{ userId: string; address: string; at: Date }[]>`
        SELECT user_id AS "userId", lower(payload ->> 'email') AS address, created_at AS at FROM notifications
        WHERE kind = 'verify_email' AND created_at > now() - ${window} * interval '1 second'
          AND (user_id = ${userId}::uuid OR lower(payload ->> 'email') = ${address})`;
      const byAccount = retryAfter(sent.filter((row) => row.userId === userId).map((row) => row.at), limits.verificationsPerAccount);
      if (byAccount !== null) return { reason: 'account', retryAfterSeconds: byAccount, limit: limits.verificationsPerAccount };
      const byAddress = retryAfter(sent.filter((row) => row.address === address).map((row) => row.at), limits.verificationsPerAddress);
      if (byAddress !== null) return { reason: 'address', retryAfterSeconds: byAddress, limit: limits.verificationsPerAddress };
    }
    const keep = (limits.changesPerAccount?.windowSeconds ?? 0) * 1000;
    const changesAt = [...(state!.changes ?? []).map((at) => new Date(at)).filter((at) => at.getTime() > now - keep), new Date(now)];
    await tx.user.update({ where: { id: userId }, data: { email, emailVerifiedAt: null, emailChangesAt: changesAt } });
    if (!mine) {
      const id = crypto.randomUUID();
      await tx.notification.create({ data: { id, userId, channel: 'email', kind: 'verify_email', payload: verification(id) as object } });
    }
    return null;
  });
}

/** An address no mail goes to any more (a permanent refusal, or a one-click unsubscribe); a bounce also leaves it unverified on every account. */
export async function suppressAddress(db: Db | pg.PoolClient, address: string, reason: 'bounced' | 'unsubscribed'): Promise<void> {
  const run = (sql: string, params: unknown[]) => ('$executeRawUnsafe' in db ? db.$executeRawUnsafe(sql, ...params) : db.query(sql, params));
  await run(`INSERT INTO email_suppressions (address, reason) VALUES (lower($1), $2) ON CONFLICT (address) DO UPDATE SET reason = EXCLUDED.reason`, [address, reason]);
  if (reason === 'bounced') await run(`UPDATE users SET email_verified_at = NULL WHERE lower(email) = lower($1)`, [address]);
}

/** The verified owner asked for mail again: their address is no longer suppressed. */
export async function liftSuppression(db: Db, userId: string): Promise<void> {
  await db.$executeRaw`DELETE FROM email_suppressions s USING users u WHERE u.id = ${userId}::uuid AND u.email_verified_at IS NOT NULL AND s.address = lower(u.email)`;
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
  /** `language`: the account's language ('en', 'de', 'pseudo') the mail speaks, or null (English). */
  user: NotificationSettingsRow & { id: string; username: string; lastDigestAt: Date | null; suppressed: boolean; language: string | null };
  games: Map<string, ClaimedGame>;
  /** Games waiting for this person now (their seat is to move), with what the deadlines need. */
  waiting: ClaimedGame[];
  /** The newest events (newest first, at most RECENT_EVENTS) of each game a "your turn" row names, up to that row's version: who moved and what they did. */
  recent: Map<string, RecentEvent[]>;
}

/** An event as a mail tells it: the acting seat, its kind and its log lines (every seat's: the mail keeps only the recipient's). */
export interface RecentEvent {
  seq: number;
  seat: number | null;
  kind: string;
  log: LogEntry[];
}

/** How many events back a "your turn" mail looks for the recipient's own last move. */
export const RECENT_EVENTS = 6;

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

/** The earliest due row of a person none of whose rows of the channel another worker is sending now. */
const CLAIM_FIRST = `
  SELECT n.id, n.user_id FROM notifications n
  WHERE n.channel = $1 AND n.status = 'pending' AND n.next_attempt_at <= now()
    AND NOT EXISTS (SELECT 1 FROM notifications c WHERE c.user_id = n.user_id AND c.channel = n.channel AND c.status = 'pending' AND c.claimed_until > now())
  ORDER BY n.next_attempt_at LIMIT 1 FOR UPDATE OF n SKIP LOCKED`;

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
    COALESCE((SELECT json_agg(json_build_object('seq', e.seq, 'undoesSeq', e.undoes_seq)) FROM game_events e WHERE e.game_id = g.id AND e.kind = 'undo'),
      (SELECT json_agg(json_build_object('seq', u->0, 'undoesSeq', u->1)) FROM game_archives a, jsonb_array_elements(a.undos) u WHERE a.game_id = g.id), '[]'::json) AS undos`;

/** What the judge decided under the claim's locks: rows settled now, and the rows to send (leased until the sender records them). */
export interface ClaimDecision<T> {
  settled: Settled[];
  send: ClaimedNotification[];
  /** Carried to the sender (the composed mail, the payload). */
  message?: T;
}

export interface Claim<T> {
  rows: ClaimedNotification[];
  context: ClaimContext;
  message: T | undefined;
}

/**
 * Claim, commit, send, record. In one short transaction: claims the earliest due row of `channel`
 * (of a person whose rows no other worker is sending) and the same person's other pending rows FOR
 * UPDATE SKIP LOCKED, locks the person's row (their digest decided under it), reads the person and
 * the games (lock, then read), and lets `judge` decide; the rows settled are recorded and the rows to
 * send are leased (`claimed_until` and `next_attempt_at` = now + lease) before the COMMIT. The
 * caller then sends with no transaction open and records the outcome (`recordNotifications`).
 * A worker killed between the COMMIT and the record leaves its rows due again when the lease ends:
 * they are sent again (at least once; the mail keeps its Message-ID, the push its Topic).
 * Null when nothing was due; a claim with no rows to send when the judge settled them all.
 */
export async function claimNotifications<T>(
  db: Db, channel: 'email' | 'push', leaseMs: number,
  judge: (rows: ClaimedNotification[], context: ClaimContext, client: pg.PoolClient) => Promise<ClaimDecision<T>>,
): Promise<Claim<T> | null> {
  const client = await db.pool.connect();
  // The claim holds this connection until its commit: everything in it goes through `client` (the pool rule, store/pool-guard.ts).
  return holdingConnection('a notification claim', async () => {
    let released = false;
    try {
      await client.query('BEGIN');
      const { rows: [first] } = await client.query<{ id: string; user_id: string }>(CLAIM_FIRST, [channel]);
      if (!first) {
        await client.query('COMMIT');
        return null;
      }
      const { rows: rest } = await client.query<{ id: string }>(CLAIM_REST, [first.user_id, channel, first.id, SOLO_KINDS]);
      // The person's row: two workers that claimed different rows of one person decide their digest one after the other.
      await client.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [first.user_id]);
      const claimed = await client.query<ClaimedNotification>(READ_ROWS, [[first.id, ...rest.map((row) => row.id)]]);
      // A solo mail goes alone, whatever else is pending (and none joins a list of turns).
      const rows = claimed.rows.some((row) => row.id === first.id && SOLO_KINDS.includes(row.kind)) ? claimed.rows.filter((row) => row.id === first.id) : claimed.rows.filter((row) => !SOLO_KINDS.includes(row.kind));
      const { rows: [user] } = await client.query<ClaimContext['user']>(
        `SELECT id, username, email, email_verified_at AS "emailVerifiedAt", email_mode AS "emailMode", digest_hours AS "digestHours", time_zone AS "timeZone", last_digest_at AS "lastDigestAt", language,
           EXISTS (SELECT 1 FROM email_suppressions s WHERE s.address = lower(u.email)) AS suppressed
         FROM users u WHERE id = $1`, [first.user_id]);
      const gameIds = [...new Set(rows.flatMap((row) => (row.gameId ? [row.gameId] : [])))];
      const { rows: games } = await client.query<ClaimedGame>(`SELECT ${GAME_FIELDS} FROM games g WHERE g.id = ANY($1::uuid[])`, [gameIds]);
      const { rows: waiting } = await client.query<ClaimedGame>(
        `SELECT ${GAME_FIELDS} FROM games g WHERE g.status = 'active' AND EXISTS (
           SELECT 1 FROM seats s WHERE s.game_id = g.id AND s.user_id = $1 AND s.bot IS NULL AND s.seat = ANY(g.active_seats))
         ORDER BY g.deadline NULLS LAST, g.updated_at LIMIT 50`, [first.user_id]);
      // The newest turn row of each game: the events that led to it.
      const turns = new Map<string, number>();
      for (const row of rows) if (row.kind === 'your_turn' && row.gameId && row.gameVersion !== null) turns.set(row.gameId, Math.max(turns.get(row.gameId) ?? 0, row.gameVersion));
      const { rows: events } = await client.query<RecentEvent & { gameId: string }>(
        `SELECT t.game_id AS "gameId", e.seq, e.seat, e.kind, e.log FROM unnest($1::uuid[], $2::int[]) AS t(game_id, version)
         CROSS JOIN LATERAL (SELECT seq, seat, kind, log FROM game_events WHERE game_id = t.game_id AND seq <= t.version ORDER BY seq DESC LIMIT ${RECENT_EVENTS}) e
         ORDER BY t.game_id, e.seq DESC`, [[...turns.keys()], [...turns.values()]]);
      const recent = new Map<string, RecentEvent[]>();
      for (const { gameId, ...event } of events) recent.set(gameId, [...(recent.get(gameId) ?? []), event]);
      const context: ClaimContext = { user: user!, games: new Map(games.map((game) => [game.id, game])), waiting, recent };
      const decision = await judge(rows, context, client);
      await settleNotifications(client, decision.settled, null);
      if (decision.send.length > 0) {
        await client.query(
          `UPDATE notifications SET claimed_until = now() + $2 * interval '1 millisecond', next_attempt_at = now() + $2 * interval '1 millisecond' WHERE id = ANY($1::uuid[])`,
          [decision.send.map((row) => row.id), leaseMs],
        );
      }
      await client.query('COMMIT');
      return { rows: decision.send, context, message: decision.message };
    } catch (error) {
      // The connection may be broken: it is dropped rather than returned to the pool mid-transaction.
      client.release(error as Error);
      released = true;
      throw error;
    } finally {
      if (!released) client.release();
    }
  });
}

export type Settled = { id: string; status: 'sent' | 'moot' | 'skipped' } | { id: string; status: 'retry'; retryAt: Date; error: string } | { id: string; status: 'failed'; error: string }
  | { id: string; status: 'later'; retryAt: Date };

/** Records what became of claimed rows (in the claim's transaction, or after the send on its own); the lease ends. `later`: not sent, due again at `retryAt` (no attempt counted). */
export async function settleNotifications(client: Pick<pg.Pool, 'query'> | pg.PoolClient, settled: Settled[], sentTo: string | null): Promise<void> {
  if (settled.length === 0) return;
  await client.query(
    `UPDATE notifications n SET status = CASE WHEN x.status IN ('retry', 'later') THEN 'pending' ELSE x.status END, attempts = n.attempts + (x.status IN ('sent', 'retry', 'failed'))::int,
       next_attempt_at = COALESCE(x.retry_at, n.next_attempt_at), last_error = x.error, claimed_until = NULL,
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
