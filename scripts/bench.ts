/**
 * `npm run bench`: submit-action throughput and latency over HTTP at several client concurrencies,
 * beside this machine's raw PostgreSQL append rate at the same concurrencies, and their ratio.
 *
 * One run: a PostgreSQL server (DATABASE_URL if set, else an embedded one in a temporary folder), a
 * fresh database on it, migrated; the app (buildApp) serving the test-only toy game on 127.0.0.1;
 * users registered and 2-player games created and started over HTTP. Then, per concurrency, every
 * client plays its own games (no two clients ever touch one game, so no lock contention between
 * them) by POSTing /v1/games/:id/actions for the seat whose turn it is; the clients run in a worker
 * thread (scripts/bench-load.ts) and measure each request with fetch over loopback (keep-alive).
 * Then the same concurrencies run one-row insert transactions (BEGIN; INSERT; COMMIT) through a
 * `pg` Pool. Everything is dropped and stopped at the end.
 *
 * Settings (environment):
 *   BENCH_CONCURRENCY   levels, comma-separated (default 1,8,32)
 *   BENCH_ACTIONS       actions per level: one number, or one per level (default 1000,3000,3000)
 *   BENCH_PG_ACTIONS    inserts per level, same form (default: as BENCH_ACTIONS)
 *   BENCH_MAX_SECONDS   a level stops after this long even if its count is not reached (default 15)
 *   BENCH_WARMUP        untimed actions and inserts before the levels (default 300)
 *   BENCH_ACTION        pass | play (play the first card in hand; default pass)
 *   BENCH_ROUNDS        toy game rounds per player, 1..20 (default 20: 40 actions per game)
 *   BENCH_USERS         users registered (default 16; games are between pairs of them)
 *   BENCH_HEADROOM      games prepared per run: for min(budget, HEADROOM x best rate so far x
 *                       BENCH_MAX_SECONDS) actions (default 3); a run that uses them all ends early
 *   BENCH_PG_POOL       raw pg pool size (default: the level's concurrency)
 *   BENCH_LOG_LEVEL     the app's log level (default silent)
 *   WORKERS             passed to the app's config as is (its job workers; default: the app's default)
 *   DATABASE_URL        a server where this role may CREATE DATABASE; else embedded PostgreSQL
 */
import { randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { games as servedGames } from '../src/games/index.js';
import { databaseUrlFor, startTemporaryPostgres } from '../src/store/embedded-postgres.js';
import { migrate } from '../src/store/migrate.js';
import { toyGame } from '../test/support/toy-game.js';
import type { ActionKind, GameSlot, Job, WorkerMessage } from './bench-load.js';

const BENCH_JWT_SECRET = 'bench-secret-that-is-long-enough-for-hs256!!';
const APP_POOL_SIZE = 10; // createDb's default in src/store/db.ts (buildApp does not set it)
const started = 0; // performance.now() counts from the process's start: the times include loading the code
const loadAtStart = loadavg();
const say = (line: string) => console.log(`[bench ${((performance.now() - started) / 1000).toFixed(1).padStart(5)}s] ${line}`);

// ---------- settings ----------

function intList(name: string, fallback: number[], min: number, max: number): number[] {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const values = raw.split(',').map((part) => Number(part.trim()));
  if (values.length === 0 || values.some((value) => !Number.isInteger(value) || value < min || value > max)) {
    throw new Error(`${name} must be integers from ${min} to ${max}, comma-separated; got "${raw}"`);
  }
  return values;
}
const int = (name: string, fallback: number, min: number, max: number) => intList(name, [fallback], min, max)[0]!;
function perLevel(name: string, values: number[], levels: number): number[] {
  if (values.length === 1) return Array(levels).fill(values[0]);
  if (values.length !== levels) throw new Error(`${name} needs one value, or one per level (${levels})`);
  return values;
}

const levels = intList('BENCH_CONCURRENCY', [1, 8, 32], 1, 1000);
const defaultActions = levels.length === 3 ? [1000, 3000, 3000] : [3000];
const apiActions = perLevel('BENCH_ACTIONS', intList('BENCH_ACTIONS', defaultActions, 1, 10_000_000), levels.length);
const pgActions = perLevel('BENCH_PG_ACTIONS', intList('BENCH_PG_ACTIONS', apiActions, 1, 10_000_000), levels.length);
const maxMs = int('BENCH_MAX_SECONDS', 15, 1, 3600) * 1000;
const warmup = int('BENCH_WARMUP', 300, 0, 1_000_000);
const rounds = int('BENCH_ROUNDS', 20, 1, 20);
const maxLevel = Math.max(...levels);
const userCount = int('BENCH_USERS', Math.max(2, Math.min(16, 2 * maxLevel)), 2, 100_000);
const headroom = Number(process.env.BENCH_HEADROOM || 8);
if (!(headroom >= 1)) throw new Error('BENCH_HEADROOM must be a number, at least 1');
const pgPool = process.env.BENCH_PG_POOL ? int('BENCH_PG_POOL', 1, 1, 1000) : undefined;
const actionKind = (process.env.BENCH_ACTION ?? 'pass') as ActionKind;
if (actionKind !== 'pass' && actionKind !== 'play') throw new Error('BENCH_ACTION must be pass or play');

// ---------- helpers ----------

async function sql<T extends pg.QueryResultRow = pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

/** Runs `work` over `items` with at most `limit` in flight. */
async function pooled<T, R>(items: T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!, index);
    }
  }));
  return results;
}

