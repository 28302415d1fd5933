import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaClient } from '../generated/prisma/client.js';
import { GameCache } from './game-cache.js';
import { connectionFor } from './primary.js';
import type { CatchUp } from './games.js';
import { GameLockGate } from './game-lock-gate.js';
import { guardPool, guardTransactions } from './pool-guard.js';

/**
 * The Prisma client over node-postgres (Prisma 7's driver adapter: no engine binary), plus the
 * same `pg` pool for the measured hot path of a move (store/moves.ts) and this process's cache of
 * the newest state of recently played games (guarded by `games.revision`, see store/game-cache.ts).
 */
export type Db = PrismaClient & {
  readonly pool: pg.Pool;
  readonly games: GameCache;
  /** This process's queue per game for its row lock (store/game-lock-gate.ts). */
  readonly gameLocks: GameLockGate;
  readonly groupCommit: boolean;
  readonly catchUp: CatchUp;
  readonly listCountCap: number;
  readonly lobbyCountCap: number;
  /**
   * Where reads that tolerate lag go (docs/scaling.md §2: lists, the lobby, leaderboards, profiles,
   * admin search): a streaming replica at DATABASE_READ_URL, or this same database when none is set.
   * Never written through, never used for what must see the newest commit (a move, a lock, a check).
   */
  readonly reads: Db;
};
export { Prisma } from '../generated/prisma/client.js';

export interface DbOptions {
  poolSize: number;
  cachedGames: number;
  /** Moves of many games share one statement (store/moves.ts). */
  groupCommit: boolean;
  /** The rules, for the actions stored after a game's state (store/games.ts#toRecord). */
  catchUp: CatchUp;
  /** How far past a page's offset lists count their matches (store/games.ts#cappedTotal; setting LIST_COUNT_CAP). */
  listCountCap: number;
  /** The same for the lobby (store/games.ts#listJoinableGames; setting LOBBY_COUNT_CAP). */
  lobbyCountCap: number;
  /** A streaming replica for the reads that tolerate lag (DATABASE_READ_URL), with its own pool. */
  replica?: { url: string; poolSize: number };
  /** Longest wait for a pooled connection before OVERLOADED (DATABASE_POOL_WAIT_MS). */
  poolWaitMs: number;
  /** Longest wait of a statement for a lock (DATABASE_LOCK_TIMEOUT_MS). */
  lockTimeoutMs: number;
  /** Requests of one game that wait for its lock in this process; more are refused GAME_BUSY (GAME_LOCK_WAITERS). */
  gameLockWaiters: number;
  /** Fail loudly when code holding a connection asks the pool for another (DATABASE_POOL_GUARD; store/pool-guard.ts). */
  poolGuard: boolean;
}

/** Close with `closeDb` (Prisma does not end a pool it was given). */
export function createDb(databaseUrl: string, { poolSize, cachedGames, groupCommit, catchUp, listCountCap, lobbyCountCap, replica, poolWaitMs, lockTimeoutMs, gameLockWaiters, poolGuard }: DbOptions): Db {
  const limits = { poolWaitMs, lockTimeoutMs, poolGuard };
  const primary = connect(databaseUrl, poolSize, limits);
  const settings = { groupCommit, catchUp, listCountCap, lobbyCountCap, gameLocks: new GameLockGate(gameLockWaiters) };
  const db: Db = Object.assign(primary, settings, { games: new GameCache(cachedGames), reads: undefined as unknown as Db });
  if (!replica) return Object.assign(db, { reads: db });
  // The replica's client has no game cache of its own (the cache holds the newest state, which only the primary has).
  const reads: Db = Object.assign(connect(replica.url, replica.poolSize, limits), settings, { games: new GameCache(0), reads: undefined as unknown as Db });
  Object.assign(reads, { reads });
  return Object.assign(db, { reads });
}

function connect(databaseUrl: string, poolSize: number, limits: Pick<DbOptions, 'poolWaitMs' | 'lockTimeoutMs' | 'poolGuard'>): PrismaClient & { pool: pg.Pool } {
  // JIT off: the service's statements are short, and PostgreSQL's JIT (on above a cost estimate that a
  // list over a few hundred thousand games passes) spent ~0.8 s compiling a 20-row page (docs/bench-results.md).
  // Any `options` the URL gives are kept, joined with ours (pg lets the URL's replace a separate setting).
  // A URL of several hosts connects to whichever is the primary now (store/primary.ts).
  const { connectionString, Client } = connectionFor(databaseUrl);
  const url = new URL(connectionString);
  const options = [url.searchParams.get('options'), '-c jit=off'].filter(Boolean).join(' ');
  url.searchParams.delete('options');
  // Overload is answered, not queued (docs/architecture.md, the pool rule): a request waits at most
  // `poolWaitMs` for a connection (then 503 OVERLOADED, store/unavailable.ts#isPoolSaturated), and a
  // statement at most `lockTimeoutMs` for a lock (then GAME_BUSY on a game's paths), so no crowd of
  // waiters, here or in another process, holds the pool for long.
  const pool = new pg.Pool({ connectionString: url.toString(), Client, max: poolSize, options, connectionTimeoutMillis: limits.poolWaitMs, lock_timeout: limits.lockTimeoutMs });
  // An idle connection that dies (a restart, a dropped database) leaves the pool, which opens a new
  // one when needed; errors of statements in flight reach their callers.
  pool.on('error', () => {});
  const client = new PrismaClient({ adapter: new PrismaPg(pool) });
  if (limits.poolGuard) {
    guardPool(pool);
    guardTransactions(client);
  }
  return Object.assign(client, { pool });
}

export async function closeDb(db: Db): Promise<void> {
  for (const client of db.reads === db ? [db] : [db, db.reads]) {
    await client.$disconnect();
    await client.pool.end();
  }
}
