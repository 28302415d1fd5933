/**
 * `npm run bench`: the move path against its physical floor, in separate processes.
 *
 *   - server: the real service (scripts/bench-server.ts 'app'), logging at info to BENCH_LOG,
 *     playing real 4-player games (Urbanization and construction yard by default): each client
 *     POSTs /v1/games/:id/actions for games only it plays. The actions are precomputed here, before
 *     any timed round, by replaying the game's stored initial state with the engine (engines are
 *     deterministic, so the server reaches the same states) and a seeded random legal choice;
 *   - floor: a bare Fastify route doing one raw insert transaction per request (bench-server 'floor');
 *   - load: the HTTP clients in a process of their own (scripts/bench-load.ts), fetch keep-alive.
 * Rounds alternate floor, server, floor, server… for every client count, BENCH_REPEATS times; each
 * round runs BENCH_SECONDS. Server CPU per move comes from the server process's own cpuUsage.
 * Then: raw one-row pg insert transactions at the same concurrencies (reference), and the fan-out
 * line: two service processes sharing Redis pub/sub, N graphql-ws subscribers of one game spread
 * over both, timed from the move's POST being sent to each subscriber's receipt.
 *
 * Settings (environment):
 *   BENCH_CLIENTS        client counts, comma-separated (default 8,32)
 *   BENCH_REPEATS        floor/server round pairs per client count (default 3)
 *   BENCH_SECONDS        length of one round (default 6)
 *   BENCH_WARMUP_SECONDS untimed warm-up of each side before the first round, at 8 clients (default 10)
 *   BENCH_GAMES          game types played (default urbanization,construction-yard)
 *   BENCH_MOVES_PER_GAME at most this many prepared actions per game (default 200)
 *   BENCH_MINIMAL        1: the clients send `Prefer: return=minimal` (answers 204 without the view)
 *   BENCH_LOG            where the servers' logs go (default /dev/null); BENCH_LOG_LEVEL (default info)
 *   BENCH_FANOUT         subscribers in the fan-out line, 0 to leave it out (default 1000)
 *   BENCH_FANOUT_MOVES   moves timed in the fan-out line (default 5)
 *   BENCH_REDIS_URL      Redis for the fan-out line (default REDIS_URL, else redis://127.0.0.1:6379)
 *   BENCH_DEADLINES      0 leaves out the deadline-lag line (scripts/bench-deadlines.ts; its own knobs
 *                        BENCH_DUE_GAMES, BENCH_BOT_GAMES, BENCH_BOT_ROUNDS apply)
 *   BENCH_PROFILE        a folder: a CPU profile of the server per timed round is written there
 *                        (summarise them with scripts/cpu-profile-top.ts)
 *   BENCH_SERVER_NODE_FLAGS  node flags for the server and floor processes, space-separated (e.g.
 *                        --perf-basic-prof for `perf record`, --trace-deopt with BENCH_LOG)
 *   BENCH_THINKING_BOTS  games of hard bots (two seats, all bots) started before the warm-up, thinking in the
 *                        server's bot threads throughout (scripts/thinking-bots.ts; default 0); the server's
 *                        event-loop delay is printed after the rounds
 *   DATABASE_URL         a server where this role may CREATE DATABASE; else embedded PostgreSQL
 *   BENCH_DATABASE_URL   instead, an existing database used as it is (its games stay; the bench's are added
 *                        and kept): how `npm run bench:scale` measures moves on a database of real size
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, openSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createConnection } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { chooseBotAction } from '../src/engine/bots.js';
import { metricValue, parseEventLoopDelay, startThinkingBotGames } from './thinking-bots.js';
import { isRuleError } from '../src/engine/types.js';
import { games as catalog } from '../src/games/index.js';
import { databaseUrlFor, startTemporaryPostgres } from '../src/store/embedded-postgres.js';
import { migrate } from '../src/store/migrate.js';
import { sql } from './sql.js';
import type { LoadAnswer, LoadJob, PreparedGame } from './bench-load.js';
import { deadlineLagLine, measureDeadlineLag } from './bench-deadlines.js';
import type { ServerMessage, ServerRequest } from './bench-server.js';

const JWT_SECRET = 'bench-secret-that-is-long-enough-for-hs256!!';
const say = (line: string) => console.log(`[bench ${(performance.now() / 1000).toFixed(1).padStart(5)}s] ${line}`);

function ints(name: string, fallback: number[], min: number, max: number): number[] {
  const raw = process.env[name]?.trim();
  if (!raw) return fallback;
  const values = raw.split(',').map((part) => Number(part.trim()));
  if (values.some((value) => !Number.isInteger(value) || value < min || value > max)) throw new Error(`${name} must be integers from ${min} to ${max}, comma-separated; got "${raw}"`);
  return values;
}
const int = (name: string, fallback: number, min: number, max: number) => ints(name, [fallback], min, max)[0]!;

const clientCounts = ints('BENCH_CLIENTS', [8, 32], 1, 1000);
const repeats = int('BENCH_REPEATS', 3, 1, 100);
const seconds = int('BENCH_SECONDS', 6, 1, 3600);
const warmupSeconds = int('BENCH_WARMUP_SECONDS', 10, 0, 3600);
const WARMUP_STEP_SECONDS = 2;
const gameTypes = (process.env.BENCH_GAMES?.trim() || 'urbanization,construction-yard').split(',').map((type) => type.trim());
for (const type of gameTypes) if (!catalog[type]) throw new Error(`BENCH_GAMES: no game "${type}" (served: ${Object.keys(catalog).join(', ')})`);
const movesPerGame = int('BENCH_MOVES_PER_GAME', 200, 1, 100_000);
const logTo = process.env.BENCH_LOG?.trim() || '/dev/null';
const logLevel = process.env.BENCH_LOG_LEVEL?.trim() || 'info';
const fanoutSubscribers = int('BENCH_FANOUT', 1000, 0, 100_000);
const fanoutMoves = int('BENCH_FANOUT_MOVES', 5, 1, 1000);
const minimal = process.env.BENCH_MINIMAL?.trim() === '1';
const redisUrl = process.env.BENCH_REDIS_URL?.trim() || process.env.REDIS_URL?.trim() || 'redis://127.0.0.1:6379';
const maxClients = Math.max(...clientCounts);
const profileDir = process.env.BENCH_PROFILE?.trim() || null;
const serverNodeFlags = (process.env.BENCH_SERVER_NODE_FLAGS ?? '').split(/\s+/).filter(Boolean);
if (profileDir) mkdirSync(profileDir, { recursive: true });

// ---------- child processes ----------

const tsx = { execArgv: ['--import', 'tsx'], serialization: 'advanced' as const };

class Child {
  private answers: ((message: unknown) => void)[] = [];
  constructor(readonly process: ChildProcess, readonly name: string) {
    process.on('message', (message) => this.answers.shift()?.(message));
    process.on('exit', (code, signal) => {
      if (this.answers.length > 0) say(`${name} exited (${code ?? signal}) while a request was pending`);
    });
  }
  next<T>(): Promise<T> {
    return new Promise((resolve) => this.answers.push(resolve as (message: unknown) => void));
  }
  async ask<T>(message: unknown): Promise<T> {
    const answer = this.next<T>();
    this.process.send(message as object);
    return answer;
  }
  stop(): Promise<void> {
    if (this.process.exitCode !== null || this.process.signalCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      this.process.once('exit', () => resolve());
      this.process.kill('SIGTERM');
    });
  }
}

async function startServer(mode: 'app' | 'floor', env: Record<string, string>): Promise<{ child: Child; baseUrl: string }> {
  const out = openSync(logTo, 'a');
  const child = new Child(fork(new URL('./bench-server.ts', import.meta.url).pathname, [mode], {
    ...tsx, execArgv: [...tsx.execArgv, ...serverNodeFlags], env: { ...process.env, ...env }, stdio: ['ignore', out, 'inherit', 'ipc'],
  }), mode);
  const ready = await child.next<ServerMessage>();
  if (ready.kind !== 'ready') throw new Error(`${mode} server did not start`);
  return { child, baseUrl: `http://127.0.0.1:${ready.port}` };
}

async function cpuMs(server: Child): Promise<number> {
  const answer = await server.ask<Extract<ServerMessage, { kind: 'cpu' }>>({ kind: 'cpu' });
  return (answer.usage.user + answer.usage.system) / 1000;
}

/**
 * CPU time (ms) of the PostgreSQL backends serving the bench database, read from /proc (the server
 * must run on this machine; null elsewhere). Only backends: the WAL writer and checkpointer are shared
 * with whatever else uses the server. Backends that exit during a round lose their share (the pools keep theirs open).
 */
