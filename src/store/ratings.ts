import { Prisma, type Db } from './db.js';
import { readEvents } from './archive.js';

/**
 * Ratings' tables (services/ratings.ts): `game_ratings` (one row per finished game the rating work
 * looked at, `seq` the order it did), `rating_changes` (each rated player's place and rating before
 * and after) and `ratings` (the current rating per account per game type). Every rating write takes
 * one transaction-scoped advisory lock first, so rating work runs one game at a time in `seq` order
 * across all processes: the order a recomputation replays.
 */
export type Tx = Prisma.TransactionClient;

/** Any number that names the ratings lock (pg_advisory_xact_lock's key space is shared by nobody else here). */
const RATINGS_LOCK = 72_040_001;

export const lockRatings = async (tx: Tx): Promise<void> => void (await tx.$executeRaw`SELECT pg_advisory_xact_lock(${RATINGS_LOCK}::bigint)`);

/**
 * A recomputation holds this lock (exclusive) for its whole transaction, which may last a minute;
 * a game's rating work tries it shared first and is put off while a recomputation runs, rather than
 * wait behind it for the ratings lock while its due-work batch holds the rows of other games that
 * players are moving in (issue 34). Between rating works the shared holds never conflict.
 */
const RECOMPUTE_LOCK = 72_040_002;

export const lockForRecompute = async (tx: Tx): Promise<void> => void (await tx.$executeRaw`SELECT pg_advisory_xact_lock(${RECOMPUTE_LOCK}::bigint)`);

/** False while a recomputation runs (the caller must not wait for the ratings lock then). */
export async function noRecomputeRunning(tx: Tx): Promise<boolean> {
  const [row] = await tx.$queryRaw<{ free: boolean }[]>`SELECT pg_try_advisory_xact_lock_shared(${RECOMPUTE_LOCK}::bigint) AS free`;
  return row!.free;
}

/** Records that the game's rating work is done (`unrated`: why it changed nothing); false when it was already. */
export async function recordGameRating(tx: Tx, game: { gameId: string; gameType: string; at: Date; unrated: string | null }): Promise<boolean> {
  const rows = await tx.$queryRaw<{ seq: bigint }[]>`
    INSERT INTO game_ratings (game_id, game_type, rated_at, unrated) VALUES (${game.gameId}::uuid, ${game.gameType}, ${game.at}, ${game.unrated})
    ON CONFLICT (game_id) DO NOTHING RETURNING seq`;
  return rows.length > 0;
}

/** The person moves of a game (actions with an actor: bots' and deadlines' moves have none). */
export async function countPersonMoves(tx: Tx, gameId: string): Promise<number> {
  // Through the one reading of events: a recompute of ratings meets archived games too.
  return (await readEvents(tx, gameId, 0, null)).filter((event) => event.kind === 'action' && event.actorId !== null).length;
}

export interface StoredSkill {
  userId: string;
  mu: number;
  sigma: number;
}

export async function currentSkills(tx: Tx, gameType: string, userIds: string[]): Promise<StoredSkill[]> {
  return tx.$queryRaw<StoredSkill[]>`SELECT user_id AS "userId", mu, sigma FROM ratings WHERE game_type = ${gameType} AND user_id = ANY(${userIds}::uuid[])`;
}

export interface ChangeRow {
  gameId: string;
  userId: string;
  seat: number;
  place: number;
  muBefore: number;
  sigmaBefore: number;
  muAfter: number;
  sigmaAfter: number;
}

/** The game's rating changes, and each player's rating moved to its `after` (one more game played). */
export async function writeRatingChanges(tx: Tx, gameType: string, at: Date, changes: (ChangeRow & { rating: number })[]): Promise<void> {
  await tx.$executeRaw`
    WITH c AS (
      INSERT INTO rating_changes (game_id, user_id, seat, place, mu_before, sigma_before, mu_after, sigma_after)
      SELECT "gameId", "userId", seat, place, "muBefore", "sigmaBefore", "muAfter", "sigmaAfter"
      FROM jsonb_to_recordset(${JSON.stringify(changes)}::jsonb)
        AS x("gameId" uuid, "userId" uuid, seat int, place int, "muBefore" float8, "sigmaBefore" float8, "muAfter" float8, "sigmaAfter" float8)
    )
    INSERT INTO ratings (user_id, game_type, mu, sigma, rating, games, updated_at)
    SELECT "userId", ${gameType}, "muAfter", "sigmaAfter", rating, 1, ${at}
    FROM jsonb_to_recordset(${JSON.stringify(changes)}::jsonb) AS x("userId" uuid, "muAfter" float8, "sigmaAfter" float8, rating float8)
    ON CONFLICT (user_id, game_type) DO UPDATE SET mu = EXCLUDED.mu, sigma = EXCLUDED.sigma, rating = EXCLUDED.rating, games = ratings.games + 1, updated_at = EXCLUDED.updated_at`;
}

