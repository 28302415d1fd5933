/**
 * The load generator of `npm run bench`, a process of its own (scripts/bench.ts forks it with an
 * IPC channel, advanced serialization) so the clients share neither an event loop nor a CPU
 * account with the server they measure. Jobs:
 *   - 'moves': N concurrent HTTP clients, each playing its own prepared games (no two clients touch
 *     one game) by POSTing each game's precomputed actions; every answer must be 201 at the next version;
 *   - 'floor': the same clients POSTing /v1/append of the floor server, each to its own sequence;
 *   - 'pg':    N concurrent one-row insert transactions through a `pg` Pool (the raw reference);
 *   - 'fanout': N graphql-ws subscribers of one game spread over several servers; the parent's moves
 *     are timed from the POST being sent to each subscriber's receipt of that version.
 * A timed job runs for `seconds` and answers with every successful operation's latency (ms).
 */
import { performance } from 'node:perf_hooks';
import { createClient, type Client } from 'graphql-ws';
import pg from 'pg';
import WebSocket from 'ws';
import { appendRow } from './bench-append.js';

/** One prepared game: its id and, in order, who acts and what (the body sent is { action, expectedVersion }). */
export interface PreparedGame {
  id: string;
  /** The version the game is at (the next action is expected at this version). */
  version: number;
  moves: { token: string; action: unknown }[];
}

export type LoadJob =
  | { kind: 'moves'; baseUrl: string; concurrency: number; seconds: number; games: PreparedGame[]; minimal?: boolean }
  | { kind: 'floor'; baseUrl: string; concurrency: number; seconds: number; round: number }
  | { kind: 'pg'; databaseUrl: string; concurrency: number; seconds: number; round: number }
  | { kind: 'subscribe'; urls: string[]; gameId: string; subscribers: number }
  | { kind: 'expect'; version: number; sentAt: number; timeoutMs: number }
  | { kind: 'unsubscribe' };

export type LoadAnswer =
  | { kind: 'timed'; latencies: Float64Array; elapsedMs: number; cpuMs: number; errors: number; firstError: string | null; ranOut: boolean; games: PreparedGame[] }
  | { kind: 'subscribed'; count: number }
  | { kind: 'received'; latencies: Float64Array; missing: number }
  | { kind: 'done' }
  | { kind: 'failed'; message: string };

/** A realistic body for the floor: about the size of a move's request. */
const floorPayload = (seq: number) => ({ action: { type: 'build', space: seq % 30, card: 'x' }, seat: seq % 4 });

/** Runs `concurrency` client loops for `seconds`; each loop calls `step` until it returns false or time is up. */
async function timed(concurrency: number, seconds: number, step: (client: number) => Promise<number | false | null>) {
  const latencies: number[] = [];
  let errors = 0;
  let firstError: string | null = null;
  const started = performance.now();
  const cpuAtStart = process.cpuUsage();
  const until = started + seconds * 1000;
  let ranOut = false;
  await Promise.all(Array.from({ length: concurrency }, async (_, client) => {
    while (performance.now() < until && !ranOut) {
      try {
        const latency = await step(client);
        if (latency === false) {
          ranOut = true;
          return;
        }
        if (latency !== null) latencies.push(latency);
      } catch (error) {
        errors++;
        firstError ??= (error as Error).message;
      }
    }
  }));
  const cpu = process.cpuUsage(cpuAtStart);
  // The clients' own CPU: sending, reading and parsing answers costs the load process as much as a request costs a server.
  return { latencies: Float64Array.from(latencies), elapsedMs: performance.now() - started, cpuMs: (cpu.user + cpu.system) / 1000, errors, firstError, ranOut };
}

async function post(url: string, token: string | null, body: unknown, minimal = false): Promise<{ status: number; body: { version?: number; code?: string; detail?: string } }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...(minimal ? { prefer: 'return=minimal' } : {}) },
    body: JSON.stringify(body),
  });
  // A minimal answer (204) has no body: the new version is in Game-Version; it counts as the 201 it stands for.
  if (response.status === 204) return { status: 201, body: { version: Number(response.headers.get('game-version')) } };
  return { status: response.status, body: (await response.json()) as { version?: number } };
}

async function runMoves(job: Extract<LoadJob, { kind: 'moves' }>): Promise<LoadAnswer> {
  const queue = job.games.filter((game) => game.moves.length > 0);
  const playing: (PreparedGame | undefined)[] = [];
  const result = await timed(job.concurrency, job.seconds, async (client) => {
    let game = playing[client];
    if (!game || game.moves.length === 0) game = playing[client] = queue.shift();
    if (!game) return false;
    const { token, action } = game.moves[0]!;
    const t0 = performance.now();
    const answer = await post(`${job.baseUrl}/v1/games/${game.id}/actions`, token, { action, expectedVersion: game.version }, job.minimal);
    const latency = performance.now() - t0;
    if (answer.status !== 201 || answer.body.version !== game.version + 1) {
      playing[client] = undefined; // its state is unknown now: leave it
      throw new Error(`HTTP ${answer.status} ${answer.body.code ?? ''} ${answer.body.detail ?? ''} (game ${game.id} v${game.version})`.trim());
    }
    game.moves.shift();
    game.version++;
    return latency;
  });
  const left = [...playing.filter((game): game is PreparedGame => game !== undefined), ...queue].filter((game) => game.moves.length > 0);
  return { kind: 'timed', ...result, games: left };
}

