/**
 * `npm run overload`: what the service does with load beyond its capacity (issue 34), against the
 * real service in its own process (scripts/bench-server.ts 'app', configured from the environment).
 *
 *   1. crowd: one account sends N concurrent moves of one game at one version, each with its own
 *      Idempotency-Key (a client retrying with keys on a slow network): how many 201, 409, 5xx, no
 *      answer, and the slowest answer, for each N;
 *   2. calibration: CLIENTS closed-loop players of as many games for OVERLOAD_CALIBRATE_SECONDS: the
 *      moves/s the server serves (its capacity here) and the p50 of a move of an idle game;
 *   3. burst: moves of many games offered open-loop at OVERLOAD_FACTOR x that rate for
 *      OVERLOAD_SECONDS, while a probe plays moves of other games one at a time (one every 20 ms). Printed: goodput
 *      (moves/s that landed), answers by status, p50/p99 of the admitted requests (answered neither
 *      429 nor 503), p99 of the probe's moves, 5xx other than 503 (must be 0), and how long after
 *      the burst the probe's moves are served normally again (5 in a row within 3x the idle p50).
 *
 * Every move is a precomputed legal action (the engine replays the game's initial state here, as
 * `npm run bench` does), so a refusal is never the client's fault.
 *
 * Settings (environment): DATABASE_URL (required: a server where this role may CREATE DATABASE),
 * OVERLOAD_SECONDS (60), OVERLOAD_FACTOR (4), OVERLOAD_GAMES (300), OVERLOAD_CLIENTS (16),
 * OVERLOAD_CALIBRATE_SECONDS (5), OVERLOAD_CROWD (8,20,30,100; empty to leave out),
 * OVERLOAD_CROWD_TIMEOUT_SECONDS (60), OVERLOAD_GAME (construction-yard). The server's own settings
 * (DATABASE_POOL_SIZE, GAME_LOCK_WAITERS, DATABASE_POOL_QUEUE…) pass through.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { chooseBotAction } from '../src/engine/bots.js';
import { isRuleError } from '../src/engine/types.js';
import { games as catalog } from '../src/games/index.js';
import { databaseUrlFor } from '../src/store/embedded-postgres.js';
import { migrate } from '../src/store/migrate.js';
import type { ServerMessage } from './bench-server.js';

const JWT_SECRET = 'overload-secret-that-is-long-enough-for-hs256!!';
const started = performance.now();
const say = (line: string) => console.log(`[overload ${((performance.now() - started) / 1000).toFixed(1).padStart(5)}s] ${line}`);

function int(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name]?.trim();
  const value = raw ? Number(raw) : fallback;
  if (!Number.isFinite(value) || value < min || value > max) throw new Error(`${name} must be a number from ${min} to ${max}, got "${raw}"`);
  return value;
}
const seconds = int('OVERLOAD_SECONDS', 60, 1, 3600);
const factor = int('OVERLOAD_FACTOR', 4, 0.1, 100);
const gameCount = int('OVERLOAD_GAMES', 300, 10, 100_000);
const clients = int('OVERLOAD_CLIENTS', 16, 1, 1000);
const calibrateSeconds = int('OVERLOAD_CALIBRATE_SECONDS', 5, 1, 600);
const crowdTimeoutMs = int('OVERLOAD_CROWD_TIMEOUT_SECONDS', 60, 1, 600) * 1000;
const crowds = (process.env.OVERLOAD_CROWD ?? '8,20,30,100').split(',').filter((part) => part.trim() !== '').map(Number);
/** The probe's games and pace: enough moves for the burst and the recovery (400 each) at one move per PROBE_EVERY_MS. */
const PROBE_GAMES = 16;
const PROBE_EVERY_MS = 20;
const gameType = process.env.OVERLOAD_GAME?.trim() || 'construction-yard';
const definition = catalog[gameType];
if (!definition) throw new Error(`OVERLOAD_GAME: no game "${gameType}"`);
const serverUrl = process.env.DATABASE_URL?.trim();
if (!serverUrl) throw new Error('npm run overload needs DATABASE_URL (a PostgreSQL server where this role may CREATE DATABASE)');

// ---------- HTTP ----------

