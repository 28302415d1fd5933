import { readFileSync } from 'node:fs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { GraphQLError, GraphQLScalarType, Kind, type ValueNode } from 'graphql';
import depthLimit from 'graphql-depth-limit';
import mercurius, { type IResolvers, type MercuriusContext } from 'mercurius';
import mqemitterRedis from 'mqemitter-redis';
import type { Principal } from '../auth/tokens.js';
import { ServiceError, unauthenticated } from '../errors.js';
import { principalFromHeader } from '../http/auth.js';
import { login, me, register } from '../services/accounts.js';
import type { ServiceContext } from '../services/context.js';
import { gameTypes } from '../services/definitions.js';
import { gameLog, LOG_PAGE_LIMIT } from '../services/history.js';
import { createGame, detail, joinGame, leaveGame, listGames, loadGame, startGame, type GameSummary } from '../services/lobby.js';
import { legalActions, submitAction } from '../services/play.js';
import { gameUpdateFor, topicOf } from './updates.js';

/**
 * GraphQL at /graphql: the same use cases as REST (resolvers call services only), the same error
 * codes (in `extensions.code`), subscriptions over WebSocket (graphql-ws protocol).
 */
export const SCHEMA_PATH = new URL('./schema.graphql', import.meta.url);

declare module 'mercurius' {
  interface MercuriusContext {
    principal: Principal | null;
    /** A token that was sent but is invalid: every resolver refuses, as REST does. */
    authError: ServiceError | null;
  }
}
type Context = MercuriusContext;

function parseLiteral(node: ValueNode): unknown {
  switch (node.kind) {
    case Kind.STRING: case Kind.BOOLEAN: return node.value;
    case Kind.INT: case Kind.FLOAT: return Number(node.value);
    case Kind.NULL: return null;
    case Kind.LIST: return node.values.map(parseLiteral);
    case Kind.OBJECT: return Object.fromEntries(node.fields.map((field) => [field.name.value, parseLiteral(field.value)]));
    default: throw new GraphQLError('Variables inside JSON literals are not supported; pass the whole value as a variable.');
  }
}

const JSONScalar = new GraphQLScalarType({ name: 'JSON', serialize: (value) => value, parseValue: (value) => value, parseLiteral });

function who(context: Context): Principal | null {
  if (context.authError) throw context.authError;
  return context.principal;
}
function user(context: Context): Principal {
  const principal = who(context);
  if (!principal) throw unauthenticated();
  return principal;
}

