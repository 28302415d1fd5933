/**
 * The measures of `npm run bench:scale` (scripts/bench-scale.ts), each taken on the small and on
 * the large database in turn, printed side by side with their ratio (goal: p99 ≤ 1.2× the small
 * database's). HTTP measures go to the real service in a process of its own per database
 * (scripts/bench-server.ts, workers off so nothing else runs), one request at a time; store-level
 * measures (the due-work claim, the retention pass) call the service's own functions.
 */
import { fork, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, statfsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { createTokenService } from '../src/auth/tokens.js';
import { loadConfig, NO_LOAD_SHEDDING } from '../src/config.js';
import { pruneOnce } from '../src/services/retention.js';
import { archiveDictionaries, archiveFinishedGames, decodeEvents, dictionaryFor, encodeEvents, restoreArchive, type ArchiveDictionary } from '../src/store/archive.js';
import { withDueGames } from '../src/store/due-work.js';
import { migrate } from '../src/store/migrate.js';
import type { ServerMessage, ServerRequest } from './bench-server.js';
import type { FillTarget } from './scale-fill.js';
import { median } from './median.js';
import { waitFor } from '../test/support/wait.js';

type Say = (line: string) => void;
interface Database { url: string; target: FillTarget }
interface Figures { p50: number; p99: number; n: number }

const JWT_SECRET = 'bench-scale-secret-that-is-long-enough!!';
const ISSUER = 'boardgame-server';
const samples = Number(process.env.SCALE_SAMPLES ?? 300);
const skip = new Set((process.env.SCALE_SKIP ?? '').split(',').map((part) => part.trim()).filter(Boolean));
const tsx = { execArgv: ['--import', 'tsx'] };

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function timed(count: number, run: (i: number) => Promise<void>, warmup = 10): Promise<Figures> {
  for (let i = 0; i < warmup; i++) await run(i);
  const took: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    await run(warmup + i);
    took.push(performance.now() - started);
  }
  took.sort((a, b) => a - b);
  return { p50: percentile(took, 50), p99: percentile(took, 99), n: count };
}

class Server {
  private constructor(readonly process: ChildProcess, readonly baseUrl: string) {}
  static async start(databaseUrl: string, env: Record<string, string> = {}): Promise<Server> {
    const child = fork(new URL('./bench-server.ts', import.meta.url).pathname, ['app'], {
      ...tsx, stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      env: { ...process.env, DATABASE_URL: databaseUrl, JWT_SECRET, JWT_ISSUER: ISSUER, LOG_LEVEL: 'warn', RATE_LIMITS: 'false', WORKERS: 'false', REDIS_URL: '',
        // One request at a time is measured: a loaded machine's event-loop delay must not refuse it.
        ...NO_LOAD_SHEDDING, ...env },
    });
    const ready = await new Promise<ServerMessage>((resolve, reject) => {
      child.once('message', (message: ServerMessage) => resolve(message));
      child.once('exit', (code) => reject(new Error(`the service on ${databaseUrl} exited (${code}) before it listened`)));
    });
    if (ready.kind !== 'ready') throw new Error('unexpected first message');
    return new Server(child, `http://127.0.0.1:${ready.port}`);
  }
  async memory(): Promise<NodeJS.MemoryUsage> {
    const answer = new Promise<ServerMessage>((resolve) => this.process.once('message', resolve));
    this.process.send({ kind: 'memory' } satisfies ServerRequest);
    const message = await answer;
    if (message.kind !== 'memory') throw new Error('unexpected answer');
    return message.usage;
  }
  async get(path: string, token: string, expect = 200): Promise<unknown> {
    const response = await fetch(this.baseUrl + path, { headers: { authorization: `Bearer ${token}` } });
    const body = await response.json();
    if (response.status !== expect) throw new Error(`GET ${path}: ${response.status} ${JSON.stringify(body).slice(0, 300)}`);
    return body;
  }
  async post(path: string, token: string, payload: unknown): Promise<{ status: number; body: unknown }> {
    const response = await fetch(this.baseUrl + path, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(payload) });
    return { status: response.status, body: await response.json() };
  }
  async stop(): Promise<void> {
    const exited = new Promise((resolve) => this.process.once('exit', resolve));
    this.process.kill('SIGTERM');
    await exited;
  }
}

/** What each measure needs of one database: accounts, tokens and game ids (read once, before any timing). */
interface Setup {
  heavy: { id: string; username: string; token: string };
  admin: { token: string };
  finishedIds: string[];
  /** Each sampled finished game's version (its last event's seq), by id. */
  versions: Map<string, number>;
  heavyActiveIds: string[];
  sql: pg.Pool;
  games: number;
}

