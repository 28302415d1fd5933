import type { IResolvers } from 'mercurius';
import type { GameStatus } from '../store/games.js';
import { login, me, register, registrationLanguage, setLanguage } from '../services/accounts.js';
import { changePassword, deleteAccount, exportAccount, logoutEverywhere, resetPassword, type PasswordResets } from '../services/account-care.js';
import type { ServiceContext } from '../services/context.js';
import { gameTypes } from '../services/definitions.js';
import { gameLog, LOG_PAGE_LIMIT } from '../services/history.js';
import { CATALOGS, PUBLISHED } from '../http/game-schemas.js';
import { createGame, detail, joinGame, leaveGame, listGames, loadGame, loadVisibleGame, setClientSeed, startGame, summarize, type GameSummary } from '../services/lobby.js';
import type { GameRecord } from '../store/games.js';
import { legalActions, submitAction } from '../services/play.js';
import { ServiceError } from '../errors.js';
import { afterSeq, checkFirst, eventConnection, offsetConnection, offsetPage } from './connections.js';
import { refusingSubscription, subscriptionWithCodes, user, who, type Context } from './context.js';
import { DateScalar, DateTimeScalar, JSONScalar } from './scalars.js';
import { typedGameResolvers, typeIdOf, typeOfId, unpackMove } from './typed-games.js';
import { gameStillVisible, gameUpdateFor, topicOf } from './updates.js';
import { endQueue, followingAccess } from '../services/stream-access.js';
import type { Readable } from 'node:stream';

/** Accounts, game types, the lobby basics, play and the game subscription: the same use cases as REST. */
/** What travels through pub/sub for a game (graphql/updates.ts): each subscriber renders its own update from it. */
type GamePayload = { gameId: string; version: number; undoRequestsChanged?: boolean };

/** The game's version now, then the live changes: a client that read the game before subscribing misses nothing. */
async function* currentThenLive(current: GamePayload, live: AsyncIterableIterator<GamePayload>): AsyncGenerator<GamePayload> {
  try {
    yield current;
    yield* live;
  } finally {
    // A client gone before the first live change still unsubscribes.
    await live.return?.();
  }
}

