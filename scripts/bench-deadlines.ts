/**
 * `npx tsx scripts/bench-deadlines.ts`: how late background work runs, with two worker processes on
 * one PostgreSQL (the workers of services/due.ts, in test/support/due-worker-child.ts processes).
 *
 * 1. Deadline burst: BENCH_DUE_GAMES (default 1000) timed toy games whose deadlines all pass at the
 *    same instant. Lag = the timeout event's commit time − the deadline (database clock). Goal: all
 *    fired within 2 s, p99 ≤ 1 s.
 * 2. Bot games: BENCH_BOT_GAMES (default 100) toy games of two bots each, all playing at once
 *    (BENCH_BOT_ROUNDS rounds, default 10: 20 moves a game). Latency of a bot move = its commit − the
 *    commit of the move that made it due. Goal: p99 ≤ 1 s.
 *
 * Games are copies of one template made in SQL (test/support/due-fixtures.ts); the setup app in this
 * process runs no workers. DATABASE_URL: a server where this role may CREATE DATABASE; else an
 * embedded PostgreSQL. DUE_CONCURRENCY is passed to the worker processes.
 * `npm run bench` calls `measureDeadlineLag` for its "deadline lag" line.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { databaseUrlFor, startTemporaryPostgres } from '../src/store/embedded-postgres.js';
import { migrate } from '../src/store/migrate.js';
import { cloneGame, makeDueTogether } from '../test/support/due-fixtures.js';
import { toyGame } from '../test/support/toy-game.js';

const root = join(import.meta.dirname, '..');

export interface LagFigures {
  count: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

export interface DeadlineLagResult {
  deadlines: LagFigures & { allWithinMs: number };
  bots: LagFigures;
  workers: number;
  concurrency: string;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
const figures = (lags: number[]): LagFigures => {
  const sorted = [...lags].sort((a, b) => a - b);
  return { count: sorted.length, p50Ms: percentile(sorted, 50), p99Ms: percentile(sorted, 99), maxMs: sorted.at(-1) ?? NaN };
};

function startWorker(databaseUrl: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/support/due-worker-child.ts', databaseUrl], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk) => {
      output += chunk;
      if (output.includes('worker ready')) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`a worker process exited with ${code}`)));
  });
}

async function until(probe: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Runs both measurements on a fresh database of the server at `serverUrl` (default: DATABASE_URL, else embedded). */
export async function measureDeadlineLag(options: { serverUrl?: string; games?: number; botGames?: number; botRounds?: number; say?: (line: string) => void } = {}): Promise<DeadlineLagResult> {
  const say = options.say ?? (() => {});
  const games = options.games ?? 1000;
  const botGames = options.botGames ?? 100;
  const botRounds = options.botRounds ?? 10;
  const cleanups: (() => Promise<unknown>)[] = [];
  try {
    let serverUrl = options.serverUrl ?? (process.env.DATABASE_URL?.trim() || null);
    if (!serverUrl) {
      const server = await startTemporaryPostgres('bgs-bench-due-', say);
      cleanups.push(() => server.stop());
      serverUrl = server.url;
    }
    const name = `bgs_bench_due_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Pool({ connectionString: serverUrl, max: 1 });
    // An idle connection that dies must not end the bench before it reports why (pg pools throw otherwise).
    const idleError = (error: Error) => say(`an idle database connection failed: ${error.message}`);
    admin.on('error', idleError);
    await admin.query(`CREATE DATABASE ${name}`);
    cleanups.push(async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    });
    const databaseUrl = databaseUrlFor(serverUrl, name);
    await migrate(databaseUrl);
    const sql = new pg.Pool({ connectionString: databaseUrl, max: 4 });
    sql.on('error', idleError);
    cleanups.push(() => sql.end());

    // The setup process: no workers; its commits still signal theirs.
    const app = await buildApp({ config: loadConfig({ JWT_SECRET: 'x'.repeat(40), LOG_LEVEL: 'silent', WORKERS: 'false' }), databaseUrl, catalog: { toy: toyGame } });
    cleanups.push(() => app.close());
    const register = async (username: string) =>
      (await app.inject({ method: 'POST', url: '/v1/auth/register', payload: { username, password: 'bench password 1234' } })).json().token as string;
    const [alice, bob] = [await register('bench_alice'), await register('bench_bob')];
    const as = (token: string) => ({ authorization: `Bearer ${token}` });

    const workerProcesses = await Promise.all([startWorker(databaseUrl), startWorker(databaseUrl)]);
    cleanups.push(async () => {
      for (const child of workerProcesses) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
    });
    say(`two worker processes started (DUE_CONCURRENCY ${process.env.DUE_CONCURRENCY ?? 'default'})`);

    // 1. The deadline burst.
    const timed = (await app.inject({ method: 'POST', url: '/v1/games', headers: as(alice), payload: { type: 'toy', seats: 2, timeControl: { kind: 'per-move', moveSeconds: 3600 } } })).json();
    await app.inject({ method: 'POST', url: `/v1/games/${timed.id}/join`, headers: as(bob), payload: {} });
    const ids = await cloneGame(sql, timed.id, games);
    const due = await makeDueTogether(sql, ids, 3600, 2000);
    app.services.work.gameDue(due);
    say(`${games} games due at ${due.toISOString()}`);
    const count = async () => (await sql.query(`SELECT count(*)::int AS n FROM game_events WHERE game_id = ANY($1::uuid[]) AND kind = 'timeout'`, [ids])).rows[0].n as number;
    await until(async () => (await count()) >= games, 120_000, `${games} timeouts`);
    const { rows: fired } = await sql.query<{ lag: number }>(
      `SELECT extract(epoch FROM (e.created_at - $2::timestamptz)) * 1000 AS lag FROM game_events e WHERE e.game_id = ANY($1::uuid[]) AND e.kind = 'timeout'`, [ids, due]);
    const deadlines = figures(fired.map((row) => Number(row.lag)));
    if (fired.length !== games) throw new Error(`expected ${games} timeouts, found ${fired.length}`);

    // 2. Bot games, all at once.
    const host = (await app.inject({ method: 'POST', url: '/v1/games', headers: as(alice), payload: { type: 'toy', seats: 2, options: { rounds: botRounds } } })).json();
    // The host's own seat goes to a bot (leaving as the last person would close the game).
    await app.inject({ method: 'PUT', url: `/v1/games/${host.id}/seats/0`, headers: as(alice), payload: { fill: 'bot' } });
    // The template must not start (it would be played before it is copied): copy it open, then fill the copies' seats.
    const botIds = await cloneGame(sql, host.id, botGames);
    const started = await Promise.all(
      botIds.map(async (id) => {
        await app.inject({ method: 'PUT', url: `/v1/games/${id}/seats/0`, headers: as(alice), payload: { fill: 'bot' } });
        const response = await app.inject({ method: 'PUT', url: `/v1/games/${id}/seats/1`, headers: as(alice), payload: { fill: 'bot' } });
        if (response.json().status === 'open') throw new Error(`bot game ${id} did not start: ${response.body}`);
      }),
    );
    say(`${started.length} bot games started`);
    const moves = botRounds * 2;
    await until(async () => (await sql.query(`SELECT count(*)::int AS n FROM games WHERE id = ANY($1::uuid[]) AND status = 'finished'`, [botIds])).rows[0].n >= botGames, 300_000, 'the bot games to end');
    // A bot move's latency counts from the event before it (the start event, seq 1, for the first move).
    const { rows: botLags } = await sql.query<{ lag: number }>(
      `SELECT lag FROM (
         SELECT e.kind, extract(epoch FROM (e.created_at - coalesce(lag(e.created_at) OVER w, g.started_at))) * 1000 AS lag
         FROM game_events e JOIN games g ON g.id = e.game_id WHERE e.game_id = ANY($1::uuid[])
         WINDOW w AS (PARTITION BY e.game_id ORDER BY e.seq)) moves
       WHERE kind <> 'start'`, [botIds]);
    if (botLags.length !== botGames * moves) throw new Error(`expected ${botGames * moves} bot moves, found ${botLags.length}`);
    return {
      deadlines: { ...deadlines, allWithinMs: deadlines.maxMs },
      bots: figures(botLags.map((row) => Number(row.lag))),
      workers: 2,
      concurrency: process.env.DUE_CONCURRENCY ?? 'default',
    };
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup().catch((error: unknown) => console.error('[bench-deadlines] cleanup failed:', error));
  }
}

const ms = (value: number) => `${Math.round(value)} ms`;

/** The one-line summary `npm run bench` prints. */
export const deadlineLagLine = (result: DeadlineLagResult) =>
  `deadline lag (2 worker processes): ${result.deadlines.count} games due at once: p50 ${ms(result.deadlines.p50Ms)}, p99 ${ms(result.deadlines.p99Ms)}, all within ${ms(result.deadlines.maxMs)}` +
  ` | ${result.bots.count} bot moves in concurrent bot games: p50 ${ms(result.bots.p50Ms)}, p99 ${ms(result.bots.p99Ms)}, max ${ms(result.bots.maxMs)}`;

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const intEnv = (name: string, fallback: number) => (process.env[name] ? Number(process.env[name]) : fallback);
  const result = await measureDeadlineLag({
    games: intEnv('BENCH_DUE_GAMES', 1000),
    botGames: intEnv('BENCH_BOT_GAMES', 100),
    botRounds: intEnv('BENCH_BOT_ROUNDS', 10),
    say: (line) => console.log(`[bench-deadlines] ${line}`),
  });
  const { deadlines, bots } = result;
  console.log(`\nDeadline burst: ${deadlines.count} games due at the same instant, 2 worker processes`);
  console.log(`  lag (timeout commit − deadline): p50 ${ms(deadlines.p50Ms)}  p99 ${ms(deadlines.p99Ms)}  max ${ms(deadlines.maxMs)}   goal: all ≤ 2000 ms, p99 ≤ 1000 ms`);
  console.log(`Bot games: ${bots.count} bot moves in concurrent games`);
  console.log(`  latency (bot move commit − the commit that made it due): p50 ${ms(bots.p50Ms)}  p99 ${ms(bots.p99Ms)}  max ${ms(bots.maxMs)}   goal: p99 ≤ 1000 ms`);
  console.log(`\n${deadlineLagLine(result)}`);
}