async function call<T>(baseUrl: string, method: string, path: string, token: string | null, body: unknown, expected: number): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status !== expected) throw new Error(`${method} ${path}: HTTP ${response.status} (expected ${expected}): ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

interface Measured {
  count: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p99: number;
  errors: number;
  firstError: string | null;
}

function summarise(message: Extract<WorkerMessage, { kind: 'result' }>): Measured {
  const sorted = message.latencies.slice().sort();
  const seconds = message.elapsedMs / 1000;
  return { count: sorted.length, seconds, perSecond: sorted.length / seconds, p50: percentile(sorted, 50), p99: percentile(sorted, 99), errors: message.errors, firstError: message.firstError };
}

// ---------- the load worker ----------

class Load {
  private worker: Worker;
  private pending: { resolve: (m: Extract<WorkerMessage, { kind: 'result' }>) => void; reject: (e: Error) => void } | null = null;

  constructor() {
    // tsx's loader does not reach worker threads by itself on Node 20: register it in the worker.
    const file = new URL('./bench-load.ts', import.meta.url).href;
    const boot = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(file)}); })`;
    this.worker = new Worker(boot, { eval: true });
    this.worker.on('message', (message: WorkerMessage) => {
      if (message.kind === 'progress') {
        const rate = message.done / (message.elapsedMs / 1000);
        say(`  ${message.label}: ${message.done}/${message.target} in ${(message.elapsedMs / 1000).toFixed(1)} s (${rate.toFixed(0)}/s so far)`);
      } else if (message.kind === 'result') {
        this.pending?.resolve(message);
        this.pending = null;
      } else {
        this.pending?.reject(new Error(`load worker: ${message.message}`));
        this.pending = null;
      }
    });
    this.worker.on('error', (error) => {
      this.pending?.reject(error);
      this.pending = null;
    });
  }

  run(job: Job): Promise<Extract<WorkerMessage, { kind: 'result' }>> {
    return new Promise((resolve, reject) => {
      this.pending = { resolve, reject };
      this.worker.postMessage(job);
    });
  }

  async close(): Promise<void> {
    await this.worker.terminate();
  }
}

// ---------- main ----------

interface User {
  username: string;
  token: string;
}

