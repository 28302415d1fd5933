import { chooseBotAction } from '../engine/bots.js';
import { isRuleError } from '../engine/types.js';
import type { GameRecord, LockedGame } from '../store/games.js';
import type { ServiceContext } from './context.js';
import { definitionFor } from './definitions.js';
import { commitEvent, type Change } from './progress.js';

/**
 * Bot seats move on their own, in the due-work worker (never inside a request), through the same
 * commit path as players: their moves are ordinary events in the log. A bot's turn is due work like
 * a deadline (services/due-plan.ts): one move per claim, so many bot games share the workers fairly.
 */
/** The bot of `seat` moves (the caller holds the game's row lock). */
export async function playBotMove(ctx: ServiceContext, game: GameRecord, locked: LockedGame, seat: number): Promise<Change> {
  const definition = definitionFor(ctx, game);
  const bot = game.seats[seat]!.bot!;
  // The seed is the game's secret seed and the version: replays and audits can reproduce the choice.
  const action = chooseBotAction(definition, bot, game.state, seat, `${game.seed}/${game.version}/${seat}`);
  const applied = definition.apply(game.state, seat, action);
  if (isRuleError(applied)) throw new Error(`${definition.id}: bot "${bot}" chose an illegal action ${JSON.stringify(action)}: ${applied.code}`);
  return commitEvent(ctx, definition, game, locked, { seat, actorId: null, kind: 'action', action, applied });
}