async function setup(database: Database): Promise<Setup> {
  const sql = new pg.Pool({ connectionString: database.url, max: 2 });
  // An idle connection cut by SCALE_COLD_COMMAND's restart of PostgreSQL: the next query opens another.
  sql.on('error', () => {});
  const tokens = createTokenService(JWT_SECRET, ISSUER, 24 * 3600);
  const { rows: [heavy] } = await sql.query<{ id: string; username: string }>('SELECT u.id, u.username FROM bench_users b JOIN users u ON u.id = b.id WHERE b.n = 0');
  const { rows: [admin] } = await sql.query<{ id: string }>("SELECT id FROM users WHERE username = 'scale_admin'");
  // A random sample, in a fixed order (the same sample for every measure of this database).
  const { rows: finished } = await sql.query<{ id: string; version: number }>("SELECT id, version FROM games WHERE status = 'finished' ORDER BY md5(id::text) LIMIT 5000");
  const { rows: heavyActive } = await sql.query<{ id: string }>("SELECT g.id FROM games g JOIN seats s ON s.game_id = g.id WHERE s.user_id = $1 AND g.status = 'active'", [heavy!.id]);
  const { rows: [counted] } = await sql.query<{ n: number }>('SELECT count(*)::int AS n FROM games');
  return {
    heavy: { ...heavy!, token: await tokens.issue({ userId: heavy!.id, username: heavy!.username, role: 'player' }) },
    admin: { token: await tokens.issue({ userId: admin!.id, username: 'scale_admin', role: 'admin' }) },
    finishedIds: finished.map((row) => row.id),
    versions: new Map(finished.map((row) => [row.id, row.version])),
    heavyActiveIds: heavyActive.map((row) => row.id),
    sql,
    games: counted!.n,
  };
}

type Measure = { name: string; run: (server: Server, s: Setup, i: number) => Promise<void>; count?: number };

function httpMeasures(): Measure[] {
  const since = new Date(Date.now() - 30 * 86400_000).toISOString();
  return [
    { name: 'GET /v1/games/:id (finished, 20 games in turn)', run: async (server, s, i) => void (await server.get(`/v1/games/${s.finishedIds[i % 20]}`, s.heavy.token)) },
    { name: 'GET /v1/games/:id cold (each game once)', run: async (server, s, i) => void (await server.get(`/v1/games/${s.finishedIds[100 + i]}`, s.heavy.token)) },
    { name: 'GET legal-actions (100 active games in turn)', run: async (server, s, i) => void (await server.get(`/v1/games/${s.heavyActiveIds[i % s.heavyActiveIds.length]}/legal-actions`, s.heavy.token)) },
    {
      name: 'GET log, newest page (finished, each game once)',
      run: async (server, s, i) => {
        const id = s.finishedIds[2_000 + i]!;
        const { rows: [row] } = await s.sql.query<{ version: number }>('SELECT version FROM games WHERE id = $1', [id]);
        await server.get(`/v1/games/${id}/log?after=${Math.max(0, row!.version - 50)}&limit=50`, s.heavy.token);
      },
    },
    { name: 'GET /v1/lobby', run: async (server, s) => void (await server.get('/v1/lobby', s.heavy.token)) },
    { name: 'GET /v1/games?awaitingMe=true (your turn, 100 active)', run: async (server, s) => void (await server.get('/v1/games?awaitingMe=true', s.heavy.token)) },
    { name: 'GET /v1/games?mine=true (my games)', run: async (server, s) => void (await server.get('/v1/games?mine=true', s.heavy.token)) },
    { name: 'GET /v1/games?status=active (all visible)', run: async (server, s) => void (await server.get('/v1/games?status=active', s.heavy.token)) },
    { name: 'admin search: player', run: async (server, s) => void (await server.get(`/v1/admin/games?player=${s.heavy.username}`, s.admin.token)) },
    { name: 'admin search: type + status', run: async (server, s) => void (await server.get('/v1/admin/games?type=guild-town&status=finished', s.admin.token)) },
    { name: 'admin search: rules version', run: async (server, s) => void (await server.get('/v1/admin/games?type=urbanization&rulesVersion=1', s.admin.token)) },
    { name: 'admin search: created in the last 30 days', run: async (server, s) => void (await server.get(`/v1/admin/games?createdFrom=${since}`, s.admin.token)) },
    // A page of 5: the small database holds only 8 failed verdicts, and pages of unequal length are not the same work.
    { name: 'admin search: verify failed (page of 5)', run: async (server, s) => void (await server.get('/v1/admin/games?verify=failed&limit=5', s.admin.token)) },
    { name: 'admin search: no filter (newest)', run: async (server, s) => void (await server.get('/v1/admin/games', s.admin.token)) },
  ];
}

function row(name: string, small: Figures, large: Figures): string {
  const ratio = large.p99 / small.p99;
  return `| ${name} | ${small.p50.toFixed(2)} | ${small.p99.toFixed(2)} | ${large.p50.toFixed(2)} | ${large.p99.toFixed(2)} | ${ratio.toFixed(2)}${ratio > 1.2 ? ' ✗' : ''} |`;
}

