import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaClient } from '../generated/prisma/client.js';
import { GameCache } from './game-cache.js';
import { connectionFor } from './primary.js';
import type { CatchUp } from './games.js';

/**
 * The Prisma client over node-postgres (Prisma 7's driver adapter: no engine binary), plus the
 * same `pg` pool for the measured hot path of a move (store/moves.ts) and this process's cache of
 * the newest state of recently played games (guarded by `games.revision`, see store/game-cache.ts).
 */
export type Db = PrismaClient & {
  readonly pool: pg.Pool;
  readonly games: GameCache;
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
}

/** Close with `closeDb` (Prisma does not end a pool it was given). */
export function createDb(databaseUrl: string, { poolSize, cachedGames, groupCommit, catchUp, listCountCap, lobbyCountCap, replica }: DbOptions): Db {
  const primary = connect(databaseUrl, poolSize);
  const settings = { groupCommit, catchUp, listCountCap, lobbyCountCap };
  const db: Db = Object.assign(primary, settings, { games: new GameCache(cachedGames), reads: undefined as unknown as Db });
  if (!replica) return Object.assign(db, { reads: db });
  // The replica's client has no game cache of its own (the cache holds the newest state, which only the primary has).
  const reads: Db = Object.assign(connect(replica.url, replica.poolSize), settings, { games: new GameCache(0), reads: undefined as unknown as Db });
  Object.assign(reads, { reads });
  return Object.assign(db, { reads });
}

function connect(databaseUrl: string, poolSize: number): PrismaClient & { pool: pg.Pool } {
  // JIT off: the service's statements are short, and PostgreSQL's JIT (on above a cost estimate that a
  // list over a few hundred thousand games passes) spent ~0.8 s compiling a 20-row page (docs/bench-results.md).
  // Any `options` the URL gives are kept, joined with ours (pg lets the URL's replace a separate setting).
  // A URL of several hosts connects to whichever is the primary now (store/primary.ts).
  const { connectionString, Client } = connectionFor(databaseUrl);
  const url = new URL(connectionString);
  const options = [url.searchParams.get('options'), '-c jit=off'].filter(Boolean).join(' ');
  url.searchParams.delete('options');
  const pool = new pg.Pool({ connectionString: url.toString(), Client, max: poolSize, options });
  // An idle connection that dies (a restart, a dropped database) leaves the pool, which opens a new
  // one when needed; errors of statements in flight reach their callers.
  pool.on('error', () => {});
  return Object.assign(new PrismaClient({ adapter: new PrismaPg(pool) }), { pool });
}

export async function closeDb(db: Db): Promise<void> {
  for (const client of db.reads === db ? [db] : [db, db.reads]) {
    await client.$disconnect();
    await client.pool.end();
  }
}
