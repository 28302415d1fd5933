import { readFileSync } from 'node:fs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { GraphQLError } from 'graphql';
import mercurius, { type IResolvers, type MercuriusContext } from 'mercurius';
import mqemitterRedis from 'mqemitter-redis';
import { ServiceError } from '../errors.js';
import { principalFromHeader } from '../http/auth.js';
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from '../store/unavailable.js';
import { authenticate } from '../services/api-tokens.js';
import type { ServiceContext } from '../services/context.js';
import type { WebhookSettings } from '../services/webhooks.js';
import type { MailSettings } from '../services/notifications.js';
import type { PasswordResets } from '../services/account-care.js';
import { asyncPlayResolvers } from './async-resolvers.js';
import { registerCostLimit } from './cost.js';
import { depthLimit } from './depth.js';
import { guardSubscriptionMessages, noNulStrings, registerGraphqlGuard, withFieldAccess } from './guard.js';
import { assertGraphqlTable } from '../auth/scopes.js';
import { accountKey, type Limiter } from '../http/rate-limits.js';
import type { LimitedOperation } from '../config.js';
import type { MoveTimer } from '../http/metrics.js';
import { databaseUnavailable } from './context.js';
import { coreResolvers } from './resolvers.js';
import { rulesResolvers } from './rules-resolvers.js';
import { adminResolvers } from './admin-resolvers.js';
import { chatResolvers } from './chat-resolvers.js';
import { ratingResolvers } from './rating-resolvers.js';

/**
 * GraphQL at /graphql: the same use cases as REST (resolvers call services only), the same error
 * codes (in `extensions.code`), subscriptions over WebSocket (graphql-ws protocol).
 */
export const SCHEMA_PATH = new URL('./schema.graphql', import.meta.url);

export function registerGraphql(app: FastifyInstance, ctx: ServiceContext, options: { maxDepth: number; maxTokens: number; maxFields: number; maxCost: number; redisUrl: string | null; webhooks: WebhookSettings; mail: MailSettings; onSocket?: (delta: 1 | -1) => void; limiter: Limiter; timeMove?: MoveTimer; passwordResets: PasswordResets; secret: string }): void {
  const core = coreResolvers(ctx, { passwordResets: options.passwordResets, secret: options.secret });
  const more = asyncPlayResolvers(ctx, options.webhooks, options.mail);
  const rules = rulesResolvers(ctx);
  const admin = adminResolvers(ctx);
  const chat = chatResolvers(ctx);
  const ratings = ratingResolvers(ctx);
  const merge = (type: 'Query' | 'Mutation' | 'Subscription') =>
    [core, more, rules, admin, chat, ratings].reduce((all, resolvers) => ({ ...all, ...(resolvers[type] as object) }), {});
  // Each root field checks its access (auth/scopes.ts) first, before its rate limit, as REST does.
  const resolvers: IResolvers = { ...core, ...withFieldAccess({ Query: limited(merge('Query'), options.limiter, LIMITED_QUERIES), Mutation: timed(limited(merge('Mutation'), options.limiter, LIMITED_MUTATIONS), options.timeMove), Subscription: merge('Subscription') }) };

  guardSubscriptionMessages(app, '/graphql', options.maxTokens);
  app.register(mercurius, {
    schema: readFileSync(SCHEMA_PATH, 'utf8'),
    resolvers,
    path: '/graphql',
    graphiql: false,
    graphql: { parseOptions: { maxTokens: options.maxTokens } },
    validationRules: [depthLimit(options.maxDepth, options.maxFields), noNulStrings],
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
        let context;
        try {
          context = { principal: await principalFromHeader((bearer) => authenticate(ctx, bearer), header), authError: null };
        } catch (error) {
          // A token (API tokens are looked up) checked while the database is down: its subscriptions are
          // refused with DATABASE_UNAVAILABLE, as REST answers 503; the client may reconnect later.
          const refusal = error instanceof ServiceError ? error : isDatabaseUnavailable(error) ? databaseUnavailable() : null;
          if (!refusal) return false;
          context = { principal: null, authError: refusal };
        }
        options.onSocket?.(1);
        return { ...context, counted: true };
      },
      // Sockets counted at connect are uncounted here once (Mercurius may call this twice per socket;
      // those refused at connect never were counted).
      onDisconnect: (context) => {
        const socket = context as { counted?: boolean };
        if (!socket.counted) return;
        socket.counted = false;
        options.onSocket?.(-1);
      },
    },
    errorFormatter: (execution, context) => {
      // Mercurius wraps parse and validation errors in one MER_ERR_GQL_VALIDATION error holding them in `errors`.
      const errors = (execution.errors ?? []).flatMap((error) => {
        const inner = (error.originalError as { errors?: unknown } | undefined)?.errors;
        return Array.isArray(inner) ? inner.map((item) => (isGraphQLError(item) ? item : new GraphQLError(String((item as Error).message ?? item), { originalError: item as Error }))) : [error];
      });
      const formatted = errors.map((error) => formatError(app, error));
      // A request that is not GraphQL at all (bad JSON, wrong media type, too large) keeps its HTTP status, as in REST.
      const requestLevel = !execution.data && formatted.length === 1 && formatted[0]!.requestStatus;
      // As in REST, a database outage is a 503 with Retry-After when nothing could be answered.
      const unavailable = !execution.data && formatted.length > 0 && formatted.every((error) => error.extensions.code === 'DATABASE_UNAVAILABLE');
      if (unavailable) {
        context?.reply?.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
        return { statusCode: 503, response: { data: null, errors: formatted.map(({ requestStatus: _requestStatus, ...error }) => error) } };
      }
      return {
        statusCode: requestLevel || 200,
        response: { data: execution.data ?? null, errors: formatted.map(({ requestStatus: _requestStatus, ...error }) => error) },
      };
    },
  });
  registerGraphqlGuard(app, '/graphql', options.maxTokens);
  // Every root field of the served schema has its entry in auth/scopes.ts, or the server does not start.
  app.addHook('onReady', async () => {
    assertGraphqlTable((root) => {
      const type = app.graphql.schema.getType(root);
      return type && 'getFields' in type ? Object.keys(type.getFields()) : [];
    });
  });
  registerCostLimit(app, options.maxCost);
}