async function storeMeasures(databases: { small: Database; large: Database }, say: Say): Promise<string[]> {
  const lines: string[] = [];
  const apps = await Promise.all([databases.small, databases.large].map(async (database) => {
    const config = loadConfig({ JWT_SECRET, LOG_LEVEL: 'warn', RATE_LIMITS: 'false', WORKERS: 'false' });
    const app = await buildApp({ config, databaseUrl: database.url, workers: false });
    await app.ready();
    return app;
  }));
  try {
    // The due-work claim: 200 active games made due (of the 100,000 holding deadlines), then claims
    // of 8 whose work changes nothing, so every claim finds the same work (and commits).
    const claims: Figures[] = [];
    for (const app of apps) {
      const db = app.services.db;
      await db.$executeRawUnsafe("UPDATE games SET due_at = now() - interval '1 second' WHERE id IN (SELECT id FROM games WHERE status = 'active' ORDER BY md5(id::text) LIMIT 200)");
      claims.push(await timed(samples, async () => {
        const { done } = await withDueGames(db, new Date(), 8, () => {}, async () => null, () => new Date());
        if (done.length !== 8) throw new Error(`claimed ${done.length} games, not 8`);
      }));
      await db.$executeRawUnsafe("UPDATE games SET due_at = now() + interval '1 hour' + random() * interval '3 days' WHERE due_at <= now()");
    }
    lines.push(row('due-work claim of 8 (100k games holding deadlines)', claims[0]!, claims[1]!));
    const retention = { idempotencyKeyDays: 2, webhookDeliveryDays: 14, finishedGameOutboxDays: 2, intervalSeconds: 3600, batchSize: 500 };
    const passes: Figures[] = [];
    for (const app of apps) passes.push(await timed(Math.min(samples, 20), async () => void (await pruneOnce(app.services.db, retention)), 2));
    lines.push(row('retention pass (nothing to delete; every delivery of an active game looked at)', passes[0]!, passes[1]!));
    say('store measures done');
  } finally {
    await Promise.all(apps.map((app) => app.close()));
  }
  return lines;
}

async function sizes(s: Setup): Promise<string[]> {
  const { rows } = await s.sql.query<{ relname: string; total: string; table: string; toast: string; indexes: string }>(`
    SELECT c.relname, pg_total_relation_size(c.oid) AS total, pg_relation_size(c.oid) AS table,
      COALESCE(pg_total_relation_size(NULLIF(c.reltoastrelid, 0)), 0) AS toast, pg_indexes_size(c.oid) AS indexes
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind = 'r' AND c.relname NOT LIKE 'bench%' ORDER BY pg_total_relation_size(c.oid) DESC`);
  const { rows: [per] } = await s.sql.query<{ finished: number; events: number; event_bytes: number; game_bytes: number }>(`
    SELECT count(*)::int AS finished, avg(g.version)::float AS events,
      avg((SELECT sum(pg_column_size(e.*)) FROM game_events e WHERE e.game_id = g.id))::float AS event_bytes,
      avg(pg_column_size(g.*))::float AS game_bytes
    FROM (SELECT * FROM games WHERE status = 'finished' AND archived_at IS NULL ORDER BY md5(id::text) LIMIT 2000) g`);
  const mb = (bytes: string | number) => (Number(bytes) / 1024 ** 2).toFixed(1);
  const total = rows.reduce((sum, r) => sum + Number(r.total), 0);
  return [
    `database ${mb(total)} MB for ${s.games} games: ${(total / s.games / 1024).toFixed(1)} kB per game (tables + indexes + TOAST)`,
    ...rows.slice(0, 6).map((r) => `  ${r.relname}: ${mb(r.total)} MB (table ${mb(r.table)}, TOAST ${mb(r.toast)}, indexes ${mb(r.indexes)})`),
    per!.finished === 0 ? 'finished games kept as rows: none' : `finished game kept as rows (sample of ${per!.finished}): ${per!.events.toFixed(0)} events, rows ${((per!.event_bytes + per!.game_bytes) / 1024).toFixed(1)} kB (events ${(per!.event_bytes / 1024).toFixed(1)} kB, game row with its final state ${(per!.game_bytes / 1024).toFixed(1)} kB) before index and page overhead`,
  ];
}

/**
 * Compacts `table` as VACUUM FULL does, or, where the disk has no room for its second copy, as VACUUM
 * and REINDEX do (room for its indexes only). The two end alike for a table only ever inserted into
 * (a fresh fill's game_events: no dead rows, only its B-trees' free space, which REINDEX removes).
 * Says which, and the dead rows left in place if any.
 */
