import type { Principal } from '../auth/tokens.js';
import { conflict } from '../errors.js';
import { withGameLock } from '../store/games.js';
import type { ServiceContext } from './context.js';
import { definitionFor } from './definitions.js';
import { botNames, loadGame, requireSeat } from './lobby.js';
import { afterCommit, commitEvent } from './progress.js';

/**
 * Resigning ends a player's part. None of our engines eliminates a player, so a bot plays the
 * seat on to the end (the other players' game stays whole); when no person is left the game is
 * closed as abandoned.
 */
export async function resign(ctx: ServiceContext, principal: Principal, gameId: string) {
  const change = await withGameLock(ctx.db, gameId, async (game, locked) => {
    const seat = requireSeat(game, principal);
    if (game.status !== 'active') throw conflict('GAME_NOT_ACTIVE', 'You can only resign from a running game.');
    if (game.seats[seat]!.resigned) throw conflict('ALREADY_RESIGNED', 'You have already resigned from this game.');
    const definition = definitionFor(ctx, game);
    const bot = botNames(definition).at(-1)!;
    const resignedAt = ctx.now();
    await locked.updateSeat(seat, { resignedAt, bot });
    const seats = game.seats.map((entry) => (entry.seat === seat ? { ...entry, resigned: true, bot } : entry));
    const abandon = !seats.some((entry) => entry.userId !== null && !entry.resigned);
    const log = [{ message: abandon ? `Seat ${seat} resigns; nobody is left, so the game is closed.` : `Seat ${seat} resigns; a bot (${bot}) plays on for them.` }];
    return commitEvent(ctx, definition, game, locked, { seat, actorId: principal.userId, kind: 'resign', action: { type: 'resign' }, applied: { state: game.state, log }, seats, abandon });
  });
  await afterCommit(ctx, change);
  return loadGame(ctx, gameId);
}