/** Every rated game's changes in the order they were made (`seq`, then seat). */
export async function ratingHistory(tx: Tx): Promise<(ChangeRow & { gameType: string; ratedAt: Date })[]> {
  return tx.$queryRaw`
    SELECT c.game_id AS "gameId", c.user_id AS "userId", c.seat, c.place, c.mu_before AS "muBefore", c.sigma_before AS "sigmaBefore",
      c.mu_after AS "muAfter", c.sigma_after AS "sigmaAfter", g.game_type AS "gameType", g.rated_at AS "ratedAt"
    FROM game_ratings g JOIN rating_changes c ON c.game_id = g.game_id
    WHERE g.unrated IS NULL ORDER BY g.seq, c.seat`;
}

export interface RatingRow {
  userId: string;
  gameType: string;
  mu: number;
  sigma: number;
  rating: number;
  games: number;
  updatedAt: Date;
}

/** Replaces the recorded changes' before/after values and the whole ratings table (a recomputation). */
export async function replaceRatings(tx: Tx, changes: ChangeRow[], ratings: RatingRow[]): Promise<void> {
  if (changes.length > 0) {
    await tx.$executeRaw`
      UPDATE rating_changes c SET mu_before = x."muBefore", sigma_before = x."sigmaBefore", mu_after = x."muAfter", sigma_after = x."sigmaAfter"
      FROM jsonb_to_recordset(${JSON.stringify(changes)}::jsonb) AS x("gameId" uuid, "userId" uuid, "muBefore" float8, "sigmaBefore" float8, "muAfter" float8, "sigmaAfter" float8)
      WHERE c.game_id = x."gameId" AND c.user_id = x."userId"`;
  }
  await tx.$executeRaw`DELETE FROM ratings`;
  if (ratings.length > 0) {
    await tx.$executeRaw`
      INSERT INTO ratings (user_id, game_type, mu, sigma, rating, games, updated_at)
      SELECT "userId", "gameType", mu, sigma, rating, games, "updatedAt"
      FROM jsonb_to_recordset(${JSON.stringify(ratings)}::jsonb) AS x("userId" uuid, "gameType" text, mu float8, sigma float8, rating float8, games int, "updatedAt" timestamptz)`;
  }
}

export async function allRatings(db: Db | Tx): Promise<RatingRow[]> {
  return db.$queryRaw`SELECT user_id AS "userId", game_type AS "gameType", mu, sigma, rating, games, updated_at AS "updatedAt" FROM ratings ORDER BY game_type, user_id`;
}

/** One page of a game type's leaderboard: best rating first (accounts an admin disabled, and deleted ones, left out). */
export async function leaderboardPage(db: Db, gameType: string, limit: number, offset: number): Promise<{ total: number; rows: (RatingRow & { username: string })[] }> {
  const [counted, rows] = await Promise.all([
    db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM ratings r JOIN users u ON u.id = r.user_id WHERE r.game_type = ${gameType} AND u.disabled_at IS NULL AND u.deleted_at IS NULL`,
    db.$queryRaw<(RatingRow & { username: string })[]>`
      SELECT r.user_id AS "userId", r.game_type AS "gameType", r.mu, r.sigma, r.rating, r.games, r.updated_at AS "updatedAt", u.username::text AS username
      FROM ratings r JOIN users u ON u.id = r.user_id WHERE r.game_type = ${gameType} AND u.disabled_at IS NULL AND u.deleted_at IS NULL
      ORDER BY r.rating DESC, r.games DESC, u.username LIMIT ${limit} OFFSET ${offset}`,
  ]);
  return { total: counted[0]?.n ?? 0, rows };
}

export async function ratingsOf(db: Db, userId: string): Promise<RatingRow[]> {
  return db.$queryRaw`SELECT user_id AS "userId", game_type AS "gameType", mu, sigma, rating, games, updated_at AS "updatedAt" FROM ratings WHERE user_id = ${userId}::uuid ORDER BY game_type`;
}

export interface RecentGameRow {
  gameId: string;
  type: string;
  status: 'finished' | 'aborted';
  finishedAt: Date | null;
  seat: number;
  players: (string | null)[];
  bots: (string | null)[];
  result: unknown;
  place: number | null;
  muBefore: number | null;
  sigmaBefore: number | null;
  muAfter: number | null;
  sigmaAfter: number | null;
}

/** An account's latest games that are over, public ones only, with its rating change in each (if rated). */
export async function recentGamesOf(db: Db, userId: string, limit: number): Promise<RecentGameRow[]> {
  return db.$queryRaw`
    SELECT g.id AS "gameId", g.type, g.status::text AS status, g.finished_at AS "finishedAt", s.seat, g.result,
      ARRAY(SELECT u.username::text FROM seats o LEFT JOIN users u ON u.id = o.user_id WHERE o.game_id = g.id ORDER BY o.seat) AS players,
      ARRAY(SELECT o.bot FROM seats o WHERE o.game_id = g.id ORDER BY o.seat) AS bots,
      c.place, c.mu_before AS "muBefore", c.sigma_before AS "sigmaBefore", c.mu_after AS "muAfter", c.sigma_after AS "sigmaAfter"
    FROM seats s JOIN games g ON g.id = s.game_id
    LEFT JOIN rating_changes c ON c.game_id = g.id AND c.user_id = s.user_id
    WHERE s.user_id = ${userId}::uuid AND g.status IN ('finished', 'aborted') AND NOT g.private
    ORDER BY COALESCE(g.finished_at, g.updated_at) DESC, g.id LIMIT ${limit}`;
}