async function compact(s: Setup, table: string, say: Say): Promise<string> {
  const { rows: [t] } = await s.sql.query<{ size: string; dead: string; live: string; dir: string }>(
    `SELECT pg_total_relation_size(relid) AS size, n_dead_tup AS dead, n_live_tup AS live, current_setting('data_directory') AS dir
     FROM pg_stat_user_tables WHERE relname = $1`, [table]);
  const stats = statfsSync(t!.dir);
  const free = stats.bavail * stats.bsize;
  if (free > Number(t!.size) * 1.1 + 10 * 1024 ** 3) {
    await s.sql.query(`VACUUM (FULL, ANALYZE) ${table}`);
    return `VACUUM FULL of ${table}`;
  }
  say(`${table}: ${(Number(t!.size) / 1024 ** 3).toFixed(1)} GB, ${(free / 1024 ** 3).toFixed(1)} GB free: no room for VACUUM FULL's copy; VACUUM and REINDEX instead (${t!.dead} dead rows of ${t!.live})`);
  await s.sql.query(`VACUUM (ANALYZE) ${table}`);
  await s.sql.query(`REINDEX TABLE ${table}`);
  return `VACUUM and REINDEX of ${table} (no room for VACUUM FULL's copy; ${t!.dead} dead rows of ${t!.live} left in place)`;
}

/** pg_dump (directory format, 2 jobs) and pg_restore into a new database: the backup procedure of docs/scaling.md. */
export function backup(url: string, say: Say): string {
  const result = dumpAndRestore(url, say);
  if (typeof result === 'string') return result;
  const { dumpSeconds, dumpBytes, restoreSeconds } = result;
  return `pg_dump -Fd -j2 -Z1 ${dumpSeconds.toFixed(0)} s (${(dumpBytes / 1024 ** 3).toFixed(2)} GB) · pg_restore -j2 ${restoreSeconds.toFixed(0)} s`;
}