export function coreResolvers(ctx: ServiceContext, care: { passwordResets: PasswordResets; secret: string }): IResolvers {
  // The catalog is fixed for the life of the app: each game's type is looked up, not rebuilt.
  const typeById = new Map(gameTypes(ctx).map((type) => [type.id, type]));
  // Lists carry summaries without the state: the caller's view is then computed on demand.
  const viewOf = async (game: GameSummary & { view?: unknown }, _args: unknown, context: Context) =>
    game.view !== undefined ? game.view : game.status === 'open' ? null : detail(ctx, await loadGame(ctx, game.id), who(context)).view;
  const legalActionsOf = async (game: GameSummary, _args: unknown, context: Context) => {
    const principal = who(context);
    if (!principal || game.yourSeat === null) return [];
    return (await legalActions(ctx, principal, game.id)).actions;
  };
  // `typed` of an action's answer and of an update: the game, typed per game, with that answer's own view.
  const typedWith = (game: GameRecord, view: unknown, context: Context) => (typeIdOf(game.type) === null ? null : { ...summarize(game, who(context)), view });
  return {
    JSON: JSONScalar,
    JSONSchema: JSONScalar,
    DateTime: DateTimeScalar,
    Date: DateScalar,
    Query: {
      me: (_root, _args, context: Context) => me(ctx, user(context)),
      accountExport: (_root, _args, context: Context) => exportAccount(ctx, user(context)),
      // A bad token is refused even where no account is needed, as REST refuses it on every route.
      gameTypes: (_root, _args, context: Context) => {
        who(context);
        return gameTypes(ctx);
      },
      games: async (_root, { filter, first, after }: { filter?: { status?: GameStatus | null; mine?: boolean | null; awaitingMe?: boolean | null } | null; first: number; after?: string | null }, context: Context) => {
        const paging = offsetPage(first, after, 100);
        const { total, games } = await listGames(ctx, user(context), { status: filter?.status ?? undefined, mine: filter?.mine ?? undefined, awaitingMe: filter?.awaitingMe ?? undefined, ...paging });
        return offsetConnection(games, paging.offset, total);
      },
      // A private game is NOT_FOUND for outsiders, as in REST.
      game: async (_root, { id }: { id: string }, context: Context) => {
        const principal = who(context);
        return detail(ctx, await loadVisibleGame(ctx, id, principal), principal);
      },
    },
    // A game type without a changelog has one version with no date ('' in REST).
    RulesVersion: { date: (version: { date: string }) => version.date || null },
    GameType: {
      viewSchema: (type: { id: string }) => PUBLISHED[type.id]?.view ?? null,
      components: (type: { id: string }) => {
        const published = PUBLISHED[type.id];
        return published ? { action: published.action.$id, options: published.options.$id, view: published.view.$id, catalog: published.catalog.$id } : null;
      },
      catalog: (type: { id: string }) => CATALOGS[type.id] ?? null,
    },
    ...typedGameResolvers({ view: viewOf, legalActions: legalActionsOf }),
    ActionResult: {
      typed: async (result: { gameId: string; view: unknown }, _args: unknown, context: Context) => typedWith(await loadVisibleGame(ctx, result.gameId, who(context)), result.view, context),
    },
    // The game loaded once for every subscriber of this version (graphql/updates.ts).
    GameUpdate: { typed: (update: { game: GameRecord; view: unknown }, _args: unknown, context: Context) => typedWith(update.game, update.view, context) },
    Game: {
      gameType: (game: GameSummary) => typeById.get(game.type),
      typeId: (game: GameSummary) => typeIdOf(game.type),
      // The typed union's members read their fields from the game itself (graphql/typed-games.ts).
      typed: (game: GameSummary) => (typeIdOf(game.type) === null ? null : game),
      view: viewOf,
      legalActions: legalActionsOf,
      events: async (game: GameSummary, args: { first: number; after?: string | null }, context: Context) => {
        const after = afterSeq(args.after);
        const { version, events } = await gameLog(ctx, who(context), game.id, after, checkFirst(args.first, LOG_PAGE_LIMIT));
        return eventConnection(events, after, version);
      },
    },
    Mutation: {
      register: (_root, { username, password, language }: { username: string; password: string; language?: string | null }, context: Context) => {
        who(context);
        const header = context.reply?.request.headers['accept-language'];
        return register(ctx, username, password, registrationLanguage(language, typeof header === 'string' ? header : undefined));
      },
      setLanguage: async (_root, { language }: { language?: string | null }, context: Context) => (await setLanguage(ctx, user(context), language ?? null)).language,
      login: (_root, { username, password }: { username: string; password: string }, context: Context) => {
        who(context);
        return login(ctx, username, password);
      },
      requestPasswordReset: (_root, { login: name }: { login: string }, context: Context) => {
        who(context);
        care.passwordResets.request(name);
        return true;
      },
      resetPassword: (_root, { token, newPassword }: { token: string; newPassword: string }, context: Context) => {
        who(context);
        return resetPassword(ctx, care, token, newPassword);
      },
      changePassword: (_root, { currentPassword, newPassword }: { currentPassword: string; newPassword: string }, context: Context) =>
        changePassword(ctx, user(context), currentPassword, newPassword),
      logoutEverywhere: async (_root, _args, context: Context) => {
        await logoutEverywhere(ctx, user(context));
        return true;
      },
      deleteAccount: async (_root, { password }: { password: string }, context: Context) => {
        await deleteAccount(ctx, user(context), password);
        return true;
      },
      createGame: async (_root, args: { type?: string | null; typeId?: string | null; seats: number; options?: unknown; private?: boolean | null; rated?: boolean | null; timeControl?: unknown; clientSeed?: string | null }, context: Context) => {
        const principal = user(context);
        if (args.options !== undefined && args.options !== null && (typeof args.options !== 'object' || Array.isArray(args.options))) {
          throw new ServiceError(400, 'INVALID_OPTIONS', 'options must be a JSON object.');
        }
        if ((args.type ?? null) === (args.typeId ?? null) || (args.type && args.typeId)) throw new ServiceError(400, 'VALIDATION_FAILED', 'Give the game type as `type` or as `typeId`, one of them.');
        const input = { type: args.type ?? typeOfId(args.typeId!), seats: args.seats, options: args.options ?? undefined, private: args.private ?? undefined, rated: args.rated ?? undefined, timeControl: args.timeControl ?? undefined, clientSeed: args.clientSeed ?? undefined };
        return detail(ctx, await createGame(ctx, principal, input), principal);
      },
      joinGame: async (_root, { gameId, seat, clientSeed }: { gameId: string; seat?: number | null; clientSeed?: string | null }, context: Context) => {
        const principal = user(context);
        return detail(ctx, await joinGame(ctx, principal, gameId, seat ?? undefined, clientSeed ?? undefined), principal);
      },
      setClientSeed: async (_root, { gameId, clientSeed }: { gameId: string; clientSeed: string }, context: Context) => {
        const principal = user(context);
        return detail(ctx, await setClientSeed(ctx, principal, gameId, clientSeed), principal);
      },
      startGame: async (_root, { gameId }: { gameId: string }, context: Context) => {
        const principal = user(context);
        return detail(ctx, await startGame(ctx, principal, gameId), principal);
      },
      leaveGame: async (_root, { gameId }: { gameId: string }, context: Context) => {
        const principal = user(context);
        return detail(ctx, await leaveGame(ctx, principal, gameId), principal);
      },
      submitAction: async (_root, args: { gameId: string; action?: unknown; move?: Record<string, unknown> | null; expectedVersion?: number | null; idempotencyKey?: string | null }, context: Context) => {
        if (args.idempotencyKey !== undefined && args.idempotencyKey !== null && (args.idempotencyKey.length < 1 || args.idempotencyKey.length > 200)) {
          throw new ServiceError(400, 'VALIDATION_FAILED', 'idempotencyKey is 1 to 200 characters.');
        }
        const principal = user(context);
        if ((args.action === undefined || args.action === null) === (args.move === undefined || args.move === null)) {
          throw new ServiceError(400, 'VALIDATION_FAILED', 'Give the action as `action` or as `move`, one of them.');
        }
        const typed = args.move ? unpackMove(args.move) : { gameType: undefined, action: args.action };
        const { replayed: _replayed, ...answer } = await submitAction(ctx, principal, {
          gameId: args.gameId,
          action: typed.action,
          gameType: typed.gameType,
          expectedVersion: args.expectedVersion ?? undefined,
          idempotencyKey: args.idempotencyKey ?? undefined,
        });
        return { ...answer, gameId: args.gameId };
      },
    },
    Subscription: {
      gameUpdated: {
        subscribe: (_root: unknown, { gameId }: { gameId: string }, context: Context) =>
          refusingSubscription(async () => {
            // Subscribed before the game is read: a change committed meanwhile is heard (perhaps twice), never lost.
            const live = (await context.pubsub.subscribe(topicOf(gameId))) as Readable & AsyncIterableIterator<GamePayload>;
            try {
              // A bad token: INVALID_TOKEN; an unknown game, or a private one of others: NOT_FOUND; as in REST.
              const principal = who(context);
              const game = await loadVisibleGame(ctx, gameId, principal);
              // Each update is checked before it is sent (services/stream-access.ts): a private game left ends it.
              return subscriptionWithCodes(followingAccess(ctx, principal, currentThenLive({ gameId, version: game.version }, live), () => endQueue(live), (payload) => gameStillVisible(ctx, payload, principal)));
            } catch (error) {
              await live.return?.();
              throw error;
            }
          }),
        resolve: (payload: GamePayload, _args: unknown, context: Context) => gameUpdateFor(ctx, payload, who(context)),
      },
    },
  };
}
