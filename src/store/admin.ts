import { Prisma, type Db } from './db.js';
import { cappedTotal, type GameStatus } from './games.js';

/**
 * The admin's reads and writes beside the game path: finding games by any mix of filters, the
 * stored verdicts of verify, finding and disabling accounts. None of it writes a game row.
 */

export type VerifyFilter = 'ok' | 'failed' | 'never';

export interface AdminGameFilter {
  /** A whole game id, or the start of one (at least a few hex digits). */
  id?: string;
  type?: string;
  status?: GameStatus;
  /** A username holding a seat (any case); imported games' names without an account count too. */
  player?: string;
  rulesVersion?: number;
  createdFrom?: Date;
  createdTo?: Date;
  verify?: VerifyFilter;
  limit: number;
  offset: number;
}

export interface VerifyVerdict {
  ok: boolean;
  at: Date;
  /** The game version that was checked. */
  version: number;
  divergence: { atEvent: number; reason: string } | null;
}

export interface AdminGameRow {
  id: string;
  /** Usernames by seat (an imported seat without an account: the name the record gave; a seat nobody holds: null). */
  players: (string | null)[];
  lastVerify: VerifyVerdict | null;
}

function whereOf(filter: AdminGameFilter): Prisma.Sql {
  const and: Prisma.Sql[] = [Prisma.sql`TRUE`];
  if (filter.id !== undefined) and.push(Prisma.sql`g.id::text LIKE ${filter.id.toLowerCase().replace(/[%_\\]/g, '') + '%'}`);
  if (filter.type !== undefined) and.push(Prisma.sql`g.type = ${filter.type}`);
  if (filter.status !== undefined) and.push(Prisma.sql`g.status = ${filter.status}::game_status`);
  if (filter.rulesVersion !== undefined) and.push(Prisma.sql`g.rules_version = ${filter.rulesVersion}`);
  if (filter.createdFrom !== undefined) and.push(Prisma.sql`g.created_at >= ${filter.createdFrom}`);
  if (filter.createdTo !== undefined) and.push(Prisma.sql`g.created_at <= ${filter.createdTo}`);
  if (filter.player !== undefined) {
    // users.username is citext: `=` ignores case; an imported name is compared the same way (lower(),
    // as citext does, so its index serves). The player's games are found from their seats, by key,
    // rather than every game asking whether it has them (a scan of all games).
    and.push(Prisma.sql`g.id IN (SELECT s.game_id FROM seats s JOIN users u ON u.id = s.user_id WHERE u.username = ${filter.player}::citext
      UNION ALL SELECT s.game_id FROM seats s WHERE lower(s.imported_username) = lower(${filter.player}))`);
  }
  if (filter.verify === 'never') and.push(Prisma.sql`v.game_id IS NULL`);
  if (filter.verify === 'ok') and.push(Prisma.sql`v.verify_ok`);
  if (filter.verify === 'failed') and.push(Prisma.sql`NOT v.verify_ok`);
  return Prisma.join(and, ' AND ');
}