/** The times of `backup` (or why it was not measured); restore-drill prints them beside pgBackRest's. */
export function dumpAndRestore(url: string, say: Say): { dumpSeconds: number; dumpBytes: number; restoreSeconds: number } | string {
  const dir = mkdtempSync(join(tmpdir(), 'bench-scale-dump-'));
  const target = new URL(url);
  const restored = `${target.pathname.slice(1)}_restored`;
  const restoredUrl = new URL(url);
  restoredUrl.pathname = `/${restored}`;
  const adminUrl = new URL(url);
  adminUrl.pathname = '/postgres';
  const run = (command: string, args: string[]) => {
    const started = performance.now();
    const result = spawnSync(command, args, { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr}`);
    return (performance.now() - started) / 1000;
  };
  try {
    // The restore makes a second copy of the database beside the dump (a tenth of its size, measured): leave 10 GB free after both.
    const { status, stdout } = spawnSync('psql', [url, '-Atc', "SELECT pg_database_size(current_database()), (SELECT setting FROM pg_settings WHERE name = 'data_directory')"], { encoding: 'utf8' });
    const [size, dataDir] = stdout.trim().split('|');
    if (status === 0 && dataDir) {
      const stats = statfsSync(dataDir);
      const free = stats.bavail * stats.bsize;
      if (free < Number(size) * 1.2 + 10 * 1024 ** 3) return `not measured: ${(free / 1024 ** 3).toFixed(1)} GB free, the restore of ${(Number(size) / 1024 ** 3).toFixed(1)} GB and its dump would leave less than 10 GB`;
    }
    const dumpSeconds = run('pg_dump', ['--format=directory', '--jobs=2', '--compress=1', `--file=${join(dir, 'dump')}`, url]);
    const dumpBytes = Number(spawnSync('du', ['-sb', join(dir, 'dump')], { encoding: 'utf8' }).stdout.split('\t')[0]);
    run('psql', [adminUrl.toString(), '-qc', `DROP DATABASE IF EXISTS ${restored} WITH (FORCE)`]);
    run('psql', [adminUrl.toString(), '-qc', `CREATE DATABASE ${restored}`]);
    const restoreSeconds = run('pg_restore', ['--jobs=2', `--dbname=${restoredUrl.toString()}`, join(dir, 'dump')]);
    run('psql', [adminUrl.toString(), '-qc', `DROP DATABASE IF EXISTS ${restored} WITH (FORCE)`]);
    say(`backup of ${target.pathname.slice(1)}: pg_dump ${dumpSeconds.toFixed(1)} s (${(dumpBytes / 1024 ** 3).toFixed(2)} GB), pg_restore ${restoreSeconds.toFixed(1)} s`);
    return { dumpSeconds, dumpBytes, restoreSeconds };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `npm run bench` (moves through the service, against the floor) on an existing database; its table lines. */
function moves(url: string, say: Say): string[] {
  say(`npm run bench on ${new URL(url).pathname.slice(1)} (a few minutes)`);
  const result = spawnSync('npx', ['tsx', new URL('./bench.ts', import.meta.url).pathname], {
    encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, BENCH_DATABASE_URL: url, BENCH_FANOUT: '0', BENCH_DEADLINES: '0', BENCH_REPEATS: process.env.BENCH_REPEATS ?? '2', BENCH_SECONDS: process.env.BENCH_SECONDS ?? '5', BENCH_WARMUP_SECONDS: process.env.BENCH_WARMUP_SECONDS ?? '4' },
  });
  if (result.status !== 0) throw new Error(`npm run bench failed (${result.status})`);
  return result.stdout.split('\n').filter((line) => /^\|\s+\d+ \|/.test(line) || line.startsWith('| clients'));
}

/**
 * RSS of one process serving 100,000 active games: a move in every active game of the large
 * database (clones of a template share their state, so one legal action per template serves all its
 * clones), the process's memory read every 10,000 games; done with the default game cache and with
 * a cache 20 times larger, which gives the cache's cost per game.
 */
async function memory(database: Database, say: Say): Promise<string[]> {
  const sql = new pg.Pool({ connectionString: database.url, max: 4 });
  const tokens = createTokenService(JWT_SECRET, ISSUER, 24 * 3600);
  const lines: string[] = [];
  try {
    for (const cacheSize of [1000, 20_000]) {
      const server = await Server.start(database.url, { GAME_CACHE_SIZE: String(cacheSize) });
      try {
        const { rows: games } = await sql.query<{ id: string; seed: string; version: number; user_id: string; username: string }>(`
          SELECT g.id, g.seed, g.version, s.user_id, u.username FROM games g
          JOIN seats s ON s.game_id = g.id AND s.seat = g.active_seats[1] JOIN users u ON u.id = s.user_id
          WHERE g.status = 'active' ORDER BY g.id`);
        const actionOf = new Map<string, unknown>();
        const tokenOf = async (userId: string, username: string) => tokens.issue({ userId, username, role: 'player' });
        let done = 0;
        let refused = 0;
        const before = await server.memory();
        const started = performance.now();
        const queue = [...games];
        const worker = async () => {
          for (let game = queue.shift(); game; game = queue.shift()) {
            const token = await tokenOf(game.user_id, game.username);
            const key = `${game.seed}:${game.version}`;
            if (!actionOf.has(key)) {
              const legal = (await server.get(`/v1/games/${game.id}/legal-actions`, token)) as { actions: unknown[] };
              actionOf.set(key, legal.actions[0] ?? null);
            }
            const action = actionOf.get(key);
            const answer = action === null ? { status: 0 } : await server.post(`/v1/games/${game.id}/actions`, token, { action, expectedVersion: game.version });
            if (answer.status !== 201) refused++;
            if (++done % 10_000 === 0) {
              const usage = await server.memory();
              say(`cache ${cacheSize}: moved in ${done}/${games.length} games (${(done / ((performance.now() - started) / 1000)).toFixed(0)}/s), RSS ${(usage.rss / 1024 ** 2).toFixed(0)} MB, heap ${(usage.heapUsed / 1024 ** 2).toFixed(0)} MB`);
            }
          }
        };
        await Promise.all(Array.from({ length: 8 }, worker));
        const after = await server.memory();
        lines.push(`GAME_CACHE_SIZE=${cacheSize}: a move in each of ${games.length} active games (${refused} refused): RSS ${(before.rss / 1024 ** 2).toFixed(0)} → ${(after.rss / 1024 ** 2).toFixed(0)} MB, heap used ${(after.heapUsed / 1024 ** 2).toFixed(0)} MB`);
      } finally {
        await server.stop();
      }
    }
  } finally {
    await sql.end();
  }
  return lines;
}

export async function measureAll(databases: { small: Database; large: Database }, say: Say): Promise<void> {
  // Both databases on this code's schema (a migration may add what the measures below rely on).
  for (const database of [databases.small, databases.large]) for (const name of await migrate(database.url)) say(`migrated ${new URL(database.url).pathname.slice(1)}: ${name}`);
  const out: string[] = [];
  const setups = { small: await setup(databases.small), large: await setup(databases.large) };
  try {
    say(`small: ${setups.small.games} games, large: ${setups.large.games} games; ${samples} requests per measure, one at a time`);
    const servers = { small: await Server.start(databases.small.url), large: await Server.start(databases.large.url) };
    out.push(`| measure (ms) | ${setups.small.games} games p50 | p99 | ${setups.large.games} games p50 | p99 | p99 ratio |`, '|---|---|---|---|---|---|');
    try {
      for (const measure of httpMeasures()) {
        const figures: Figures[] = [];
        for (const size of ['small', 'large'] as const) figures.push(await timed(measure.count ?? samples, (i) => measure.run(servers[size], setups[size], i)));
        out.push(row(measure.name, figures[0]!, figures[1]!));
        say(out.at(-1)!);
      }
    } finally {
      await Promise.all([servers.small.stop(), servers.large.stop()]);
    }
    out.push(...(await storeMeasures(databases, say)));
    for (const size of ['small', 'large'] as const) out.push('', `size, ${size}:`, ...(await sizes(setups[size])));
    if (!skip.has('backup')) for (const size of ['small', 'large'] as const) out.push(`backup, ${size}: ${backup(databases[size].url, say)}`);
    if (!skip.has('moves')) for (const size of ['small', 'large'] as const) out.push('', `moves (npm run bench), ${size} database:`, ...moves(databases[size].url, say));
    if (!skip.has('rss')) out.push('', 'memory, large database:', ...(await memory(databases.large, say)));
  } finally {
    await Promise.all([setups.small.sql.end(), setups.large.sql.end()]);
  }
  console.log(['', '## npm run bench:scale', '', ...out].join('\n'));
}

/** A sampled finished game's paths that its events answer (its version read before any timing). */
const half = (s: Setup, id: string) => Math.floor(s.versions.get(id)! / 2);
const replayPath = (s: Setup, id: string) => `/v1/games/${id}/replay?at=${half(s, id)}`;
const logPagePath = (s: Setup, id: string) => `/v1/games/${id}/log?after=${s.versions.get(id)! - 50}&limit=50`;

/** The reads of a finished game that its events answer, by id from the sample. */
function eventReads(): Measure[] {
  return [
    { name: 'GET replay at event N (half way)', run: async (server, s, i) => void (await server.get(replayPath(s, s.finishedIds[i]!), s.heavy.token)) },
    { name: 'GET log page of 50 (the newest)', run: async (server, s, i) => void (await server.get(logPagePath(s, s.finishedIds[1_000 + i]!), s.heavy.token)) },
    { name: 'GET record', run: async (server, s, i) => void (await server.get(`/v1/games/${s.finishedIds[2_000 + i]}/record`, s.heavy.token)) },
    { name: 'admin time travel at event N (half way)', run: async (server, s, i) => void (await server.get(`/v1/admin/games/${s.finishedIds[3_000 + i]}/state?at=${half(s, s.finishedIds[3_000 + i]!)}`, s.admin.token)) },
  ];
}

/**
 * Each read of eventReads() over its games twice: a first read of each (cold: from nothing cached
 * after SCALE_COLD_COMMAND, else from wherever the run left them), then each again (warm: the same
 * games, now in PostgreSQL's buffers). Without SCALE_COLD_COMMAND the first reads move with what
 * the run did before them; the warm ones compare the two stores' work alone.
 */
async function timeReads(database: Database, s: Setup, say: Say): Promise<{ first: Figures; again: Figures }[]> {
  const cold = process.env.SCALE_COLD_COMMAND?.trim();
  if (cold) {
    // Both phases from the same state: nothing of the database in PostgreSQL's buffers or the OS page cache.
    say(`before the reads: ${cold}`);
    const result = spawnSync('sh', ['-c', cold], { stdio: ['ignore', 'inherit', 'inherit'] });
    if (result.status !== 0) throw new Error(`SCALE_COLD_COMMAND failed (${result.status}): ${cold}`);
    await waitFor(() => s.sql.query('SELECT 1').then(() => true, () => undefined), 60_000, 'PostgreSQL to answer after SCALE_COLD_COMMAND');
  }
  const server = await Server.start(database.url);
  try {
    const figures: { first: Figures; again: Figures }[] = [];
    for (const measure of eventReads()) {
      const run = (i: number) => measure.run(server, s, i);
      const count = Math.min(samples, 900);
      figures.push({ first: await timed(count, run), again: await timed(count, run) });
    }
    return figures;
  } finally {
    await server.stop();
  }
}

/**
 * `npm run bench:scale -- archive`: on the large database, the size, backup and reads of its finished
 * games before, the archive pass over all of them (games/s), then the same after (issue 39).
 */
export async function measureArchive(database: Database, say: Say): Promise<void> {
  for (const name of await migrate(database.url)) say(`migrated ${new URL(database.url).pathname.slice(1)}: ${name}`);
  const s = await setup(database);
  const out: string[] = [];
  try {
    // Finished games' rating work is done long ago on a real site: none is left for the pass to wait for.
    await s.sql.query("UPDATE games SET due_at = NULL WHERE status IN ('finished', 'aborted') AND due_at IS NOT NULL");
    const { rows: [pending] } = await s.sql.query<{ n: number }>("SELECT count(*)::int AS n FROM games WHERE status IN ('finished', 'aborted') AND archived_at IS NULL");
    if (pending!.n === 0) throw new Error('every finished game is archived already: refill the database to measure before and after');
    // Compacted first, as the after figures are: only the archive tells them apart.
    const compacted = [];
    for (const table of ['game_events', 'games']) compacted.push(await compact(s, table, say));
    out.push(`before archiving (after ${compacted.join('; ')}):`, ...(await sizes(s)));
    if (!skip.has('backup') && !skip.has('backup-before')) out.push(`backup: ${backup(database.url, say)}`);
    const before = await timeReads(database, s, say);
    say('before: done');
    const config = loadConfig({ JWT_SECRET, LOG_LEVEL: 'warn', RATE_LIMITS: 'false', WORKERS: 'false' });
    const app = await buildApp({ config, databaseUrl: database.url, workers: false });
    await app.ready();
    // Timed: the pass as the due work runs it, one batch after another, over the first `timedGames`
    // games (default all). The rest, when there is a rest, goes by `restWorkers` loops at once (the
    // claim skips games another loop holds): only so that a large fill is archived within the hour.
    const timedGames = Number(process.env.SCALE_ARCHIVE_TIMED ?? Infinity);
    const restWorkers = Number(process.env.SCALE_ARCHIVE_WORKERS ?? 2);
    let games = 0;
    let events = 0;
    let bytes = 0;
    let seconds = 0;
    let rest = 0;
    const pass = async (until: number) => {
      while (games < until) {
        const batch = await archiveFinishedGames(app.services.db, new Date(Date.now() + 60_000), 20);
        if (batch.games === 0) return;
        const was = games;
        games += batch.games;
        events += batch.events;
        bytes += batch.bytes;
        if (Math.floor(games / 5_000) > Math.floor(was / 5_000)) say(`archived ${games} games`);
      }
    };
    try {
      const started = performance.now();
      say('archive pass: started');
      await pass(timedGames);
      seconds = (performance.now() - started) / 1000;
      say(`archive pass: ${games} games timed in ${seconds.toFixed(0)} s`);
      const timed = { games, events, bytes };
      await Promise.all(Array.from({ length: restWorkers }, () => pass(Infinity)));
      rest = games - timed.games;
      ({ games, events, bytes } = timed);
    } finally {
      await app.close();
    }
    out.push('', `archive pass (batches of 20, one at a time): ${games} games, ${events} events in ${seconds.toFixed(1)} s: ${(games / seconds).toFixed(0)} games/s, ${(bytes / Math.max(1, games)).toFixed(0)} compressed bytes per game${rest > 0 ? `; then the other ${rest} games by ${restWorkers} loops at once, untimed` : ''}`);
    await s.sql.query('VACUUM (ANALYZE) game_events');
    out.push('', 'after archiving, VACUUM (the deleted rows\' pages free for reuse, the files not shrunk):', ...(await sizes(s)));
    await s.sql.query('VACUUM (FULL, ANALYZE) game_events');
    await s.sql.query('VACUUM (FULL, ANALYZE) games');
    out.push('', 'after VACUUM FULL of game_events and games (what a restore of the archived database occupies):', ...(await sizes(s)));
    const { rows: [archive] } = await s.sql.query<{ n: number; data: number; row: number }>('SELECT count(*)::int AS n, avg(octet_length(data))::float AS data, avg(pg_column_size(a.*))::float AS row FROM game_archives a');
    out.push(`game_archives: ${archive!.n} rows, ${(archive!.data / 1024).toFixed(2)} kB of compressed events each (${(archive!.row / 1024).toFixed(2)} kB per row)`);
    const { rows: kinds } = await s.sql.query<{ type: string; format: number; dictionary: string | null; n: number; events: number; data: number }>(`
      SELECT g.type, a.format, a.dictionary, count(*)::int AS n, avg(a.event_count)::float AS events, avg(octet_length(a.data))::float AS data
      FROM game_archives a JOIN games g ON g.id = a.game_id GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`);
    for (const kind of kinds) out.push(`  ${kind.type}, format ${kind.format}${kind.dictionary ? ` (${kind.dictionary})` : ''}: ${kind.n} archives of ${kind.events.toFixed(0)} events on average, ${(kind.data / 1024).toFixed(2)} kB of compressed events each`);
    // The reads first, as before the pass (right after VACUUM FULL); then the backup.
    const after = await timeReads(database, s, say);
    say('after: reads done');
    if (!skip.has('backup')) out.push(`backup: ${backup(database.url, say)}`);
    out.push('', `| read of a finished game (ms, ${Math.min(samples, 900)} games each read twice) | rows p50 | p99 | archive p50 | p99 | p50 ratio | p99 ratio |`, '|---|---|---|---|---|---|---|');
    eventReads().forEach((measure, i) => {
      for (const read of ['first', 'again'] as const) {
        const [b, a] = [before[i]![read], after[i]![read]];
        out.push(`| ${measure.name}, ${read === 'first' ? 'first read' : 'read again'} | ${b.p50.toFixed(2)} | ${b.p99.toFixed(2)} | ${a.p50.toFixed(2)} | ${a.p99.toFixed(2)} | ${(a.p50 / b.p50).toFixed(2)} | ${(a.p99 / b.p99).toFixed(2)} |`);
      }
    });
  } finally {
    await s.sql.end();
  }
  console.log(['', '## npm run bench:scale -- archive', '', ...out].join('\n'));
}

/**
 * `npm run bench:scale -- formats`, on the large database once archived: the same finished games
 * read as archives of format 3, of format 2 and as rows, in one service process, for
 * SCALE_FORMAT_ROUNDS rounds (default 3; each starts with another of the three), each read twice
 * (first, again), and the median of the rounds' p50 ratios. The before/after reads of
 * `archive` come from two processes at two times; these compare the stores alone. The games are
 * left archived in the newest format.
 */
export async function measureFormats(database: Database, say: Say): Promise<void> {
  for (const name of await migrate(database.url)) say(`migrated ${new URL(database.url).pathname.slice(1)}: ${name}`);
  const s = await setup(database);
  const count = Math.min(samples, 1_000);
  const rounds = Number(process.env.SCALE_FORMAT_ROUNDS ?? 3);
  const { rows: archived } = await s.sql.query<{ id: string; type: string }>(
    'SELECT g.id, g.type FROM games g JOIN game_archives a ON a.game_id = g.id WHERE g.id = ANY($1)', [s.finishedIds]);
  const typeOf = new Map(archived.map((row) => [row.id, row.type]));
  const ids = s.finishedIds.filter((id) => typeOf.has(id)).slice(0, count + 10);
  if (ids.length < count + 10) throw new Error(`${ids.length} of the sampled finished games are archived: run bench:scale -- archive first`);
  const config = loadConfig({ JWT_SECRET, LOG_LEVEL: 'warn', RATE_LIMITS: 'false', WORKERS: 'false' });
  const app = await buildApp({ config, databaseUrl: database.url, workers: false });
  await app.ready();
  const db = app.services.db;
  /** Each sampled game's archive written again with `dictionaryOf(type)` (rows first archived when they are rows). */
  const writeArchives = async (dictionaryOf: (type: string) => ArchiveDictionary | undefined) => {
    while ((await archiveFinishedGames(db, new Date(Date.now() + 60_000), 20)).games > 0);
    for (const id of ids) {
      const { rows: [archive] } = await s.sql.query<{ format: number; dictionary: string | null; data: Buffer }>('SELECT format, dictionary, data FROM game_archives WHERE game_id = $1', [id]);
      const dictionary = dictionaryOf(typeOf.get(id)!);
      if (archive!.dictionary === (dictionary?.name ?? null)) continue;
      const written = await encodeEvents(decodeEvents(id, archive!), dictionary);
      await s.sql.query('UPDATE game_archives SET format = $2, dictionary = $3, data = $4 WHERE game_id = $1', [id, written.format, written.dictionary, written.data]);
    }
  };
  const states: { name: string; enter: () => Promise<void> }[] = [
    { name: 'format 3', enter: () => writeArchives((type) => dictionaryFor(type)) },
    { name: 'format 2', enter: () => writeArchives((type) => archiveDictionaries().get(`${type}.1`)) },
    { name: 'rows', enter: async () => { for (const id of ids) await db.$transaction((tx) => restoreArchive(tx, id)); } },
  ];
  const reads: Measure[] = [
    { name: 'GET log page of 50 (the newest)', run: async (server, _s, i) => void (await server.get(logPagePath(s, ids[i]!), s.heavy.token)) },
    { name: 'GET replay at event N (half way)', run: async (server, _s, i) => void (await server.get(replayPath(s, ids[i]!), s.heavy.token)) },
  ];
  const out: string[] = [`${count} archived finished games, each read twice, in one service process; p50 (p99) in ms`, '', `| round, read | ${states.map((state) => state.name).join(' | ')} | format 3 ÷ rows | format 2 ÷ rows |`, '|---|---|---|---|---|---|'];
  const server = await Server.start(database.url);
  try {
    // The service process warmed up first (its JIT, the sample's pages), so no state pays for it.
    for (const read of reads) await timed(count, (i) => read.run(server, s, i), 0);
    const ratios = new Map<string, number[][]>();
    for (let round = 1; round <= rounds; round++) {
      const figures = new Map<string, { first: Figures; again: Figures }[]>();
      // Each round starts with another state: none is always read first.
      for (const state of states.map((_, i) => states[(i + round - 1) % states.length]!)) {
        await state.enter();
        say(`round ${round}: ${state.name}`);
        const byRead = [];
        for (const read of reads) byRead.push({ first: await timed(count, (i) => read.run(server, s, i)), again: await timed(count, (i) => read.run(server, s, i)) });
        figures.set(state.name, byRead);
      }
      reads.forEach((read, i) => {
        for (const when of ['first', 'again'] as const) {
          const [f3, f2, rows] = states.map((state) => figures.get(state.name)![i]![when]) as [Figures, Figures, Figures];
          const name = `${read.name}, ${when === 'first' ? 'first read' : 'read again'}`;
          (ratios.get(name) ?? ratios.set(name, []).get(name)!).push([f3.p50 / rows.p50, f2.p50 / rows.p50]);
          out.push(`| ${round}, ${name} | ${[f3, f2, rows].map((f) => `${f.p50.toFixed(2)} (${f.p99.toFixed(2)})`).join(' | ')} | ${(f3.p50 / rows.p50).toFixed(2)} | ${(f2.p50 / rows.p50).toFixed(2)} |`);
        }
      });
    }
    for (const [name, byRound] of ratios) out.push(`| median of ${rounds} rounds, ${name} | | | | ${median(byRound.map(([f3]) => f3!)).toFixed(2)} | ${median(byRound.map(([, f2]) => f2!)).toFixed(2)} |`);
    await states[0]!.enter();
  } finally {
    await server.stop();
    await app.close();
    await s.sql.end();
  }
  console.log(['', '## npm run bench:scale -- formats', '', ...out].join('\n'));
}
