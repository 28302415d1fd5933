/**
 * `npm run bench:scale`: does every path stay flat as the database grows? Two databases on one
 * PostgreSQL server, filled the same way from real games (scripts/scale-fill.ts): a small one (10,000
 * games) and a large one (250,000 finished, 100,000 active, 2,000 open games, 100,000 accounts, 200 of them
 * with 100 active games each). Then the same measures on both, side by side (scripts/scale-measure.ts).
 *
 *   npm run bench:scale                 fill what is missing (resumable), then measure
 *   npm run bench:scale -- fill         only fill
 *   npm run bench:scale -- measure      only measure (both databases must be filled)
 *   npm run bench:scale -- backup       only the backup procedure's times (pg_dump, pg_restore) of both
 *   npm run bench:scale -- archive      the large database's size, backup and finished-game reads, then the
 *                                       archive pass over its finished games, then the same again (once: it
 *                                       archives them; refill to measure again)
 *   npm run bench:scale -- formats      after `archive`: the same archived games read as format 3, format 2
 *                                       and rows in turn, in one service process (SCALE_FORMAT_ROUNDS, default 3)
 *
 * Settings (environment):
 *   SCALE_DATABASE_URL   a PostgreSQL server where this role may CREATE DATABASE (default DATABASE_URL;
 *                        unset: an embedded PostgreSQL kept in SCALE_DATA_DIR, default data/bench-scale)
 *   SCALE_FINISHED, SCALE_ACTIVE, SCALE_OPEN, SCALE_ACCOUNTS, SCALE_HEAVY   the large database (250000, 100000,
 *                        2000, 100000, 200)
 *   SCALE_SMALL_GAMES    games in the small database (10000; finished and active in the same proportion)
 *   SCALE_SAMPLES        timed requests per measure (default 300)
 *   SCALE_ARCHIVE_TIMED  in `archive`: the pass is timed (one batch at a time) over this many games (default all);
 *                        the rest are archived by SCALE_ARCHIVE_WORKERS loops at once (default 2), untimed
 *   SCALE_COLD_COMMAND   in `archive`: a shell command run before each phase of reads, so that both start from
 *                        the same state, e.g. restarting PostgreSQL and dropping the OS page cache:
 *                        'pg_ctlcluster 15 main restart && sync && echo 3 > /proc/sys/vm/drop_caches'
 *   SCALE_SKIP           measures to leave out, comma-separated: moves, backup, rss; and in `archive`,
 *                        backup-before (only the backup after the pass: the one before takes the longest)
 * The fill refuses to go on when the disk where PostgreSQL keeps its data would fall under 10 GB free.
 */
import { performance } from 'node:perf_hooks';
import { createDatabaseIfMissing, startEmbeddedPostgres } from '../src/store/embedded-postgres.js';
import { fill, type FillTarget } from './scale-fill.js';
import { backup, measureAll, measureArchive, measureFormats } from './scale-measure.js';

const say = (line: string) => console.log(`[bench:scale ${(performance.now() / 1000).toFixed(0).padStart(5)}s] ${line}`);

function int(name: string, fallback: number): number {
  const raw = process.env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number, got "${raw}"`);
  return value;
}

const large: FillTarget = { finished: int('SCALE_FINISHED', 250_000), active: int('SCALE_ACTIVE', 100_000), open: int('SCALE_OPEN', 2_000), accounts: int('SCALE_ACCOUNTS', 100_000), heavyAccounts: int('SCALE_HEAVY', 200) };
const smallGames = int('SCALE_SMALL_GAMES', 10_000);
const share = smallGames / (large.finished + large.active);
const small: FillTarget = {
  finished: Math.round(large.finished * share),
  active: Math.round(large.active * share),
  open: Math.max(20, Math.round(large.open * share)),
  accounts: Math.max(1_000, Math.round(large.accounts * share)),
  heavyAccounts: Math.max(1, Math.round(large.heavyAccounts * share)),
};
if (large.heavyAccounts * 100 > large.active || small.heavyAccounts * 100 > small.active) throw new Error('SCALE_HEAVY × 100 must not exceed the active games');

const phase = process.argv[2] ?? 'all';
if (!['all', 'fill', 'measure', 'backup', 'archive', 'formats'].includes(phase)) throw new Error(`unknown phase "${phase}": all, fill, measure, backup, archive or formats`);

async function server(): Promise<{ url: string; stop(): Promise<void> }> {
  const url = process.env.SCALE_DATABASE_URL?.trim() || process.env.DATABASE_URL?.trim();
  if (url) return { url, stop: async () => {} };
  return startEmbeddedPostgres(process.env.SCALE_DATA_DIR?.trim() || 'data/bench-scale', int('EMBEDDED_PG_PORT', 54339), 'postgres', say);
}

const pgServer = await server();
try {
  const smallUrl = await createDatabaseIfMissing(pgServer.url, 'bench_scale_small');
  const largeUrl = await createDatabaseIfMissing(pgServer.url, 'bench_scale_large');
  if (phase === 'all' || phase === 'fill') {
    say(`small database: ${JSON.stringify(small)}`);
    await fill(smallUrl, small, (line) => say(`small: ${line}`));
    say(`large database: ${JSON.stringify(large)}`);
    await fill(largeUrl, large, (line) => say(`large: ${line}`));
  }
  if (phase === 'archive') {
    // The large database only (filled first if it is not yet): measured before and after archiving it.
    await fill(largeUrl, large, (line) => say(`large: ${line}`));
    await measureArchive({ url: largeUrl, target: large }, say);
  }
  else if (phase === 'formats') await measureFormats({ url: largeUrl, target: large }, say);
  else if (phase === 'backup') for (const url of [smallUrl, largeUrl]) console.log(`backup of ${new URL(url).pathname.slice(1)}: ${backup(url, say)}`);
  else if (phase !== 'fill') await measureAll({ small: { url: smallUrl, target: small }, large: { url: largeUrl, target: large } }, say);
} finally {
  await pgServer.stop();
}
