import { parentPort } from 'node:worker_threads';
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
