import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaClient } from '../generated/prisma/client.js';
import { GameCache } from './game-cache.js';
import type { CatchUp } from './games.js';

/**
 * The Prisma client over node-postgres (Prisma 7's driver adapter: no engine binary), plus the
 * same `pg` pool for the measured hot path of a move (store/moves.ts) and this process's cache of
 * the newest state of recently played games (guarded by `games.revision`, see store/game-cache.ts).
 */
export type Db = PrismaClient & { readonly pool: pg.Pool; readonly games: GameCache; readonly groupCommit: boolean; readonly catchUp: CatchUp; readonly listCountCap: number; readonly lobbyCountCap: number };
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
}

/** Close with `closeDb` (Prisma does not end a pool it was given). */
export function createDb(databaseUrl: string, { poolSize, cachedGames, groupCommit, catchUp, listCountCap, lobbyCountCap }: DbOptions): Db {
  // JIT off: the service's statements are short, and PostgreSQL's JIT (on above a cost estimate that a
  // list over a few hundred thousand games passes) spent ~0.8 s compiling a 20-row page (docs/bench-results.md).
  // Any `options` the URL gives are kept, joined with ours (pg lets the URL's replace a separate setting).
  const url = new URL(databaseUrl);
  const options = [url.searchParams.get('options'), '-c jit=off'].filter(Boolean).join(' ');
  url.searchParams.delete('options');
  const pool = new pg.Pool({ connectionString: url.toString(), max: poolSize, options });
  // An idle connection that dies (a restart, a dropped database) leaves the pool, which opens a new
  // one when needed; errors of statements in flight reach their callers.
  pool.on('error', () => {});
  const client = new PrismaClient({ adapter: new PrismaPg(pool) });
  return Object.assign(client, { pool, games: new GameCache(cachedGames), groupCommit, catchUp, listCountCap, lobbyCountCap });
}

export async function closeDb(db: Db): Promise<void> {
  await db.$disconnect();
  await db.pool.end();
}
