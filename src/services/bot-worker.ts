import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { runBot, type BotInput } from '../engine/bots.js';
import { setSearchPacer } from '../engine/search.js';
import { games } from '../games/index.js';

/**
 * A bot-thinking thread (services/bot-pool.ts): runs one bot choice at a time off the main event
 * loop. It knows the served games' catalog and gets only what a bot gets: the seat's view and
 * legal actions, never the state.
 */
export interface ThinkRequest {
  id: number;
  gameType: string;
  bot: string;
  input: BotInput;
}
export type ThinkReply = { id: number; action: unknown; ms: number } | { id: number; error: string };

// A thinking bot takes only CPU that moves leave over: on Linux a thread's nice value is its own
// (setpriority on the calling thread), so this lowers the bot thread alone, never the event loop.
// Elsewhere the call would lower the whole process, so it is made on Linux only.
const { nice = 0, busy, busyShare = 1 } = (workerData ?? {}) as { nice?: number; busy?: Int32Array; busyShare?: number };
if (nice > 0 && process.platform === 'linux') setPriority(nice);

// While the service is busy (`busy[0]` is 1, set by the pool from the event loop's utilization), a
// search runs only `busyShare` of the time: after an iteration of r ms it sleeps r × (1 / share − 1).
// A lower nice value alone still left moves 27–34% slower beside 20 thinking games on 2 CPUs
// (docs/bench-results.md): an idle-priority thread shares the core's caches and the CPU's siblings.
// `since`: the end of the last pause, or the start of this thread's current choice.
let since = performance.now();
if (busy && busyShare < 1) {
  setSearchPacer(() => {
    const ran = performance.now() - since;
    if (Atomics.load(busy, 0) === 1) Atomics.wait(busy, 0, 1, Math.min(ran * (1 / busyShare - 1), 250));
    since = performance.now();
  });
}

parentPort!.on('message', (request: ThinkRequest) => {
  const started = performance.now();
  since = started;
  try {
    const definition = games[request.gameType];
    if (!definition) throw new Error(`unknown game type ${request.gameType}`);
    const action = runBot(definition, request.bot, request.input);
    parentPort!.postMessage({ id: request.id, action, ms: performance.now() - started } satisfies ThinkReply);
  } catch (error) {
    parentPort!.postMessage({ id: request.id, error: (error as Error).stack ?? String(error) } satisfies ThinkReply);
  }
});
