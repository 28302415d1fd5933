import { readFileSync } from 'node:fs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { GraphQLError, GraphQLScalarType, Kind, type ValueNode } from 'graphql';
import mercurius, { type IResolvers, type MercuriusContext } from 'mercurius';
import mqemitterRedis from 'mqemitter-redis';
import type { Principal } from '../auth/tokens.js';
import { ServiceError, unauthenticated } from '../errors.js';
import { principalFromHeader } from '../http/auth.js';
import { authenticate } from '../services/api-tokens.js';
import { login, me, register } from '../services/accounts.js';
import type { ServiceContext } from '../services/context.js';
import { gameTypes } from '../services/definitions.js';
import { gameLog, LOG_PAGE_LIMIT } from '../services/history.js';
import { createGame, detail, joinGame, leaveGame, listGames, loadGame, loadVisibleGame, startGame, type GameSummary } from '../services/lobby.js';
import { legalActions, submitAction } from '../services/play.js';
import { depthLimit } from './depth.js';
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
      // A bad token is refused even where no account is needed, as REST refuses it on every route.
      gameTypes: (_root, _args, context: Context) => {
        who(context);
        return gameTypes(ctx);
      },
      games: (_root, { filter }: { filter?: { status?: 'open' | 'active' | 'finished'; mine?: boolean; awaitingMe?: boolean; limit?: number; offset?: number } }, context: Context) => {
        const limit = filter?.limit ?? 20;
        const offset = filter?.offset ?? 0;
        if (limit < 1 || limit > 100 || offset < 0) throw new ServiceError(400, 'VALIDATION_FAILED', 'limit is 1 to 100 and offset at least 0.');
        return listGames(ctx, user(context), { status: filter?.status, mine: filter?.mine, awaitingMe: filter?.awaitingMe, limit, offset });
      },
      // A private game is NOT_FOUND for outsiders, as in REST.
      game: async (_root, { id }: { id: string }, context: Context) => {
        const principal = who(context);
        return detail(ctx, await loadVisibleGame(ctx, id, principal), principal);
      },
    },
    Game: {
      // Lists carry summaries without the state: the caller's view is then computed on demand.
      view: async (game: GameSummary & { view?: unknown }, _args, context: Context) =>
        game.view !== undefined ? game.view : game.status === 'open' ? null : detail(ctx, await loadGame(ctx, game.id), who(context)).view,
      legalActions: async (game: GameSummary, _args, context: Context) => {
        const principal = who(context);
        if (!principal || game.yourSeat === null) return [];
        return (await legalActions(ctx, principal, game.id)).actions;
      },
      log: async (game: GameSummary, { after, limit }: { after: number; limit: number }, context: Context) =>
        (await gameLog(ctx, who(context), game.id, Math.max(0, after), Math.min(Math.max(1, limit), LOG_PAGE_LIMIT))).events,
    },
    Mutation: {
      register: (_root, { username, password }: { username: string; password: string }, context: Context) => {
        who(context);
        return register(ctx, username, password);
      },
      login: (_root, { username, password }: { username: string; password: string }, context: Context) => {
        who(context);
        return login(ctx, username, password);
      },
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
          try {
            // A bad token: INVALID_TOKEN; an unknown game, or a private one of others: NOT_FOUND; as in REST.
            await loadVisibleGame(ctx, gameId, who(context));
          } catch (error) {
            // Mercurius sends a refused subscription as the raw error, without our errorFormatter:
            // carry the code in `extensions`, which graphql-js keeps.
            if (error instanceof ServiceError) throw Object.assign(new Error(error.message), { extensions: { code: error.code, status: error.status, ...(error.details ?? {}) } });
            throw error;
          }
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
        return { principal: await principalFromHeader((bearer) => authenticate(ctx, bearer), request.headers.authorization), authError: null };
      } catch (error) {
        if (error instanceof ServiceError) return { principal: null, authError: error };
        throw error;
      }
    },
    subscription: {
      ...(options.redisUrl ? { emitter: redisEmitter(options.redisUrl) } : {}),
      // graphql-ws connection_init payload: { authorization: "Bearer <token>" }. A bad token is kept as
      // `authError`, and every subscription on that socket is refused with its code (INVALID_TOKEN), as
      // REST refuses the request. (Refusing the connection itself makes Mercurius send a
      // `connection_error` message that the graphql-transport-ws protocol does not have: clients see a
      // protocol error, not a code.)
      onConnect: async ({ payload }: { payload?: Record<string, unknown> }) => {
        const header = typeof payload?.authorization === 'string' ? payload.authorization : undefined;
        try {
          return { principal: await principalFromHeader((bearer) => authenticate(ctx, bearer), header), authError: null };
        } catch (error) {
          if (error instanceof ServiceError) return { principal: null, authError: error };
          return false;
        }
      },
    },
    errorFormatter: (execution) => {
      // Mercurius wraps parse and validation errors in one MER_ERR_GQL_VALIDATION error holding them in `errors`.
      const errors = (execution.errors ?? []).flatMap((error) => {
        const inner = (error.originalError as { errors?: unknown } | undefined)?.errors;
        return Array.isArray(inner) ? inner.map((item) => (isGraphQLError(item) ? item : new GraphQLError(String((item as Error).message ?? item), { originalError: item as Error }))) : [error];
      });
      const formatted = errors.map((error) => formatError(app, error));
      // A request that is not GraphQL at all (bad JSON, wrong media type, too large) keeps its HTTP status, as in REST.
      const requestLevel = !execution.data && formatted.length === 1 && formatted[0]!.requestStatus;
      return {
        statusCode: requestLevel || 200,
        response: { data: execution.data ?? null, errors: formatted.map(({ requestStatus: _requestStatus, ...error }) => error) },
      };
    },
  });
}