interface Answer { status: number; ms: number; body: string }
let baseUrl = '';
/** One request; status 0 when no answer came within `timeoutMs` (or the connection failed). */
async function send(method: string, path: string, token: string | null, body?: unknown, headers: Record<string, string> = {}, timeoutMs = 60_000): Promise<Answer> {
  const begin = performance.now();
  try {
    const response = await fetch(`${baseUrl}${path}`, {
      method, signal: AbortSignal.timeout(timeoutMs),
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: await response.text(), ms: performance.now() - begin };
  } catch {
    return { status: 0, body: '', ms: performance.now() - begin };
  }
}
/** A set-up request: a 503 (the server is still warming up) is retried after its Retry-After. */
async function call<T>(method: string, path: string, token: string | null, body: unknown, expected: number): Promise<T> {
  let answer = await send(method, path, token, body);
  for (let tries = 0; answer.status === 503 && tries < 10; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 2000));
    answer = await send(method, path, token, body);
  }
  if (answer.status !== expected) throw new Error(`${method} ${path}: HTTP ${answer.status} (expected ${expected}): ${answer.body.slice(0, 300)}`);
  return JSON.parse(answer.body) as T;
}

const percentile = (values: number[], p: number) => {
  if (values.length === 0) return Number.NaN;
  const sorted = values.slice().sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
};
const ms = (value: number) => (Number.isNaN(value) ? 'n/a' : `${value.toFixed(0)} ms`);

// ---------- games ----------

interface User { token: string; id: string }
/** A started game and its next moves (precomputed legal actions), played in order as they land. */
interface Game { id: string; version: number; moves: { token: string; action: unknown }[]; next: number; busy: boolean }

async function startGame(databaseUrl: string, users: User[], index: number): Promise<Game> {
  const seated = [users[index % users.length]!, users[(index + 1) % users.length]!];
  const game = await call<{ id: string }>('POST', '/v1/games', seated[0]!.token, { type: gameType, seats: 2 }, 201);
  await call('POST', `/v1/games/${game.id}/join`, seated[1]!.token, {}, 200);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows: [row] } = await client.query<{ state: unknown; version: number; seats: { seat: number; user_id: string }[] }>(
    `SELECT g.state, g.version, (SELECT json_agg(json_build_object('seat', s.seat, 'user_id', s.user_id)) FROM seats s WHERE s.game_id = g.id) AS seats
     FROM games g WHERE g.id = $1 AND g.status = 'active'`, [game.id]);
  await client.end();
  if (!row) throw new Error(`game ${game.id} did not start`);
  const tokenOf = new Map(row.seats.map((seat) => [seat.seat, seated.find((user) => user.id === seat.user_id)!.token]));
  const moves: Game['moves'] = [];
  let state = row.state;
  while (moves.length < 400) {
    const seat = definition!.activeSeats(state)[0];
    if (seat === undefined) break;
    const action = chooseBotAction(definition!, 'random', state, seat, `${game.id}:${moves.length}`);
    const applied = definition!.apply(state, seat, action);
    if (isRuleError(applied)) throw new Error(`${gameType}: a legal action was refused: ${applied.message}`);
    moves.push({ token: tokenOf.get(seat)!, action });
    state = applied.state;
  }
  return { id: game.id, version: row.version, moves, next: 0, busy: false };
}

/** Plays `game`'s next move; the game moves on only when it landed. */
async function playNext(game: Game, timeoutMs = 60_000): Promise<Answer | null> {
  const move = game.moves[game.next];
  if (!move) return null;
  game.busy = true;
  const answer = await send('POST', `/v1/games/${game.id}/actions`, move.token, { action: move.action, expectedVersion: game.version }, { prefer: 'return=minimal' }, timeoutMs);
  if (answer.status === 201 || answer.status === 204) {
    game.next++;
    game.version++;
  }
  // A move whose outcome is unknown (no answer) leaves its game out from now on.
  if (answer.status !== 0) game.busy = false;
  return answer;
}

// ---------- phases ----------