export function registerGraphql(app: FastifyInstance, ctx: ServiceContext, options: { maxDepth: number; redisUrl: string | null }): void {
  const resolvers: IResolvers = {
    JSON: JSONScalar,
    Query: {
      me: (_root, _args, context: Context) => me(ctx, user(context)),
      gameTypes: () => gameTypes(ctx),
      games: (_root, { filter }: { filter?: { status?: 'open' | 'active' | 'finished'; mine?: boolean; awaitingMe?: boolean; limit?: number; offset?: number } }, context: Context) => {
        const limit = filter?.limit ?? 20;
        const offset = filter?.offset ?? 0;
        if (limit < 1 || limit > 100 || offset < 0) throw new ServiceError(400, 'VALIDATION_FAILED', 'limit is 1 to 100 and offset at least 0.');
        return listGames(ctx, user(context), { status: filter?.status, mine: filter?.mine, awaitingMe: filter?.awaitingMe, limit, offset });
      },
      game: async (_root, { id }: { id: string }, context: Context) => detail(ctx, await loadGame(ctx, id), who(context)),
    },
    Game: {
      view: (game: GameSummary & { view?: unknown }) => game.view ?? null,
      legalActions: async (game: GameSummary, _args, context: Context) => {
        const principal = who(context);
        if (!principal || game.yourSeat === null) return [];
        return (await legalActions(ctx, principal, game.id)).actions;
      },
      log: async (game: GameSummary, { after, limit }: { after: number; limit: number }, context: Context) =>
        (await gameLog(ctx, who(context), game.id, Math.max(0, after), Math.min(Math.max(1, limit), LOG_PAGE_LIMIT))).events,
    },
    Mutation: {
      register: (_root, { username, password }: { username: string; password: string }) => register(ctx, username, password),
      login: (_root, { username, password }: { username: string; password: string }) => login(ctx, username, password),
      createGame: async (_root, args: { type: string; seats: number; options?: unknown }, context: Context) => {
        const principal = user(context);
        if (args.options !== undefined && args.options !== null && (typeof args.options !== 'object' || Array.isArray(args.options))) {
          throw new ServiceError(400, 'INVALID_OPTIONS', 'options must be a JSON object.');
        }
        return detail(ctx, await createGame(ctx, principal, { type: args.type, seats: args.seats, options: args.options ?? undefined }), principal);
      },
      joinGame: async (_root, { gameId, seat }: { gameId: string; seat?: number | null }, context: Context) => {
        const principal = user(context);
        return detail(ctx, await joinGame(ctx, principal, gameId, seat ?? undefined), principal);
      },
      startGame: async (_root, { gameId }: { gameId: string }, context: Context) => {
        const principal = user(context);
        return detail(ctx, await startGame(ctx, principal, gameId), principal);
      },
      leaveGame: async (_root, { gameId }: { gameId: string }, context: Context) => {
        const principal = user(context);
        return detail(ctx, await leaveGame(ctx, principal, gameId), principal);
      },
      submitAction: async (_root, args: { gameId: string; action: unknown; expectedVersion?: number | null; idempotencyKey?: string | null }, context: Context) => {
        if (args.idempotencyKey !== undefined && args.idempotencyKey !== null && (args.idempotencyKey.length < 1 || args.idempotencyKey.length > 200)) {
          throw new ServiceError(400, 'VALIDATION_FAILED', 'idempotencyKey is 1 to 200 characters.');
        }
        const { replayed: _replayed, ...answer } = await submitAction(ctx, user(context), {
          gameId: args.gameId,
          action: args.action,
          expectedVersion: args.expectedVersion ?? undefined,
          idempotencyKey: args.idempotencyKey ?? undefined,
        });
        return answer;
      },
    },
    Subscription: {
      gameUpdated: {
        subscribe: async (_root: unknown, { gameId }: { gameId: string }, context: Context) => {
          await loadGame(ctx, gameId); // 404 for unknown games before anything is opened
          return context.pubsub.subscribe(topicOf(gameId));
        },
        resolve: (payload: { gameId: string; version: number }, _args: unknown, context: Context) => gameUpdateFor(ctx, payload, who(context)),
      },
    },
  };

  app.register(mercurius, {
    schema: readFileSync(SCHEMA_PATH, 'utf8'),
    resolvers,
    path: '/graphql',
    graphiql: false,
    validationRules: [depthLimit(options.maxDepth)],
    context: async (request: FastifyRequest) => {
      try {
        return { principal: await principalFromHeader(ctx.tokens, request.headers.authorization), authError: null };
      } catch (error) {
        if (error instanceof ServiceError) return { principal: null, authError: error };
        throw error;
      }
    },
    subscription: {
      ...(options.redisUrl ? { emitter: redisEmitter(options.redisUrl) } : {}),
      // graphql-ws connection_init payload: { authorization: "Bearer <token>" }. A bad token closes the socket.
      onConnect: async ({ payload }: { payload?: Record<string, unknown> }) => {
        const header = typeof payload?.authorization === 'string' ? payload.authorization : undefined;
        try {
          return { principal: await principalFromHeader(ctx.tokens, header), authError: null };
        } catch {
          return false;
        }
      },
    },
    errorFormatter: (execution) => ({
      statusCode: 200,
      response: {
        data: execution.data ?? null,
        errors: (execution.errors ?? []).map((error) => {
          const original = (error as GraphQLError).originalError;
          const base = { message: error.message, locations: error.locations, path: error.path };
          if (original instanceof ServiceError) return { ...base, extensions: { code: original.code, status: original.status, ...(original.details ?? {}) } };
          if (original && !(original instanceof GraphQLError)) {
            app.log.error({ err: original }, 'graphql resolver failed');
            return { ...base, message: 'Something went wrong on our side.', extensions: { code: 'INTERNAL_ERROR', status: 500 } };
          }
          return { ...base, extensions: { code: 'GRAPHQL_VALIDATION_FAILED', status: 400 } };
        }),
      },
    }),
  });
}

/** With REDIS_URL, subscriptions fan out through Redis so any process can serve any subscriber. */
function redisEmitter(url: string) {
  const { hostname, port, password, username, pathname } = new URL(url);
  return mqemitterRedis({ host: hostname, port: Number(port || 6379), password: password || undefined, username: username || undefined, db: Number(pathname.slice(1) || 0) });
}
