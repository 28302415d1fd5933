import { randomBot } from '../engine/bots.js';
import { isRuleError, type AnyGameDefinition } from '../engine/types.js';
import { withGameLock } from '../store/games.js';
import type { ServiceContext } from './context.js';
import { definitionFor } from './definitions.js';
import { loadGame } from './lobby.js';
import { afterCommit, commitEvent, type Change } from './progress.js';

/**
 * Bot seats move on their own, in a job (never inside a request), through the same commit path as
 * players: their moves are ordinary events in the log. One run plays bot moves until a person is
 * to act or the game ends.
 */
export function chooseBotAction(definition: AnyGameDefinition, bot: string, state: unknown, seat: number, seed: string): unknown {
  const own = definition.bots?.[bot];
  return own ? own(state, seat, seed) : randomBot(definition, state, seat, seed);
}

/** Plays every bot move that is due; returns how many were made. */
export async function runBots(ctx: ServiceContext, gameId: string, maxMoves = 100_000): Promise<number> {
  let moves = 0;
  while (moves < maxMoves) {
    const game = await loadGame(ctx, gameId);
    if (game.status !== 'active') break;
    const seat = game.activeSeats.find((active) => game.seats[active]?.bot);
    if (seat === undefined) break;
    const definition = definitionFor(ctx, game);
    const bot = game.seats[seat]!.bot!;
    // The seed is the game's secret seed and the version: replays and audits can reproduce the choice.
    const action = chooseBotAction(definition, bot, game.state, seat, `${game.seed}/${game.version}/${seat}`);
    const change = await withGameLock(ctx.db, gameId, async (locked, ops): Promise<Change | null> => {
      if (locked.version !== game.version || locked.seats[seat]?.bot !== bot) return null; // someone moved first: look again
      const applied = definition.apply(locked.state, seat, action);
      if (isRuleError(applied)) throw new Error(`${definition.id}: bot "${bot}" chose an illegal action ${JSON.stringify(action)}: ${applied.code}`);
      return commitEvent(ctx, definition, locked, ops, { seat, actorId: null, kind: 'action', action, applied });
    });
    if (change) {
      moves++;
      await afterCommit(ctx, change, { wakeBots: false });
    }
  }
  return moves;
}