/** The ids of one page of games matching `filter`, newest first, and how many match (counted as store/games.ts#cappedTotal says). */
export async function searchGameIds(db: Db, filter: AdminGameFilter): Promise<{ total: number; totalCapped: boolean; ids: string[] }> {
  const where = whereOf(filter);
  // By verdict, the verdicts' index gives the page in order (v.game_created_at is g.created_at).
  const byVerdict = filter.verify === 'ok' || filter.verify === 'failed';
  const from = byVerdict ? Prisma.sql`game_verifications v JOIN games g ON g.id = v.game_id` : Prisma.sql`games g LEFT JOIN game_verifications v ON v.game_id = g.id`;
  const order = byVerdict ? Prisma.sql`v.game_created_at DESC, v.game_id` : Prisma.sql`g.created_at DESC, g.id`;
  const [counted, page] = await Promise.all([
    cappedTotal(db.listCountCap, filter.offset, async (skip, take) => (await db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM (
      SELECT 1 FROM games g LEFT JOIN game_verifications v ON v.game_id = g.id WHERE ${where} OFFSET ${skip} LIMIT ${take}) matches`)[0]?.n ?? 0),
    db.$queryRaw<{ id: string }[]>`SELECT g.id FROM ${from} WHERE ${where} ORDER BY ${order} LIMIT ${filter.limit} OFFSET ${filter.offset}`,
  ]);
  return { ...counted, ids: page.map((row) => row.id) };
}

/** What the admin list shows beside a game summary (which carries the import time): players by seat, the last verdict. */
export async function adminGameRows(db: Db, ids: string[]): Promise<Map<string, AdminGameRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db.$queryRaw<{ id: string; players: (string | null)[]; verified_at: Date | null; verify_ok: boolean | null; verify_divergence: VerifyVerdict['divergence']; version: number | null }[]>`
    SELECT g.id, v.verified_at, v.verify_ok, v.verify_divergence, v.version,
      ARRAY(SELECT COALESCE(u.username::text, s.imported_username) FROM seats s LEFT JOIN users u ON u.id = s.user_id WHERE s.game_id = g.id ORDER BY s.seat) AS players
    FROM games g LEFT JOIN game_verifications v ON v.game_id = g.id WHERE g.id = ANY(${ids}::uuid[])`;
  return new Map(rows.map((row) => [row.id, {
    id: row.id, players: row.players,
    lastVerify: row.verified_at === null ? null : { ok: row.verify_ok!, at: row.verified_at, version: row.version!, divergence: row.verify_divergence ?? null },
  }]));
}

/** Records the verdict of a verify (replacing the previous one). Touches no game row. */
export async function saveVerdict(db: Db, gameId: string, verdict: VerifyVerdict): Promise<void> {
  const divergence = verdict.divergence === null ? null : JSON.stringify(verdict.divergence);
  await db.$executeRaw`
    INSERT INTO game_verifications (game_id, verified_at, verify_ok, verify_divergence, version, game_created_at)
    SELECT ${gameId}::uuid, ${verdict.at}, ${verdict.ok}, ${divergence}::jsonb, ${verdict.version}, g.created_at FROM games g WHERE g.id = ${gameId}::uuid
    ON CONFLICT (game_id) DO UPDATE SET verified_at = EXCLUDED.verified_at, verify_ok = EXCLUDED.verify_ok,
      verify_divergence = EXCLUDED.verify_divergence, version = EXCLUDED.version`;
}

/** The imported names of seats without an account, by seat (empty for games that were not imported). */
export async function importedNames(db: Db, gameId: string): Promise<Map<number, string>> {
  const rows = await db.seat.findMany({ where: { gameId, importedUsername: { not: null } }, select: { seat: true, importedUsername: true } });
  return new Map(rows.map((row) => [row.seat, row.importedUsername!]));
}

// ---- accounts ----

export interface AdminUserRow {
  id: string;
  username: string;
  role: 'player' | 'admin';
  createdAt: Date;
  disabledAt: Date | null;
}

const USER_FIELDS = { id: true, username: true, role: true, createdAt: true, disabledAt: true } as const;

/** Accounts whose name contains `q` (any case), by name. */
export async function searchUsers(db: Db, query: { q?: string; limit: number; offset: number }): Promise<{ total: number; users: AdminUserRow[] }> {
  const where: Prisma.UserWhereInput = query.q ? { username: { contains: query.q, mode: 'insensitive' } } : {};
  const [total, users] = await Promise.all([
    db.user.count({ where }),
    db.user.findMany({ where, select: USER_FIELDS, orderBy: [{ username: 'asc' }], take: query.limit, skip: query.offset }),
  ]);
  return { total, users };
}

export async function findAdminUser(db: Db, id: string): Promise<AdminUserRow | null> {
  return db.user.findUnique({ where: { id }, select: USER_FIELDS });
}

/** Ids of every disabled account (few: each process keeps them in memory, auth/disabled-accounts.ts). */
/** Every account that is disabled or has a login-token generation above 0 (auth/disabled-accounts.ts). */
export async function accountStandings(db: Db): Promise<{ userId: string; disabled: boolean; generation: number }[]> {
  const rows = await db.user.findMany({ where: { OR: [{ disabledAt: { not: null } }, { tokenGeneration: { gt: 0 } }] }, select: { id: true, disabledAt: true, tokenGeneration: true } });
  return rows.map((row) => ({ userId: row.id, disabled: row.disabledAt !== null, generation: row.tokenGeneration }));
}

export async function standingOf(db: Db, id: string): Promise<{ disabled: boolean; generation: number }> {
  const row = await db.user.findUnique({ where: { id }, select: { disabledAt: true, tokenGeneration: true } });
  return { disabled: row?.disabledAt != null, generation: row?.tokenGeneration ?? 0 };
}

/**
 * Disables (a time) or enables (null) an account and tells every process in the same transaction
 * (NOTIFY is delivered on commit). Null when there is no such account.
 */
export async function setUserDisabled(db: Db, id: string, disabledAt: Date | null, channel: string): Promise<AdminUserRow | null> {
  return db.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<{ id: string }[]>`
      UPDATE users SET disabled_at = CASE WHEN ${disabledAt}::timestamptz IS NULL THEN NULL ELSE COALESCE(disabled_at, ${disabledAt}::timestamptz) END
      WHERE id = ${id}::uuid RETURNING id`;
    if (rows.length === 0) return null;
    await tx.$executeRaw`SELECT pg_notify(${channel}, ${JSON.stringify({ userId: id, disabled: disabledAt !== null })})`;
    return tx.user.findUnique({ where: { id }, select: USER_FIELDS });
  });
}

/** An open game becomes aborted in one statement (nothing is dealt, no event); false when it is not open (any more). */
export async function abortOpenGame(db: Db, gameId: string, at: Date): Promise<boolean> {
  const moved = await db.$executeRaw`UPDATE games SET status = 'aborted', finished_at = ${at}, updated_at = ${at}, due_at = NULL, warn_at = NULL WHERE id = ${gameId}::uuid AND status = 'open'`;
  return moved === 1;
}
