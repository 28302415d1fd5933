import type { Principal } from '../auth/tokens.js';
import { visibleLog } from '../engine/log.js';
import type { ServiceContext } from '../services/context.js';
import { definitionFor } from '../services/definitions.js';
import { stateAfter } from '../services/history.js';
import { loadGame, maySee, seatOf } from '../services/lobby.js';
import { accessLost, type StreamEnded } from '../services/stream-access.js';
import { notFound } from '../errors.js';
import { findEvent, type EventRecord, type GameRecord } from '../store/games.js';

/** Only `(gameId, version)` travels through pub/sub; each subscriber computes what it may see. */
export const topicOf = (gameId: string) => `game:${gameId}`;
/** A user's account stream: every change in their games (GraphQL `myTurn`, the SSE stream). */
export const accountTopicOf = (userId: string) => `user:${userId}`;

/**
 * What the subscribers of one (game, version) are told, loaded ONCE per process however many of
 * them there are (1,000 subscribers used to mean 2,000 queries per move), with each seat's view
 * computed once (every spectator sees the same view). Kept for the few most recent versions.
 * Version 0 is not kept: an open game's seats change without a new version (the start is version 1).
 */
interface Loaded {
  game: GameRecord;
  event: EventRecord | null;
  views: Map<number | null, unknown>;
}
const RECENT_VERSIONS = 64;
const recentByContext = new WeakMap<ServiceContext, Map<string, Promise<Loaded>>>();

/**
 * Version 0 (an open game) is loaded once per published payload instead: the same object reaches the
 * access check and the resolver of every subscriber of this process (services/stream-access.ts).
 */
const openGameLoads = new WeakMap<object, Promise<Loaded>>();

function loaded(ctx: ServiceContext, gameId: string, version: number, payload?: object): Promise<Loaded> {
  if (version === 0 && payload) {
    let load = openGameLoads.get(payload);
    if (!load) openGameLoads.set(payload, (load = loaded(ctx, gameId, version)));
    return load;
  }
  let recent = recentByContext.get(ctx);
  if (!recent) recentByContext.set(ctx, (recent = new Map()));
  const key = `${gameId}:${version}`;
  let entry = version > 0 ? recent.get(key) : undefined;
  if (!entry) {
    entry = Promise.all([loadGame(ctx, gameId), version > 0 ? findEvent(ctx.db, gameId, version) : null]).then(async ([game, event]) => ({
      game: version > 0 && game.version > version ? await gameAsOf(ctx, game, version) : game,
      event,
      views: new Map(),
    }));
    if (version === 0) return entry;
    recent.set(key, entry);
    // A failed load is not kept: the next subscriber tries again.
    entry.catch(() => recent.delete(key));
    if (recent.size > RECENT_VERSIONS) recent.delete(recent.keys().next().value!);
  }
  return entry;
}

/**
 * The game as it was right after event `version`, when a newer one has landed before this update was
 * loaded (two moves in quick succession): its state from a replay of the log up to it, and the status,
 * turn and result of a game that went on (a finished or aborted game takes no further events).
 * Without it, version 2 of a game that version 3 finished was sent as finished, with version 3's view.
 */
async function gameAsOf(ctx: ServiceContext, game: GameRecord, version: number): Promise<GameRecord> {
  const { definition, state } = await stateAfter(ctx, game, version);
  return { ...game, version, state, status: 'active', activeSeats: definition.outcome(state) === null ? definition.activeSeats(state) : [], result: null };
}

/**
 * Null while the subscriber may still see the game as this update is delivered, else why not (they
 * left a private game): from the same load as the update itself, so no query of its own.
 */
export async function gameStillVisible(ctx: ServiceContext, payload: { gameId: string; version: number }, principal: Principal | null): Promise<StreamEnded | null> {
  const { game } = await loaded(ctx, payload.gameId, payload.version, payload);
  return maySee(game, principal) ? null : accessLost(notFound('Game'));
}

export async function gameUpdateFor(ctx: ServiceContext, payload: { gameId: string; version: number; undoRequestsChanged?: boolean }, principal: Principal | null) {
  const { game, event, views } = await loaded(ctx, payload.gameId, payload.version, payload);
  const seat = seatOf(game, principal);
  if (!views.has(seat)) views.set(seat, game.status === 'open' || game.state === null ? null : definitionFor(ctx, game).view(game.state, seat));
  return {
    gameId: game.id,
    version: payload.version,
    status: game.status,
    activeSeats: game.activeSeats,
    // The view is of the state as of this version, even when a newer one has landed (gameAsOf).
    view: views.get(seat),
    log: event ? visibleLog(event.log, seat) : [],
    result: game.result,
    undoRequestsChanged: payload.undoRequestsChanged === true,
    // For `typed` (resolvers.ts), never sent as such.
    game,
  };
}
