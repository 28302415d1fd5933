/**
 * The load generator of `npm run bench` (scripts/bench.ts), run in a worker thread so the clients
 * do not share an event loop with the server they measure. Two jobs:
 *   - 'api': N concurrent HTTP clients, each submitting POST /v1/games/:id/actions for the seat
 *     whose turn it is in games only it plays (no lock contention between clients);
 *   - 'pg': N concurrent one-row insert transactions (BEGIN; INSERT; COMMIT) through a `pg` Pool.
 * Each job answers with every successful request's latency in milliseconds.
 */
import { performance } from 'node:perf_hooks';
import { parentPort } from 'node:worker_threads';
import pg from 'pg';

/** A started 2-player toy game and what a client needs to play it. */
export interface GameSlot {
  id: string;
  /** Bearer tokens of seat 0 and seat 1. */
  tokens: [string, string];
  version: number;
  /** The seat to act; null once the game is over. */
  active: number | null;
  /** Each seat's hand as last seen by that seat (only needed to play cards). */
  hands: [number[], number[]];
}

export type ActionKind = 'pass' | 'play';

export interface ApiJob {
  kind: 'api';
  label: string;
  baseUrl: string;
  concurrency: number;
  actions: number;
  maxMs: number;
  action: ActionKind;
  games: GameSlot[];
}

export interface PgJob {
  kind: 'pg';
  label: string;
  databaseUrl: string;
  concurrency: number;
  actions: number;
  maxMs: number;
  /** Pool size (defaults to the concurrency). */
  poolSize?: number;
}

export type Job = ApiJob | PgJob;

export type WorkerMessage =
  | { kind: 'progress'; label: string; done: number; target: number; elapsedMs: number }
  | {
      kind: 'result'; label: string; latencies: Float64Array; elapsedMs: number; errors: number; firstError: string | null; games: GameSlot[];
      /** API: the level ended early because every prepared game was over (after this many ms). */
      ranOutAtMs: number | null;
    }
  | { kind: 'failed'; message: string };

const port = parentPort;
if (!port) throw new Error('scripts/bench-load.ts runs as a worker thread of scripts/bench.ts');

const PROGRESS_EVERY_MS = 2000;

/** Runs `concurrency` loops until `actions` operations were started or `maxMs` passed. */
async function drive(
  job: { label: string; concurrency: number; actions: number; maxMs: number },
  client: (index: number, stop: () => boolean, end: () => void) => Promise<void>,
  counters: { done: number },
): Promise<number> {
  const started = performance.now();
  const timer = setInterval(() => {
    port!.postMessage({ kind: 'progress', label: job.label, done: counters.done, target: job.actions, elapsedMs: performance.now() - started } satisfies WorkerMessage);
  }, PROGRESS_EVERY_MS);
  try {
    let issued = 0;
    let ended = false;
    const deadline = started + job.maxMs;
    // `take` reserves one operation of the budget; false once the budget or the time is spent.
    const take = () => {
      if (ended || issued >= job.actions || performance.now() >= deadline) return false;
      issued++;
      return true;
    };
    await Promise.all(Array.from({ length: job.concurrency }, (_, index) => client(index, () => !take(), () => void (ended = true))));
    return performance.now() - started;
  } finally {
    clearInterval(timer);
  }
}

async function runApi(job: ApiJob): Promise<WorkerMessage> {
  const latencies = new Float64Array(job.actions);
  const counters = { done: 0 };
  let errors = 0;
  let firstError: string | null = null;
  const queue = job.games.filter((game) => game.active !== null);
  const kept: GameSlot[] = [];
  const fail = (message: string) => {
    errors++;
    firstError ??= message;
  };

  let ranOutAtMs: number | null = null;
  const begun = performance.now();
  const elapsedMs = await drive(job, async (_index, stop, end) => {
    let game: GameSlot | undefined;
    for (;;) {
      if (!game || game.active === null) {
        game = queue.shift();
        if (!game) {
          // Every prepared game is over: end the level for every client, so the concurrency holds to the end.
          ranOutAtMs ??= performance.now() - begun;
          end();
          return;
        }
      }
      if (stop()) {
        kept.push(game);
        return;
      }
      const seat = game.active!;
      const hand = game.hands[seat];
      const action = job.action === 'play' && hand.length > 0 ? { type: 'play', card: hand[0] } : { type: 'pass' };
      const t0 = performance.now();
      let status = 0;
      let body: { version?: number; view?: { active?: number | null; hand?: number[] | null }; code?: string; detail?: string };
      try {
        const response = await fetch(`${job.baseUrl}/v1/games/${game.id}/actions`, {
          method: 'POST',
          headers: { authorization: `Bearer ${game.tokens[seat]}`, 'content-type': 'application/json' },
          body: JSON.stringify({ action, expectedVersion: game.version }),
        });
        status = response.status;
        body = (await response.json()) as typeof body;
      } catch (error) {
        fail(`request failed: ${(error as Error).message}`);
        game = undefined; // its state is unknown now: leave it
        continue;
      }
      const t1 = performance.now();
      if (status !== 201 || typeof body.version !== 'number' || !body.view) {
        fail(`HTTP ${status} ${body.code ?? ''} ${body.detail ?? ''}`.trim());
        game = undefined;
        continue;
      }
      latencies[counters.done++] = t1 - t0;
      game.version = body.version;
      game.active = body.view.active ?? null;
      if (Array.isArray(body.view.hand)) game.hands[seat] = body.view.hand;
    }
  }, counters);

  const unused = [...kept, ...queue].filter((game) => game.active !== null);
  return { kind: 'result', label: job.label, latencies: latencies.slice(0, counters.done), elapsedMs, errors, firstError, games: unused, ranOutAtMs };
}

async function runPg(job: PgJob): Promise<WorkerMessage> {
  const pool = new pg.Pool({ connectionString: job.databaseUrl, max: job.poolSize ?? job.concurrency });
  try {
    // Open every connection first: connection set-up is not part of an append.
    const warm = await Promise.all(Array.from({ length: pool.options.max }, () => pool.connect()));
    for (const client of warm) client.release();

    const latencies = new Float64Array(job.actions);
    const counters = { done: 0 };
    let errors = 0;
    let firstError: string | null = null;
    const elapsedMs = await drive(job, async (index, stop) => {
      const gameId = index + 1;
      let seq = 0;
      while (!stop()) {
        seq++;
        const payload = { action: { type: 'pass' }, log: [{ message: `Seat ${seq % 2} passes.` }], seat: seq % 2 };
        const t0 = performance.now();
        const client = await pool.connect();
        try {
          await client.query('BEGIN');
          await client.query('INSERT INTO bench_append (game_id, seq, payload) VALUES ($1, $2, $3)', [gameId, seq, payload]);
          await client.query('COMMIT');
          latencies[counters.done++] = performance.now() - t0;
        } catch (error) {
          errors++;
          firstError ??= (error as Error).message;
          await client.query('ROLLBACK').catch(() => {});
        } finally {
          client.release();
        }
      }
    }, counters);
    return { kind: 'result', label: job.label, latencies: latencies.slice(0, counters.done), elapsedMs, errors, firstError, games: [], ranOutAtMs: null };
  } finally {
    await pool.end();
  }
}

port.on('message', (job: Job) => {
  const run = job.kind === 'api' ? runApi(job) : runPg(job);
  run.then(
    (message) => port.postMessage(message, message.kind === 'result' ? [message.latencies.buffer as ArrayBuffer] : []),
    (error: unknown) => port.postMessage({ kind: 'failed', message: error instanceof Error ? (error.stack ?? error.message) : String(error) } satisfies WorkerMessage),
  );
});
