import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { runBot, type BotInput } from '../engine/bots.js';
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
const nice = (workerData as { nice?: number } | undefined)?.nice ?? 0;
if (nice > 0 && process.platform === 'linux') setPriority(nice);

parentPort!.on('message', (request: ThinkRequest) => {
  const started = performance.now();
  try {
    const definition = games[request.gameType];
    if (!definition) throw new Error(`unknown game type ${request.gameType}`);
    const action = runBot(definition, request.bot, request.input);
    parentPort!.postMessage({ id: request.id, action, ms: performance.now() - started } satisfies ThinkReply);
  } catch (error) {
    parentPort!.postMessage({ id: request.id, error: (error as Error).stack ?? String(error) } satisfies ThinkReply);
  }
});
