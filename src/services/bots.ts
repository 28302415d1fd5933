import { botInput, chooseBotAction } from '../engine/bots.js';
import { botSeed } from '../engine/deal.js';
import { SEARCH_LEVELS } from '../engine/search-bot.js';
import { isRuleError, type AnyGameDefinition } from '../engine/types.js';
import { games } from '../games/index.js';
import type { GameRecord, LockedGame } from '../store/games.js';
import type { BotPool } from './bot-pool.js';
import type { ServiceContext } from './context.js';
import { definitionFor } from './definitions.js';
import { commitEvent, type Change } from './progress.js';
import { detachedFromConnection } from '../store/pool-guard.js';

/**
 * Bot seats move on their own, in the due-work worker (never inside a request), through the same
 * commit path as players: their moves are ordinary events in the log. A bot's turn is due work like
 * a deadline (services/due-plan.ts): one move per claim, so many bot games share the workers fairly.
 *
 * The search bots (`medium`, `hard`) think for a while (BOT_THINK_MS): they think in the bot pool's
 * threads, outside any transaction. The claim that finds such a bot to move starts its thinking and
 * lets the game go (due again when the thought should be done); the claim after that finds the
 * decision and commits it. A decision is for one game version: if the game moved meanwhile (a
 * resignation, an admin), it is dropped and the bot thinks again.
 */
export interface BotThinking {
  pool: BotPool;
  /** The pool's threads (BOT_THREADS). */
  threads: number;
  /** The budget of a hard move (BOT_THINK_MS); a medium one thinks a fifth of it. */
  thinkMs: number;
  /** Per game: the decision made (or under way) for one version and seat. */
  decisions: Map<string, { version: number; seat: number; action?: unknown; failed?: Error }>;
}

export function createBotThinking(pool: BotPool, threads: number, thinkMs: number): BotThinking {
  return { pool, threads, thinkMs, decisions: new Map() };
}

const isSearchBot = (bot: string): bot is keyof typeof SEARCH_LEVELS => Object.hasOwn(SEARCH_LEVELS, bot);

/** The seed of a bot's choice: a one-way derivative of the game's secret seed, the version and the seat (engine/deal.ts), so replays and audits can reproduce it and the bot learns nothing of the deal. */
const seedOfBot = (game: GameRecord, seat: number) => botSeed(game.seed, game.version, seat);

/**
 * The bot of `seat` moves (the caller holds the game's row lock). Null when a search bot has started
 * (or is still) thinking in the pool: the caller stores the game as due again at the returned time.
 */
export async function playBotMove(ctx: ServiceContext, game: GameRecord, locked: LockedGame, seat: number): Promise<Change | { thinkingUntil: Date }> {
  const definition = definitionFor(ctx, game);
  const bot = game.seats[seat]!.bot!;
  const thinking = ctx.bots;
  let action: unknown;
  // Only the served catalog's games can think in the pool (its threads load that catalog).
  if (thinking && isSearchBot(bot) && games[definition.id] === definition) {
    const decided = thinking.decisions.get(game.id);
    if (decided && decided.version === game.version && decided.seat === seat && (decided.action !== undefined || decided.failed)) {
      thinking.decisions.delete(game.id);
      if (decided.failed) throw decided.failed;
      action = decided.action;
    } else {
      if (!decided || decided.version !== game.version || decided.seat !== seat) startThinking(ctx, thinking, definition, game, seat, bot);
      // Due again when the thought should be done: its budget, times the choices queued before it per thread.
      const budgetMs = thinking.thinkMs * SEARCH_LEVELS[bot].share;
      const rounds = Math.max(1, Math.ceil(thinking.pool.pending() / thinking.threads));
      return { thinkingUntil: new Date(ctx.now().getTime() + budgetMs * rounds) };
    }
  } else {
    action = chooseBotAction(definition, bot, game.state, seat, seedOfBot(game, seat), thinking?.thinkMs);
  }
  const applied = definition.apply(game.state, seat, action);
  if (isRuleError(applied)) throw new Error(`${definition.id}: bot "${bot}" chose an illegal action ${JSON.stringify(action)}: ${applied.code}`);
  return commitEvent(ctx, definition, game, locked, { seat, actorId: null, kind: 'action', action, applied });
}

function startThinking(ctx: ServiceContext, thinking: BotThinking, definition: AnyGameDefinition, game: GameRecord, seat: number, bot: string): void {
  const entry: { version: number; seat: number; action?: unknown; failed?: Error } = { version: game.version, seat };
  thinking.decisions.set(game.id, entry);
  const input = botInput(definition, game.state, seat, seedOfBot(game, seat), thinking.thinkMs);
  // Started in the claiming transaction, ended long after its commit: its wake-up (a NOTIFY through
  // the pool) is no work of that transaction's (store/pool-guard.ts).
  detachedFromConnection(() => thinking.pool.think(definition.id, bot, input).then(
    (action) => (entry.action = action),
    (error: Error) => (entry.failed = error),
  ).finally(() => {
    // Wake a worker for the game (its stored due time is when the thought was expected to end).
    if (thinking.decisions.get(game.id) === entry) ctx.work.gameDue(ctx.now());
  }));
}