let benchDatabase = '';
function postgresCpuMs(): Map<number, number> | null {
  if (!benchDatabase || !existsSync('/proc/self/stat')) return null;
  const ticksPerMs = 100 / 1000; // USER_HZ is 100 on Linux
  const usage = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (!readFileSync(`/proc/${entry}/cmdline`, 'latin1').includes(` ${benchDatabase} `)) continue;
      const fields = readFileSync(`/proc/${entry}/stat`, 'latin1').split(') ')[1]!.split(' ');
      usage.set(Number(entry), (Number(fields[11]) + Number(fields[12])) / ticksPerMs);
    } catch {
      // the process ended meanwhile
    }
  }
  return usage;
}
const since = (before: Map<number, number> | null): number | null => {
  const now = postgresCpuMs();
  if (!before || !now) return null;
  let total = 0;
  for (const [pid, ms] of now) total += ms - (before.get(pid) ?? 0);
  return total;
};
const pgCell = (pick: (get: (r: Round) => number) => number) => {
  const value = pick((r) => r.pgCpuMsPer ?? Number.NaN);
  return Number.isNaN(value) ? 'n/a' : value.toFixed(3);
};

/** The server's group-commit counters (store/moves.ts) and its event-loop delay since the last scrape, from its /metrics. */
async function serverCounters(baseUrl: string): Promise<{ flushes: number; moves: number; eventLoop: ReturnType<typeof parseEventLoopDelay> }> {
  const text = await (await fetch(`${baseUrl}/metrics`)).text();
  const read = (name: string) => metricValue(text, name) ?? 0;
  return { flushes: read('move_group_commit_flushes_total'), moves: read('move_group_commit_moves_total'), eventLoop: parseEventLoopDelay(text) };
}