/** With REDIS_URL, subscriptions fan out through Redis so any process can serve any subscriber. */
function redisEmitter(url: string) {
  const { hostname, port, password, username, pathname } = new URL(url);
  return mqemitterRedis({ host: hostname, port: Number(port || 6379), password: password || undefined, username: username || undefined, db: Number(pathname.slice(1) || 0) });
}

/**
 * By name, not `instanceof`: mercurius requires graphql's CommonJS build while an ESM loader that
 * honours the "module" field (vite, vitest) gives this file the .mjs build, with its own class.
 */
const isGraphQLError = (error: unknown): error is GraphQLError => error instanceof Error && error.name === 'GraphQLError';

/** Fastify's own request errors, with the codes REST gives them (see http/problems.ts). */
const REQUEST_ERRORS: Record<string, { status: number; code: string; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'INVALID_JSON', message: 'The request body is not valid JSON.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'INVALID_JSON', message: 'The request body is not valid JSON.' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Send JSON with Content-Type: application/json.' },
};

/**
 * One error as clients see it: `extensions.code` is the stable code REST gives (ServiceError), or
 * GRAPHQL_VALIDATION_FAILED for documents and variables the schema refuses, or a request error
 * (bad JSON…); anything else is a bug, logged and answered with INTERNAL_ERROR and nothing more.
 */
function formatError(app: FastifyInstance, error: GraphQLError) {
  const original = error.originalError;
  const base = { message: error.message, locations: error.locations, path: error.path };
  if (original instanceof ServiceError) return { ...base, extensions: { code: original.code, status: original.status, ...(original.details ?? {}) }, requestStatus: 0 };
  const fastifyCode = (original as { code?: unknown } | undefined)?.code;
  const known = typeof fastifyCode === 'string' ? REQUEST_ERRORS[fastifyCode] : undefined;
  if (known) return { message: known.message, extensions: { code: known.code, status: known.status }, requestStatus: known.status };
  const status = (original as { statusCode?: unknown } | undefined)?.statusCode;
  if (original && !isGraphQLError(original) && typeof status === 'number' && status >= 400 && status < 500) {
    return { message: original.message, extensions: { code: 'BAD_REQUEST', status }, requestStatus: status };
  }
  // A GraphQLError raised while executing (a path is set) without a cause of ours is a bug too (e.g. a null for a non-null field).
  if ((original && !isGraphQLError(original)) || (!original && error.path !== undefined)) {
    app.log.error({ err: original ?? error }, 'graphql resolver failed');
    return { ...base, message: 'Something went wrong on our side.', extensions: { code: 'INTERNAL_ERROR', status: 500 }, requestStatus: 0 };
  }
  return { ...base, extensions: { code: 'GRAPHQL_VALIDATION_FAILED', status: 400 }, requestStatus: 0 };
}