async function main(): Promise<void> {
  const cleanups: Array<{ name: string; run: () => Promise<unknown> }> = [];
  const cleanup = async () => {
    while (cleanups.length > 0) {
      const step = cleanups.pop()!;
      const t0 = performance.now();
      await step.run().catch((error: unknown) => console.error(`[bench] cleanup (${step.name}) failed:`, error));
      say(`  ${step.name}: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    }
  };
  let interrupted = false;
  const onSignal = () => {
    if (interrupted) process.exit(130);
    interrupted = true;
    say('interrupted: cleaning up');
    void cleanup().finally(() => process.exit(130));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  try {
    // PostgreSQL server
    let serverUrl = process.env.DATABASE_URL?.trim() || null;
    const embedded = serverUrl === null;
    if (embedded) {
      say('DATABASE_URL is not set: starting an embedded PostgreSQL in a temporary folder');
      const server = await startTemporaryPostgres('bgs-bench-pg-', say);
      cleanups.push({ name: 'stop embedded PostgreSQL and remove its folder', run: () => server.stop() });
      serverUrl = server.url;
    } else {
      say('using the PostgreSQL server at DATABASE_URL');
    }
    const adminUrl = serverUrl!;
    const database = `bgs_bench_${randomBytes(5).toString('hex')}`;
    await sql(adminUrl, `CREATE DATABASE ${database}`);
    cleanups.push({ name: `drop database ${database}`, run: () => sql(adminUrl, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`) });
    const databaseUrl = databaseUrlFor(adminUrl, database);
    say(`created database ${database}; migrating`);
    const applied = await migrate(databaseUrl);
    say(`applied ${applied.length} migration(s)`);
    await sql(databaseUrl, 'CREATE TABLE bench_append (id serial PRIMARY KEY, game_id int NOT NULL, seq int NOT NULL, payload jsonb NOT NULL)');
    const [settings] = await sql<{ version: string; fsync: string; synchronous_commit: string; max_connections: string }>(
      databaseUrl,
      `SELECT current_setting('server_version') AS version, current_setting('fsync') AS fsync,
              current_setting('synchronous_commit') AS synchronous_commit, current_setting('max_connections') AS max_connections`,
    );
    if (Number(settings!.max_connections) < maxLevel + APP_POOL_SIZE + 5) {
      say(`warning: max_connections is ${settings!.max_connections}; the raw pg level at ${maxLevel} clients may be refused connections`);
    }

    // The app
    const config = loadConfig({ JWT_SECRET: BENCH_JWT_SECRET, LOG_LEVEL: process.env.BENCH_LOG_LEVEL || 'silent', WORKERS: process.env.WORKERS });
    const workers = (config as { workers?: boolean }).workers;
    const app: FastifyInstance = await buildApp({ config, databaseUrl, catalog: { toy: toyGame } });
    cleanups.push({ name: 'close the app', run: () => app.close() });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const baseUrl = `http://127.0.0.1:${port}`;
    say(`app listening on ${baseUrl} (game "toy": ${toyGame.title}, from test/support/toy-game.ts; ${Object.keys(servedGames).length} game(s) in the served catalog)`);

    // Users and games
    const setupStarted = performance.now();
    const users = await pooled(Array.from({ length: userCount }, (_, i) => i), 8, async (i): Promise<User> => {
      const username = `bench_${process.pid}_${i}`;
      const { token } = await call<{ token: string }>(baseUrl, 'POST', '/v1/auth/register', null, { username, password: 'bench password 1234' }, 201);
      return { username, token };
    });
    say(`registered ${users.length} users in ${((performance.now() - setupStarted) / 1000).toFixed(1)} s`);

    // Games are created and started over HTTP before each run (never while one is timed): enough
    // for the run's whole budget, or for `headroom` times the best rate seen so far over the time
    // limit when that is less. Runs keep the games earlier runs left unfinished.
    const perGame = rounds * 2;
    let pool: GameSlot[] = [];
    let created = 0;
    let bestRate = 0;
    const capacity = () => pool.reduce((sum, game) => sum + (game.active === null ? 0 : perGame - game.version), 0);
    const prepare = async (budget: number, concurrency: number) => {
      const target = bestRate > 0 ? Math.min(budget, Math.ceil(bestRate * headroom * (maxMs / 1000))) : budget;
      const missing = Math.max(Math.ceil((target - capacity()) / perGame), concurrency - pool.length, 0);
      if (missing === 0) return;
      const t0 = performance.now();
      const fresh = await pooled(Array.from({ length: missing }, (_, i) => i), 16, async (): Promise<GameSlot> => {
        const i = created++;
        // Pairs of distinct users, spread over everyone.
        const a = users[(2 * i) % users.length]!;
        const b = users[(2 * i + 1) % users.length]!;
        const game = await call<{ id: string }>(baseUrl, 'POST', '/v1/games', a.token, { type: 'toy', seats: 2, options: { rounds } }, 201);
        const joined = await call<{ status: string; version: number; activeSeats: number[]; view: { hand: number[] | null } }>(
          baseUrl, 'POST', `/v1/games/${game.id}/join`, b.token, {}, 200);
        if (joined.status !== 'active') throw new Error(`game ${game.id} did not start when its last seat filled (status ${joined.status})`);
        let hand0: number[] = [];
        if (actionKind === 'play') {
          const seen = await call<{ view: { hand: number[] | null } }>(baseUrl, 'GET', `/v1/games/${game.id}`, a.token, undefined, 200);
          hand0 = seen.view.hand ?? [];
        }
        return { id: game.id, tokens: [a.token, b.token], version: joined.version, active: joined.activeSeats[0] ?? null, hands: [hand0, joined.view.hand ?? []] };
      });
      pool = [...pool, ...fresh];
      say(`created and started ${missing} two-player toy games (${rounds} rounds: ${perGame} actions each) in ${((performance.now() - t0) / 1000).toFixed(1)} s; ${pool.length} games ready, room for ${capacity()} actions`);
    };
    const ranOut = (result: { ranOutAtMs: number | null }) =>
      result.ranOutAtMs === null ? '' : `every prepared game was over after ${(result.ranOutAtMs / 1000).toFixed(1)} s: raise BENCH_HEADROOM`;

    const load = new Load();
    cleanups.push({ name: 'stop the load worker', run: () => load.close() });

    // Warm-up (JIT, connection pools), not reported.
    if (warmup > 0) {
      const c = Math.min(8, maxLevel);
      await prepare(warmup, c);
      say(`warm-up: ${warmup} actions and ${warmup} inserts at ${c} clients (not reported)`);
      const result = await load.run({ kind: 'api', label: 'warm-up API', baseUrl, concurrency: c, actions: warmup, maxMs, action: actionKind, games: pool });
      if (result.errors > 0) throw new Error(`warm-up: ${result.errors} failed actions, first: ${result.firstError}`);
      pool = result.games;
      bestRate = result.latencies.length / (result.elapsedMs / 1000);
      await load.run({ kind: 'pg', label: 'warm-up pg', databaseUrl, concurrency: c, actions: warmup, maxMs, poolSize: pgPool });
    }

    const rows: Array<{ concurrency: number; api: Measured; raw: Measured }> = [];
    const notes: string[] = [];
    for (const [i, concurrency] of levels.entries()) {
      await prepare(apiActions[i]!, concurrency);
      say(`API: ${apiActions[i]} actions (at most ${maxMs / 1000} s) at ${concurrency} concurrent client(s) over ${pool.length} games`);
      const apiResult = await load.run({ kind: 'api', label: `API c=${concurrency}`, baseUrl, concurrency, actions: apiActions[i]!, maxMs, action: actionKind, games: pool });
      pool = apiResult.games;
      const api = summarise(apiResult);
      bestRate = Math.max(bestRate, api.perSecond);
      say(`API c=${concurrency}: ${api.count} actions in ${api.seconds.toFixed(2)} s = ${api.perSecond.toFixed(0)}/s, p50 ${api.p50.toFixed(2)} ms, p99 ${api.p99.toFixed(2)} ms${api.errors ? `, ${api.errors} errors (first: ${api.firstError})` : ''}${apiResult.ranOutAtMs === null ? '' : ` (${ranOut(apiResult)})`}`);
      if (apiResult.ranOutAtMs !== null) notes.push(`c=${concurrency}: ${ranOut(apiResult)}`);

      say(`raw pg: ${pgActions[i]} one-row insert transactions at ${concurrency} concurrent client(s)`);
      const rawResult = await load.run({ kind: 'pg', label: `pg c=${concurrency}`, databaseUrl, concurrency, actions: pgActions[i]!, maxMs, poolSize: pgPool });
      const raw = summarise(rawResult);
      say(`pg c=${concurrency}: ${raw.count} inserts in ${raw.seconds.toFixed(2)} s = ${raw.perSecond.toFixed(0)}/s, p50 ${raw.p50.toFixed(2)} ms, p99 ${raw.p99.toFixed(2)} ms${raw.errors ? `, ${raw.errors} errors (first: ${raw.firstError})` : ''}`);
      rows.push({ concurrency, api, raw });
    }

    // Checks: every timed action is in the event log.
    const [{ events }] = (await sql<{ events: string }>(databaseUrl, 'SELECT count(*) AS events FROM game_events WHERE seq > 0')) as [{ events: string }];
    const played = rows.reduce((sum, row) => sum + row.api.count, 0);

    // Report
    const cpuList = cpus();
    const lines = [
      '',
      'Benchmark: submit an action over HTTP vs. a raw one-row PostgreSQL insert transaction',
      `  node ${process.version}, ${cpuList.length} CPU(s) (${cpuList[0]?.model.trim() ?? 'unknown'}), ${process.platform}/${process.arch}, load average ${loadAtStart.map((l) => l.toFixed(2)).join(' ')} at start (other work on the machine skews every figure)`,
      `  PostgreSQL ${settings!.version} (${embedded ? 'embedded, in a temporary folder' : 'at DATABASE_URL'}), fsync=${settings!.fsync}, synchronous_commit=${settings!.synchronous_commit}`,
      `  game: the test-only toy game "${toyGame.title}" (test/support/toy-game.ts) via buildApp's catalog option, 2 players, action "${actionKind}", each client plays its own games`,
      `  API: POST /v1/games/:id/actions with expectedVersion, fetch keep-alive over loopback from a worker thread; server pool ${APP_POOL_SIZE} connections${workers === undefined ? '' : `, job workers ${workers ? 'on' : 'off'}`}`,
      `  raw pg: BEGIN; INSERT INTO bench_append (game_id, seq, payload jsonb); COMMIT through pg.Pool (pool = ${pgPool ?? 'concurrency'})`,
      `  latencies in ms; ${played} timed actions + ${warmup} warm-up = ${events} events appended to game_events`,
      '',
    ];
    const header = ['concurrency', 'API actions/s', 'p50 ms', 'p99 ms', 'raw pg inserts/s', 'p50 ms', 'p99 ms', 'API/raw ratio'];
    const table = rows.map((row) => [
      String(row.concurrency),
      row.api.perSecond.toFixed(0),
      row.api.p50.toFixed(2),
      row.api.p99.toFixed(2),
      row.raw.perSecond.toFixed(0),
      row.raw.p50.toFixed(2),
      row.raw.p99.toFixed(2),
      (row.api.perSecond / row.raw.perSecond).toFixed(2),
    ]);
    const widths = header.map((title, c) => Math.max(title.length, ...table.map((cells) => cells[c]!.length)));
    const format = (cells: string[]) => `| ${cells.map((cell, c) => cell.padStart(widths[c]!)).join(' | ')} |`;
    lines.push(format(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...table.map(format));
    const failures = rows.filter((row) => row.api.errors > 0 || row.raw.errors > 0);
    for (const note of notes) lines.push(`  ${note}`);
    for (const row of failures) {
      lines.push(`  c=${row.concurrency}: ${row.api.errors} API errors (first: ${row.api.firstError ?? '-'}), ${row.raw.errors} pg errors (first: ${row.raw.firstError ?? '-'})`);
    }
    lines.push(`  total time ${((performance.now() - started) / 1000).toFixed(1)} s`);
    console.log(lines.join('\n'));
    if (failures.length > 0) process.exitCode = 1;
  } finally {
    say('stopping');
    await cleanup();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

main().catch((error: unknown) => {
  console.error('[bench] failed:', error);
  process.exitCode = 1;
});