async function load(child: Child, job: LoadJob): Promise<LoadAnswer> {
  const answer = await child.ask<LoadAnswer>(job);
  if (answer.kind === 'failed') throw new Error(`load process: ${answer.message}`);
  return answer;
}

// ---------- helpers ----------

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

async function pooled<T>(count: number, limit: number, work: (index: number) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(limit, count) }, async () => {
    while (next < count) {
      const index = next++;
      results[index] = await work(index);
    }
  }));
  return results;
}

function percentile(values: Float64Array, p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = values.slice().sort();
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

const redisAnswers = (url: string) => new Promise<boolean>((resolve) => {
  const { hostname, port } = new URL(url);
  const socket = createConnection({ host: hostname, port: Number(port || 6379) }, () => {
    socket.end();
    resolve(true);
  });
  socket.on('error', () => resolve(false));
  socket.setTimeout(1000, () => {
    socket.destroy();
    resolve(false);
  });
});

// ---------- games ----------

interface User { token: string; id: string }

/** Creates and starts one 4-player game over HTTP and precomputes its actions from its stored initial state. */
async function prepareGame(baseUrl: string, databaseUrl: string, users: User[], index: number): Promise<PreparedGame> {
  const type = gameTypes[index % gameTypes.length]!;
  const definition = catalog[type]!;
  const seated = [0, 1, 2, 3].map((k) => users[(4 * index + k) % users.length]!);
  const game = await call<{ id: string }>(baseUrl, 'POST', '/v1/games', seated[0]!.token, { type, seats: 4 }, 201);
  for (const user of seated.slice(1)) await call(baseUrl, 'POST', `/v1/games/${game.id}/join`, user.token, {}, 200);
  const [row] = await sql<{ state: unknown; version: number; seats: { seat: number; user_id: string }[] }>(databaseUrl,
    `SELECT g.state, g.version, (SELECT json_agg(json_build_object('seat', s.seat, 'user_id', s.user_id)) FROM seats s WHERE s.game_id = g.id) AS seats
     FROM games g WHERE g.id = $1 AND g.status = 'active'`, [game.id]);
  if (!row) throw new Error(`game ${game.id} did not start`);
  const tokenOf = new Map(row.seats.map((seat) => [seat.seat, seated.find((user) => user.id === seat.user_id)!.token]));
  const moves: PreparedGame['moves'] = [];
  let state = row.state;
  while (moves.length < movesPerGame) {
    const seat = definition.activeSeats(state)[0];
    if (seat === undefined) break;
    const action = chooseBotAction(definition, 'random', state, seat, `${game.id}:${moves.length}`);
    const applied = definition.apply(state, seat, action);
    if (isRuleError(applied)) throw new Error(`${type}: a legal action was refused: ${applied.message}`);
    moves.push({ token: tokenOf.get(seat)!, action });
    state = applied.state;
  }
  return { id: game.id, version: row.version, moves };
}

// ---------- main ----------

interface Round { clients: number; rate: number; p50: number; p99: number; cpuMsPer: number; pgCpuMsPer: number | null; walBytesPer: number | null; clientCpuMsPer: number; errors: number; firstError: string | null }

/** The server's WAL position: WAL bytes written between two readings (the whole server's: run on a quiet one). */
async function walPosition(databaseUrl: string): Promise<string> {
  const [row] = await sql<{ lsn: string }>(databaseUrl, 'SELECT pg_current_wal_lsn()::text AS lsn', []);
  return row!.lsn;
}
async function walSince(databaseUrl: string, lsn: string): Promise<number> {
  const [row] = await sql<{ bytes: string }>(databaseUrl, 'SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), $1::pg_lsn)::text AS bytes', [lsn]);
  return Number(row!.bytes);
}

function measure(clients: number, answer: LoadAnswer, cpu: number, pgCpu: number | null = null, walBytes: number | null = null): Round {
  if (answer.kind !== 'timed') throw new Error('expected a timed answer');
  const count = answer.latencies.length;
  return { clients, rate: count / (answer.elapsedMs / 1000), p50: percentile(answer.latencies, 50), p99: percentile(answer.latencies, 99), cpuMsPer: cpu / count, pgCpuMsPer: pgCpu === null ? null : pgCpu / count, walBytesPer: walBytes === null ? null : walBytes / count, clientCpuMsPer: answer.cpuMs / count, errors: answer.errors, firstError: answer.firstError };
}

const median = (values: number[]) => values.slice().sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main(): Promise<void> {
  const cleanups: (() => Promise<unknown>)[] = [];
  const cleanup = async () => {
    while (cleanups.length > 0) await cleanups.pop()!().catch((error: unknown) => console.error('[bench] cleanup failed:', error));
  };
  process.once('SIGINT', () => void cleanup().finally(() => process.exit(130)));
  const loadAtStart = loadavg();
  try {
    const givenDatabase = process.env.BENCH_DATABASE_URL?.trim() || null;
    let serverUrl = givenDatabase ?? (process.env.DATABASE_URL?.trim() || null);
    const embedded = serverUrl === null;
    if (embedded) {
      say('DATABASE_URL is not set: starting an embedded PostgreSQL in a temporary folder');
      const server = await startTemporaryPostgres('bgs-bench-pg-', say);
      cleanups.push(() => server.stop());
      serverUrl = server.url;
    }
    let databaseUrl: string;
    if (givenDatabase) {
      // A database of real size (npm run bench:scale): the bench's games are added to it and stay.
      databaseUrl = givenDatabase;
      benchDatabase = new URL(givenDatabase).pathname.slice(1);
    } else {
      const database = `bgs_bench_${randomBytes(5).toString('hex')}`;
      await sql(serverUrl!, `CREATE DATABASE ${database}`);
      cleanups.push(() => sql(serverUrl!, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`));
      databaseUrl = databaseUrlFor(serverUrl!, database);
      benchDatabase = database;
    }
    await migrate(databaseUrl);
    await sql(databaseUrl, 'CREATE TABLE IF NOT EXISTS bench_append (id bigserial PRIMARY KEY, game_id int NOT NULL, seq int NOT NULL, payload jsonb NOT NULL)');
    const [settings] = await sql<{ version: string; fsync: string; synchronous_commit: string }>(databaseUrl,
      `SELECT current_setting('server_version') AS version, current_setting('fsync') AS fsync, current_setting('synchronous_commit') AS synchronous_commit`);

    // Rate limits off: this measures throughput, and each client's account would pass the submit limit.
    // Background workers only where bots must think (they move bots; nothing else is due in the rounds,
    // and a database of real size given by BENCH_DATABASE_URL keeps its deadlines untouched).
    const thinkingBots = int('BENCH_THINKING_BOTS', 0, 0, 1000);
    const serverEnv = { DATABASE_URL: databaseUrl, JWT_SECRET, LOG_LEVEL: logLevel, REDIS_URL: '', RATE_LIMITS: 'false', WORKERS: String(thinkingBots > 0) };
    const app = await startServer('app', serverEnv);
    cleanups.push(() => app.child.stop());
    const floor = await startServer('floor', serverEnv);
    cleanups.push(() => floor.child.stop());
    const loader = new Child(fork(new URL('./bench-load.ts', import.meta.url).pathname, [], { ...tsx, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }), 'load');
    cleanups.push(() => loader.stop());
    say(`server ${app.baseUrl} (pid ${app.child.process.pid}), floor ${floor.baseUrl} (pid ${floor.child.process.pid}), load pid ${loader.process.pid}; logs at ${logLevel} to ${logTo}`);

    const users = await pooled(Math.max(8, 4 * maxClients), 8, async (i): Promise<User> => {
      const { token } = await call<{ token: string }>(app.baseUrl, 'POST', '/v1/auth/register', null, { username: `bench_${process.pid}_${i}`, password: 'bench password 1234' }, 201);
      const me = await call<{ id: string }>(app.baseUrl, 'GET', '/v1/me', token, undefined, 200);
      return { token, id: me.id };
    });
    if (thinkingBots > 0) say(`${(await startThinkingBotGames(app.baseUrl, users[0]!.token, thinkingBots)).length} games of hard bots thinking beside the rounds`);
    let pool: PreparedGame[] = [];
    const roundDelays: ReturnType<typeof parseEventLoopDelay>[] = [];
    let created = 0;
    let bestRate = 0;
    const prepare = async (clients: number) => {
      const want = Math.max(clients * 2 * movesPerGame, Math.ceil(bestRate * 2 * seconds));
      const have = () => pool.reduce((sum, game) => sum + game.moves.length, 0);
      const missing = Math.max(Math.ceil((want - have()) / (movesPerGame * 0.8)), 2 * clients - pool.length, 0);
      if (missing === 0) return;
      const t0 = performance.now();
      pool.push(...await pooled(missing, 8, () => prepareGame(app.baseUrl, databaseUrl, users, created++)));
      say(`prepared ${missing} games in ${((performance.now() - t0) / 1000).toFixed(1)} s (${have()} actions ready in ${pool.length} games)`);
    };

    // Warm-up, not reported: both servers reach a steady state (JIT, heap size, pools) before any
    // timed round. With 2 s the first 8-client round still cost the server 0.43-0.48 ms of CPU per
    // move against 0.25-0.31 in the later ones (three runs); with 12 s it cost as the later ones.
    // In 2-s steps: each step's rate sizes the games prepared for the next (and for the first round).
    for (let left = warmupSeconds; left > 0; left -= WARMUP_STEP_SECONDS) {
      const step = Math.min(WARMUP_STEP_SECONDS, left);
      await prepare(8);
      const warm = await load(loader, { kind: 'moves', baseUrl: app.baseUrl, concurrency: 8, seconds: step, games: pool, minimal });
      pool = (warm as Extract<LoadAnswer, { kind: 'timed' }>).games;
      bestRate = Math.max(bestRate, measure(8, warm, 0).rate);
      await load(loader, { kind: 'floor', baseUrl: floor.baseUrl, concurrency: 8, seconds: step, round: 0 });
    }
    say(`warmed up for ${warmupSeconds} s per side (8 clients)`);

    const rounds: { server: Round; floor: Round }[] = [];
    let round = 1;
    for (let repeat = 0; repeat < repeats; repeat++) {
      for (const clients of clientCounts) {
        if (profileDir) await floor.child.ask({ kind: 'profile-start' } satisfies ServerRequest);
        const floorCpu = await cpuMs(floor.child);
        const floorPg = postgresCpuMs();
        const floorWal = await walPosition(databaseUrl);
        const floorAnswer = await load(loader, { kind: 'floor', baseUrl: floor.baseUrl, concurrency: clients, seconds, round: round++ });
        const floorRound = measure(clients, floorAnswer, (await cpuMs(floor.child)) - floorCpu, since(floorPg), await walSince(databaseUrl, floorWal));
        if (profileDir) await floor.child.ask({ kind: 'profile-stop', file: join(profileDir, `floor-c${clients}-${repeat + 1}.cpuprofile`) } satisfies ServerRequest);
        await prepare(clients);
        if (profileDir) await app.child.ask({ kind: 'profile-start' } satisfies ServerRequest);
        const serverCpu = await cpuMs(app.child);
        const serverPg = postgresCpuMs();
        const serverWal = await walPosition(databaseUrl);
        const flushesBefore = await serverCounters(app.baseUrl);
        const answer = await load(loader, { kind: 'moves', baseUrl: app.baseUrl, concurrency: clients, seconds, games: pool, minimal });
        const serverRound = measure(clients, answer, (await cpuMs(app.child)) - serverCpu, since(serverPg), await walSince(databaseUrl, serverWal));
        const flushesAfter = await serverCounters(app.baseUrl);
        if (thinkingBots > 0) roundDelays.push(flushesAfter.eventLoop);
        const movesPerFlush = (flushesAfter.moves - flushesBefore.moves) / Math.max(1, flushesAfter.flushes - flushesBefore.flushes);
        if (profileDir) await app.child.ask({ kind: 'profile-stop', file: join(profileDir, `server-c${clients}-${repeat + 1}.cpuprofile`) } satisfies ServerRequest);
        pool = (answer as Extract<LoadAnswer, { kind: 'timed' }>).games;
        if ((answer as Extract<LoadAnswer, { kind: 'timed' }>).ranOut) say(`  warning: the prepared games ran out during this round`);
        bestRate = Math.max(bestRate, serverRound.rate);
        rounds.push({ server: serverRound, floor: floorRound });
        say(`c=${clients} #${repeat + 1}: floor ${floorRound.rate.toFixed(0)}/s p50 ${floorRound.p50.toFixed(2)} p99 ${floorRound.p99.toFixed(2)} | server ${serverRound.rate.toFixed(0)}/s p50 ${serverRound.p50.toFixed(2)} p99 ${serverRound.p99.toFixed(2)} cpu ${serverRound.cpuMsPer.toFixed(3)} ms/move (floor ${floorRound.cpuMsPer.toFixed(3)})${serverRound.pgCpuMsPer === null ? '' : `, PostgreSQL cpu ${serverRound.pgCpuMsPer.toFixed(3)} ms/move (floor ${floorRound.pgCpuMsPer!.toFixed(3)})`}, client cpu ${serverRound.clientCpuMsPer.toFixed(3)} ms/move (floor ${floorRound.clientCpuMsPer.toFixed(3)}), ${movesPerFlush.toFixed(1)} moves per group commit${serverRound.errors + floorRound.errors > 0 ? ` ERRORS server ${serverRound.errors} (${serverRound.firstError}) floor ${floorRound.errors} (${floorRound.firstError})` : ''}`);
      }
    }
    if (thinkingBots > 0) {
      // The worst of the server rounds (each round's figures are the delay during that round).
      const delay = { meanMs: Math.max(...roundDelays.map((d) => d.meanMs)), p99Ms: Math.max(...roundDelays.map((d) => d.p99Ms)), maxMs: Math.max(...roundDelays.map((d) => d.maxMs)) };
      const [moved] = await sql<{ moves: number }>(databaseUrl, `SELECT count(*)::int AS moves FROM game_events e JOIN seats s ON s.game_id = e.game_id AND s.seat = e.seat WHERE s.bot = 'hard' AND e.kind = 'action'`, []);
      say(`thinking bots: ${moved!.moves} hard-bot moves committed; server event-loop delay during the server rounds (the worst round's) mean ${delay.meanMs.toFixed(1)} ms, p99 ${delay.p99Ms.toFixed(1)} ms, max ${delay.maxMs.toFixed(1)} ms`);
    }
    const raw = new Map<number, Round>();
    for (const clients of clientCounts) raw.set(clients, measure(clients, await load(loader, { kind: 'pg', databaseUrl, concurrency: clients, seconds, round: round++ }), 0));
    await app.child.stop();
    await floor.child.stop();

    // Fan-out: two service processes sharing Redis, subscribers spread over both.
    let fanout = 'fan-out: left out (BENCH_FANOUT=0)';
    if (fanoutSubscribers > 0 && !(await redisAnswers(redisUrl))) fanout = `fan-out: left out: no Redis answers at ${redisUrl} (set BENCH_REDIS_URL)`;
    else if (fanoutSubscribers > 0) {
      const env = { ...serverEnv, REDIS_URL: redisUrl, WORKERS: 'false' };
      const first = await startServer('app', env);
      cleanups.push(() => first.child.stop());
      const second = await startServer('app', env);
      cleanups.push(() => second.child.stop());
      const game = await prepareGame(first.baseUrl, databaseUrl, users, created++);
      const urls = [first.baseUrl, second.baseUrl].map((url) => `${url.replace('http', 'ws')}/graphql`);
      const subscribed = await load(loader, { kind: 'subscribe', urls, gameId: game.id, subscribers: fanoutSubscribers });
      say(`fan-out: ${(subscribed as { count: number }).count} subscribers connected over 2 processes`);
      await new Promise((resolve) => setTimeout(resolve, 1000)); // let every subscription register
      const latencies: number[] = [];
      let missing = 0;
      for (let k = 0; k <= fanoutMoves && game.moves.length > 0; k++) {
        const { token, action } = game.moves.shift()!;
        const sentAt = performance.timeOrigin + performance.now();
        const moved = await call<{ version: number }>(first.baseUrl, 'POST', `/v1/games/${game.id}/actions`, token, { action, expectedVersion: game.version }, 201);
        game.version = moved.version;
        const got = await load(loader, { kind: 'expect', version: moved.version, sentAt, timeoutMs: 10_000 });
        if (got.kind !== 'received') throw new Error('fan-out: unexpected answer');
        if (k === 0) continue; // the first move warms every subscriber's path up
        latencies.push(...got.latencies);
        missing += got.missing;
      }
      await load(loader, { kind: 'unsubscribe' });
      const all = Float64Array.from(latencies);
      fanout = `fan-out: ${fanoutSubscribers} graphql-ws subscribers of one game over 2 processes (Redis pub/sub), ${fanoutMoves} moves: POST sent -> update received p50 ${percentile(all, 50).toFixed(0)} ms, p99 ${percentile(all, 99).toFixed(0)} ms${missing > 0 ? `, ${missing} updates NOT received within 10 s` : ''}`;
    }

    // Deadline lag: scripts/bench-deadlines.ts, with its own database and worker processes on this server.
    let deadlineLag = 'deadline lag: left out (BENCH_DEADLINES=0)';
    if (process.env.BENCH_DEADLINES?.trim() !== '0') {
      const number = (name: string, fallback: number) => (process.env[name] ? Number(process.env[name]) : fallback);
      deadlineLag = deadlineLagLine(await measureDeadlineLag({
        serverUrl: serverUrl!, games: number('BENCH_DUE_GAMES', 1000), botGames: number('BENCH_BOT_GAMES', 100), botRounds: number('BENCH_BOT_ROUNDS', 10), say,
      }));
    }

    const cpuList = cpus();
    const lines = [
      '',
      'Benchmark: the move path vs a bare HTTP append (the floor), separate processes, alternating rounds',
      `  node ${process.version}, ${cpuList.length} CPU(s) (${cpuList[0]?.model.trim() ?? '?'}), load average ${loadAtStart.map((l) => l.toFixed(2)).join(' ')} at start`,
      `  PostgreSQL ${settings!.version} (${embedded ? 'embedded' : givenDatabase ? `the existing database ${benchDatabase}` : 'at DATABASE_URL'}), fsync=${settings!.fsync}, synchronous_commit=${settings!.synchronous_commit}`,
      `  server: real 4-player games (${gameTypes.join(', ')}), POST /v1/games/:id/actions with expectedVersion${minimal ? ' and Prefer: return=minimal (204, no view)' : ''}; logs at ${logLevel} to ${logTo}; GROUP_COMMIT=${process.env.GROUP_COMMIT?.trim() || 'true'}`,
      `  ${repeats} rounds of ${seconds} s per client count and side; figures are the median round (rates) and median of round p50/p99; ms`,
      '',
    ];
    const header = ['clients', 'server moves/s', 'floor req/s', 'ratio', 'server p50', 'server p99', 'floor p50', 'floor p99', 'p99 ratio', 'server CPU ms/move', 'floor CPU ms/req', 'PostgreSQL CPU ms/move', 'PostgreSQL CPU ms/floor req', 'client CPU ms/move', 'client CPU ms/floor req', 'WAL bytes/move', 'WAL bytes/floor req', 'raw pg inserts/s'];
    const table = clientCounts.map((clients) => {
      const mine = rounds.filter((entry) => entry.server.clients === clients);
      const s = (pick: (r: Round) => number) => median(mine.map((entry) => pick(entry.server)));
      const f = (pick: (r: Round) => number) => median(mine.map((entry) => pick(entry.floor)));
      return [String(clients), s((r) => r.rate).toFixed(0), f((r) => r.rate).toFixed(0), (s((r) => r.rate) / f((r) => r.rate)).toFixed(2),
        s((r) => r.p50).toFixed(2), s((r) => r.p99).toFixed(2), f((r) => r.p50).toFixed(2), f((r) => r.p99).toFixed(2), (s((r) => r.p99) / f((r) => r.p99)).toFixed(2),
        s((r) => r.cpuMsPer).toFixed(3), f((r) => r.cpuMsPer).toFixed(3), pgCell(s), pgCell(f), s((r) => r.clientCpuMsPer).toFixed(3), f((r) => r.clientCpuMsPer).toFixed(3), s((r) => r.walBytesPer ?? Number.NaN).toFixed(0), f((r) => r.walBytesPer ?? Number.NaN).toFixed(0), raw.get(clients)!.rate.toFixed(0)];
    });
    const widths = header.map((title, c) => Math.max(title.length, ...table.map((cells) => cells[c]!.length)));
    const format = (cells: string[]) => `| ${cells.map((cell, c) => cell.padStart(widths[c]!)).join(' | ')} |`;
    lines.push(format(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...table.map(format), '', fanout, deadlineLag);
    const errors = rounds.reduce((sum, entry) => sum + entry.server.errors + entry.floor.errors, 0);
    if (errors > 0) lines.push(`ERRORS: ${errors} failed requests (see the round lines above)`);
    console.log(lines.join('\n'));
    if (errors > 0) process.exitCode = 1;
  } finally {
    await cleanup();
  }
}

main().catch((error: unknown) => {
  console.error('[bench] failed:', error);
  process.exitCode = 1;
});
