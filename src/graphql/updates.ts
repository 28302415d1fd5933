import type { Principal } from '../auth/tokens.js';
import { visibleLog } from '../engine/log.js';
import type { ServiceContext } from '../services/context.js';
import { detail, loadGame } from '../services/lobby.js';
import { findEvent } from '../store/games.js';

/** Only `(gameId, version)` travels through pub/sub; each subscriber computes what it may see. */
export const topicOf = (gameId: string) => `game:${gameId}`;
/** A user's account stream: every change in their games (GraphQL `myTurn`, the SSE stream). */
export const accountTopicOf = (userId: string) => `user:${userId}`;

export async function gameUpdateFor(ctx: ServiceContext, payload: { gameId: string; version: number }, principal: Principal | null) {
  const game = await loadGame(ctx, payload.gameId);
  const shown = detail(ctx, game, principal);
  const event = payload.version > 0 ? await findEvent(ctx.db, payload.gameId, payload.version) : null;
  return {
    gameId: game.id,
    version: payload.version,
    status: game.status,
    activeSeats: game.activeSeats,
    // The view is of the latest stored state (a newer version may already have landed).
    view: shown.view,
    log: event ? visibleLog(event.log, shown.yourSeat) : [],
    result: game.result,
  };
}