async function crowd(n: number, game: Game): Promise<string> {
  const move = game.moves[game.next]!;
  const answers = await Promise.all(Array.from({ length: n }, (_, i) => send('POST', `/v1/games/${game.id}/actions`, move.token,
    { action: move.action, expectedVersion: game.version }, { 'idempotency-key': `crowd-${n}-${i}-${randomBytes(4).toString('hex')}` }, crowdTimeoutMs)));
  const count = (test: (status: number) => boolean) => answers.filter((answer) => test(answer.status)).length;
  const codes = new Map<string, number>();
  for (const answer of answers.filter((a) => a.status === 409 || a.status >= 500)) {
    const code = (() => { try { return (JSON.parse(answer.body) as { code?: string }).code ?? '?'; } catch { return '?'; } })();
    codes.set(`${answer.status} ${code}`, (codes.get(`${answer.status} ${code}`) ?? 0) + 1);
  }
  const slowest = Math.max(...answers.map((answer) => answer.ms));
  return `| ${n} | ${count((s) => s === 201)} | ${count((s) => s === 409)} | ${count((s) => s >= 500)} | ${count((s) => s === 0)} | ${(slowest / 1000).toFixed(1)} s | ${[...codes].map(([code, k]) => `${k}× ${code}`).join(', ')} |`;
}

/** Closed loop: `clients` players, each playing its own games one move after another, for `forSeconds`. */
async function closedLoop(games: Game[], players: number, forSeconds: number): Promise<{ rate: number; p50: number }> {
  const until = performance.now() + forSeconds * 1000;
  const latencies: number[] = [];
  await Promise.all(Array.from({ length: players }, async (_, c) => {
    const mine = games.filter((_, i) => i % players === c);
    for (let k = 0; performance.now() < until; k++) {
      const answer = await playNext(mine[k % mine.length]!);
      if (answer && answer.status >= 200 && answer.status < 300) latencies.push(answer.ms);
    }
  }));
  return { rate: latencies.length / forSeconds, p50: percentile(latencies, 50) };
}