/** The mutations with a rate limit, counted in the same buckets as their REST routes. */
const LIMITED_MUTATIONS: Record<string, LimitedOperation> = {
  login: 'login', register: 'register', submitAction: 'submit', createGame: 'create-game', registerWebhook: 'webhook', pingWebhook: 'webhook-send', redeliverWebhookDelivery: 'webhook-send', postChatMessage: 'chat', createApiToken: 'api-token',
  requestPasswordReset: 'password-reset', resetPassword: 'password-reset', changePassword: 'account-care', logoutEverywhere: 'account-care', deleteAccount: 'account-care',
};
/** Queries with a rate limit: the account export reads a lot. */
const LIMITED_QUERIES: Record<string, LimitedOperation> = { accountExport: 'account-care' };

function limited(mutations: Record<string, unknown>, limiter: Limiter, operations: Record<string, LimitedOperation>): Record<string, unknown> {
  const wrapped = { ...mutations };
  for (const [name, operation] of Object.entries(operations)) {
    const resolve = mutations[name] as (root: unknown, args: Record<string, unknown>, context: MercuriusContext, info: unknown) => unknown;
    wrapped[name] = async (root: unknown, args: Record<string, unknown>, context: MercuriusContext, info: unknown) => {
      await limiter.hit(operation, context.reply.request, context.reply, accountKey(operation, context.principal?.userId, args));
      return resolve(root, args, context, info);
    };
  }
  return wrapped;
}

/** An accepted submitAction counts in the move latency by game type, as an accepted REST move does (timed from the resolver's start). */
function timed(mutations: Record<string, unknown>, timeMove: MoveTimer | undefined): Record<string, unknown> {
  if (!timeMove) return mutations;
  const resolve = mutations.submitAction as (root: unknown, args: { gameId: string }, context: MercuriusContext, info: unknown) => Promise<unknown>;
  return {
    ...mutations,
    submitAction: async (root: unknown, args: { gameId: string }, context: MercuriusContext, info: unknown) => {
      const started = performance.now();
      const answer = await resolve(root, args, context, info);
      await timeMove(args.gameId, (performance.now() - started) / 1000);
      return answer;
    },
  };
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
  // A refusal of the whole request (no path: the guard, before any resolver) keeps its HTTP status, as in REST.
  if (original instanceof ServiceError) return { ...base, extensions: { code: original.code, status: original.status, ...(original.details ?? {}) }, requestStatus: error.path === undefined ? original.status : 0 };
  if (isDatabaseUnavailable(original)) {
    app.log.warn({ err: original }, 'database unavailable');
    return { ...base, message: DATABASE_UNAVAILABLE_MESSAGE, extensions: { code: 'DATABASE_UNAVAILABLE', status: 503 }, requestStatus: 0 };
  }
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
  // graphql-js's parser stops at maxTokens with a syntax error; it gets its own code.
  if (/^Syntax Error: Document contains more tha[nt] \d+ tokens/.test(error.message)) return { ...base, extensions: { code: 'GRAPHQL_TOO_LARGE', status: 400 }, requestStatus: 400 };
  return { ...base, extensions: { code: 'GRAPHQL_VALIDATION_FAILED', status: 400 }, requestStatus: 0 };
}