async function runFloor(job: Extract<LoadJob, { kind: 'floor' }>): Promise<LoadAnswer> {
  const seqs = new Array<number>(job.concurrency).fill(0);
  const result = await timed(job.concurrency, job.seconds, async (client) => {
    const seq = ++seqs[client]!;
    const t0 = performance.now();
    const answer = await post(`${job.baseUrl}/v1/append`, null, { gameId: job.round * 100_000 + client, seq, payload: floorPayload(seq) });
    const latency = performance.now() - t0;
    if (answer.status !== 201) throw new Error(`floor: HTTP ${answer.status}`);
    return latency;
  });
  return { kind: 'timed', ...result, games: [] };
}

async function runPg(job: Extract<LoadJob, { kind: 'pg' }>): Promise<LoadAnswer> {
  const pool = new pg.Pool({ connectionString: job.databaseUrl, max: job.concurrency });
  try {
    const warm = await Promise.all(Array.from({ length: job.concurrency }, () => pool.connect()));
    for (const client of warm) client.release();
    const seqs = new Array<number>(job.concurrency).fill(0);
    const result = await timed(job.concurrency, job.seconds, async (index) => {
      const seq = ++seqs[index]!;
      const t0 = performance.now();
      await appendRow(pool, -(job.round * 100_000 + index), seq, floorPayload(seq));
      return performance.now() - t0;
    });
    return { kind: 'timed', ...result, games: [] };
  } finally {
    await pool.end();
  }
}

// ---------- fan-out ----------

let subscribers: Client[] = [];
/** Per version: when each subscriber received it (performance.timeOrigin-based ms). */
const receipts = new Map<number, number[]>();
let waiting: (() => void) | null = null;

async function subscribe(job: Extract<LoadJob, { kind: 'subscribe' }>): Promise<LoadAnswer> {
  const query = 'subscription ($id: ID!) { gameUpdated(gameId: $id) { version view log { message } } }';
  let opened = 0;
  await Promise.all(Array.from({ length: job.subscribers }, (_, index) => new Promise<void>((resolve, reject) => {
    const client = createClient({ url: job.urls[index % job.urls.length]!, webSocketImpl: WebSocket, lazy: false, retryAttempts: 0, on: { connected: () => { opened++; resolve(); } } });
    subscribers.push(client);
    client.subscribe({ query, variables: { id: job.gameId } }, {
      next: (message) => {
        const version = (message.data as { gameUpdated?: { version: number } } | null)?.gameUpdated?.version;
        if (typeof version !== 'number') return;
        const list = receipts.get(version) ?? [];
        list.push(performance.timeOrigin + performance.now());
        receipts.set(version, list);
        if (list.length === job.subscribers) waiting?.();
      },
      error: (error) => reject(new Error(`subscriber ${index}: ${JSON.stringify(error).slice(0, 300)}`)),
      complete: () => {},
    });
  })));
  return { kind: 'subscribed', count: opened };
}

async function expect(job: Extract<LoadJob, { kind: 'expect' }>): Promise<LoadAnswer> {
  const all = () => (receipts.get(job.version)?.length ?? 0) >= subscribers.length;
  if (!all()) {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, job.timeoutMs);
      waiting = () => {
        if (!all()) return;
        clearTimeout(timer);
        resolve();
      };
    });
    waiting = null;
  }
  const got = receipts.get(job.version) ?? [];
  return { kind: 'received', latencies: Float64Array.from(got, (at) => at - job.sentAt), missing: subscribers.length - got.length };
}

process.on('message', (job: LoadJob) => {
  const run: Promise<LoadAnswer> =
    job.kind === 'moves' ? runMoves(job)
    : job.kind === 'floor' ? runFloor(job)
    : job.kind === 'pg' ? runPg(job)
    : job.kind === 'subscribe' ? subscribe(job)
    : job.kind === 'expect' ? expect(job)
    : Promise.all(subscribers.map((client) => client.dispose())).then(() => {
      subscribers = [];
      return { kind: 'done' } as const;
    });
  run.then(
    (answer) => process.send!(answer),
    (error: unknown) => process.send!({ kind: 'failed', message: error instanceof Error ? (error.stack ?? error.message) : String(error) } satisfies LoadAnswer),
  );
});