async function main(): Promise<void> {
  const name = `bgs_overload_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const databaseUrl = databaseUrlFor(serverUrl!, name);
  await migrate(databaseUrl);
  const env = { ...process.env, DATABASE_URL: databaseUrl, JWT_SECRET, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn', REDIS_URL: '', RATE_LIMITS: 'false', WORKERS: 'false' };
  const child: ChildProcess = fork(new URL('./bench-server.ts', import.meta.url).pathname, ['app'], { execArgv: ['--import', 'tsx'], env, stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  try {
    const ready = await new Promise<ServerMessage>((resolve) => child.once('message', (message) => resolve(message as ServerMessage)));
    if (ready.kind !== 'ready') throw new Error('the server did not start');
    baseUrl = `http://127.0.0.1:${ready.port}`;
    say(`server up (DATABASE_POOL_SIZE=${process.env.DATABASE_POOL_SIZE ?? 'default'}); ${gameCount} games of ${gameType} being set up`);
    const users: User[] = [];
    for (let i = 0; i < 20; i++) {
      const { token, user } = await call<{ token: string; user: { id: string } }>('POST', '/v1/auth/register', null, { username: `load_${i}_${randomBytes(3).toString('hex')}`, password: 'overload password 1' }, 201);
      users.push({ token, id: user.id });
    }
    const games: Game[] = [];
    for (let i = 0; i < gameCount + PROBE_GAMES + crowds.length; i++) games.push(await startGame(databaseUrl, users, i));
    const crowdGames = games.splice(0, crowds.length);
    const probeGames = games.splice(0, PROBE_GAMES);

    if (crowds.length > 0) {
      console.log('\n| N | 201 | 409 | 5xx | no answer | slowest | refusals |\n|---|---|---|---|---|---|---|');
      for (const [i, n] of crowds.entries()) console.log(await crowd(n, crowdGames[i]!));
      console.log('');
    }

    const idle = await closedLoop(probeGames, 1, 2);
    const capacity = await closedLoop(games, clients, calibrateSeconds);
    const rate = capacity.rate * factor;
    say(`capacity: ${capacity.rate.toFixed(0)} moves/s with ${clients} closed-loop clients (p50 ${ms(capacity.p50)}); an idle game's move p50 ${ms(idle.p50)}`);
    say(`burst: ${rate.toFixed(0)} moves/s offered (${factor}x) over ${games.length} games for ${seconds} s`);

    const statuses = new Map<number, number>();
    const admitted: number[] = [];
    const probe: number[] = [];
    let landed = 0;
    let unserved = 0;
    let burstOn = true;
    const inFlight = new Set<Promise<unknown>>();
    // The probe: moves of other games, one at a time, throughout and after the burst.
    let probeAt = 0;
    /** The probe's next move (paced, one every PROBE_EVERY_MS: a measure, not load); null once its games have no moves left. */
    const probeNext = async (): Promise<Answer | null> => {
      await new Promise((resolve) => setTimeout(resolve, PROBE_EVERY_MS));
      for (let tries = 0; tries < probeGames.length; tries++) {
        const answer = await playNext(probeGames[probeAt++ % probeGames.length]!);
        if (answer) return answer;
      }
      return null;
    };
    const probeLoop = (async () => {
      while (burstOn) {
        const answer = await probeNext();
        if (!answer) break;
        probe.push(answer.status >= 200 && answer.status < 300 ? answer.ms : Number.POSITIVE_INFINITY);
      }
    })();
    const begin = performance.now();
    let offered = 0;
    let cursor = 0;
    while (performance.now() - begin < seconds * 1000) {
      const due = Math.floor(((performance.now() - begin) / 1000) * rate);
      for (; offered < due; offered++) {
        let game: Game | undefined;
        for (let tries = 0; tries < games.length && !game; tries++) {
          const candidate = games[cursor++ % games.length]!;
          if (!candidate.busy && candidate.next < candidate.moves.length) game = candidate;
        }
        if (!game) {
          unserved++;
          continue;
        }
        const request = playNext(game).then((answer) => {
          if (!answer) return;
          statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
          if (answer.status === 201 || answer.status === 204) landed++;
          if (answer.status !== 0 && answer.status !== 429 && answer.status !== 503) admitted.push(answer.ms);
        });
        inFlight.add(request);
        void request.finally(() => inFlight.delete(request));
      }
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const burstEnded = performance.now();
    burstOn = false;
    await probeLoop;
    const burstProbe = probe.splice(0);
    // After the burst: the probe's moves until 5 in a row are served within 3x an idle game's p50.
    const normal = 3 * idle.p50;
    let streak = 0;
    let recovered = Number.NaN;
    const recoverBy = performance.now() + 120_000;
    while (performance.now() < recoverBy) {
      const answer = await probeNext();
      if (!answer) break;
      streak = answer && answer.status >= 200 && answer.status < 300 && answer.ms <= normal ? streak + 1 : 0;
      if (streak === 5) {
        recovered = (performance.now() - burstEnded) / 1000;
        break;
      }
    }
    await Promise.all(inFlight);
    const total = [...statuses.values()].reduce((a, b) => a + b, 0);
    const fivexx = [...statuses].filter(([status]) => status >= 500 && status !== 503).reduce((a, [, k]) => a + k, 0);
    console.log([
      '',
      `offered ${offered} moves in ${seconds} s (${(offered / seconds).toFixed(0)}/s; ${unserved} not sent: every game had a move in flight)`,
      `goodput ${(landed / seconds).toFixed(0)} moves/s (${landed} landed); answers: ${[...statuses].sort(([a], [b]) => a - b).map(([status, k]) => `${status === 0 ? 'no answer' : status} ×${k}`).join(', ')} (of ${total})`,
      `refused early: 429 ×${statuses.get(429) ?? 0}, 503 ×${statuses.get(503) ?? 0}; 5xx other than 503: ${fivexx}`,
      `admitted requests: p50 ${ms(percentile(admitted, 50))}, p99 ${ms(percentile(admitted, 99))}`,
      `moves of other games (probe, one at a time): ${burstProbe.length}, p99 ${ms(percentile(burstProbe, 99))}, refused ${burstProbe.filter((v) => v === Number.POSITIVE_INFINITY).length}`,
      `serving normally again (5 probe moves in a row within ${ms(normal)}) ${Number.isNaN(recovered) ? 'not within 120 s' : `${recovered.toFixed(1)} s`} after the burst`,
    ].join('\n'));
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

await main();
