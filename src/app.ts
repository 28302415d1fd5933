import cors from '@fastify/cors';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { createAccountStatus } from './auth/disabled-accounts.js';
import { createTokenService } from './auth/tokens.js';
import type { Config } from './config.js';
import { replayFrom } from './engine/replay.js';
import type { AnyGameDefinition } from './engine/types.js';
import { games } from './games/index.js';
import { registerGraphql } from './graphql/index.js';
import { accountTopicOf, topicOf } from './graphql/updates.js';
import { principalFromHeader } from './http/auth.js';
import { assertAccessTable, checkAccess, routeAccess, securityOf } from './auth/scopes.js';
import { gameComponents, typeGameFields } from './http/game-schemas.js';
import { documentOperations, documentPathLimits } from './http/routes/common.js';
import { createMetrics, instrument, moveTimer, observeDatabase } from './http/metrics.js';
import { registerProblemHandlers } from './http/problems.js';
import { accountKey, createLimiter, RATE_LIMIT_POLICY } from './http/rate-limits.js';
import { clientErrorHandler, frameworkErrors, registerInputGuard } from './http/input-guard.js';
import { accountRoutes } from './http/routes/accounts.js';
import { accountCareRoutes } from './http/routes/account-care.js';
import { createPasswordResets } from './services/account-care.js';
import { adminRoutes } from './http/routes/admin.js';
import { asyncPlayRoutes } from './http/routes/async-play.js';
import { chatRoutes } from './http/routes/chat.js';
import { ratingRoutes } from './http/routes/ratings.js';
import { integrationRoutes } from './http/routes/integrations.js';
import { gameRoutes } from './http/routes/games.js';
import { opsRoutes } from './http/routes/ops.js';
import { replayRoutes } from './http/routes/replays.js';
import { rulesRoutes } from './http/routes/rules.js';
import { webApp } from './http/web.js';
import { GameRecordSchema } from './http/record-schemas.js';
import { webhookComponents, webhooksSection } from './http/webhook-schemas.js';
import { rememberingSerializers } from './http/serializers.js';
import { AccountEventData, StreamGapData, GameDetail, GameLogKeys, GamePage, GameSummary, LegalActions, LogArg, LogEntry, MoveResult, PlayerEvent, Problem, UndoRequest, User } from './http/schemas.js';
import { TimeControlSchema } from './services/clock.js';
import { ensureAdmin } from './services/accounts.js';
import { chatTopicOf } from './services/chat.js';
import { definitionFor } from './services/definitions.js';
import { authenticate } from './services/api-tokens.js';
import type { DueWorkOptions } from './services/due.js';
import { createWorkers, createWorkSignal } from './services/workers.js';
import { createBotPool } from './services/bot-pool.js';
import { createBotThinking } from './services/bots.js';
import type { WebhookSettings } from './services/webhooks.js';
import { notificationRoutes } from './http/routes/notifications.js';
import { DKIM_SIGNED_HEADERS, smtpOptions, type BeforeSend, type MailSettings } from './services/notifications.js';
import type { PushSettings } from './services/push.js';
import { createTransport } from 'nodemailer';
import { createRetention } from './services/retention.js';
import type { ServiceContext } from './services/context.js';
import { registerOverloadShedding } from './http/overload.js';
import { closeDb, createDb } from './store/db.js';
import { countDueGames } from './store/games.js';
import { countDueDeliveries } from './store/webhooks.js';
import { createWorkMetrics } from './http/work-metrics.js';
import { countArchiveBacklog } from './store/archive.js';
import { requestLogging } from './http/request-log.js';

export interface AppOptions {
  config: Config;
  /** The (already migrated) database to use. */
  databaseUrl: string;
  /** The games served; tests pass their own. Defaults to the real catalog. */
  catalog?: Record<string, AnyGameDefinition>;
  /** The clock; tests of time controls pass their own. */
  now?: () => Date;
  /** This process runs the background workers (deadlines, bots, webhook deliveries) once `startWorkers()` is called. Default: config.workers. */
  workers?: boolean;
  /** Tests only: runs inside each due-work claim before its commit (to slow a worker down or make it fail). */
  beforeDueCommit?: DueWorkOptions['beforeCommit'];
  /** Tests only: runs once a mail's rows are claimed, before it leaves (services/notifications.ts). */
  beforeMailSend?: BeforeSend;
  /** Tests only: where the log lines go instead of stdout (pino's `stream`). */
  logStream?: { write(line: string): void };
}

export const API_VERSION = '0.1.0';

const API_DESCRIPTION = [
  'Play-by-web board games: accounts, lobby, turn-by-turn play over pure rules engines, histories.',
  '',
  '**Authentication**: `Authorization: Bearer <token>` with a login token (register or login; it carries every scope its account\'s role allows) or a personal API token (`bgs_…`, with the scopes chosen for it: `read` games, logs and lists; `play` create, join, act and chat; `account` the e-mail address, notification settings, push subscriptions, webhooks and API tokens; `admin` admin operations, admin accounts only). Each operation\'s `security` names the scope it needs (`bearerAuth: [scope]`): without a token the answer is `401 UNAUTHENTICATED`, with a token that lacks the scope `403 INSUFFICIENT_SCOPE`. Operations with `security: []` are public; where `security` also lists `{}`, anonymous callers are welcome but a token sent must carry the scope. A token sent to any operation is checked (`401 INVALID_TOKEN`).',
  '',
  '**Errors** are `application/problem+json` (RFC 9457) with a stable `code` (listed per response); no refusal changes anything. Rule refusals are `RULE_VIOLATION/{rule}`.',
  '',
  '**Pagination**: lists take `limit` (1–100, default 20) and `offset` (default 0) and answer `total`; the game log pages by `after` (the last `seq` you have).',
  '',
  "**Concurrency and retries**: send `expectedVersion` to get 409 STALE_VERSION instead of acting on a game that moved on, and an `Idempotency-Key` header to retry a submission safely.",
  '',
  RATE_LIMIT_POLICY,
].join('\n');

declare module 'fastify' {
  interface FastifyInstance {
    services: ServiceContext;
    /** Starts this process's background workers (if it runs any): main.ts calls it once the server listens. */
    /** Resolves once the workers hear other processes' wake-ups. */
    startWorkers(): Promise<void>;
  }
}

/** Builds the whole service without listening (main.ts listens; tests inject). */
export async function buildApp({ config, databaseUrl, catalog = games, now = () => new Date(), workers = config.workers, beforeDueCommit, beforeMailSend, logStream }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel, ...(logStream ? { stream: logStream } : {}) },
    ...requestLogging(),
    bodyLimit: config.bodyLimitBytes,
    // Errors Fastify and Node answer before any route runs become problem+json too (http/input-guard.ts).
    frameworkErrors,
    clientErrorHandler,
    trustProxy: config.trustProxy,
    // Unknown fields are refused (400), never silently dropped.
    ajv: { customOptions: { removeAdditional: false, coerceTypes: 'array', useDefaults: true, allErrors: false } },
    schemaController: { compilersFactory: { buildSerializer: rememberingSerializers } },
  }).withTypeProvider<TypeBoxTypeProvider>();

  const db = createDb(databaseUrl, {
    poolSize: config.databasePoolSize,
    cachedGames: config.gameCacheSize,
    groupCommit: config.groupCommit,
    listCountCap: config.listCountCap,
    lobbyCountCap: config.lobbyCountCap,
    replica: config.databaseReadUrl === null ? undefined : { url: config.databaseReadUrl, poolSize: config.databaseReadPoolSize },
    poolWaitMs: config.databasePoolWaitMs,
    lockTimeoutMs: config.databaseLockTimeoutMs,
    poolGuard: config.databasePoolGuard,
    gameLockWaiters: config.gameLockWaiters,
    // A stored game's latest actions are played on from its stored state under its own rules (`ctx` exists before any game is read).
    catchUp: (game, state, actions) => replayFrom(definitionFor(ctx, game), state, actions),
  });
  app.addHook('onClose', async () => closeDb(db));
  const metrics = createMetrics();
  const timeMove = moveTimer(metrics.moves, async (id) => (await db.game.findUnique({ where: { id }, select: { type: true } }))?.type ?? null);
  instrument(app, metrics, timeMove);
  observeDatabase(metrics.registry, db);

  const log: ServiceContext['log'] = { info: (m) => app.log.info(m), warn: (m) => app.log.warn(m), error: (m) => app.log.error(m) };
  // Disabled accounts are refused from the first request on, in this process as in the others.
  const accounts = createAccountStatus(db, databaseUrl, log);
  await accounts.start();
  app.addHook('onClose', async () => accounts.close());
  // Every process signals the work its commits record, whether or not it runs workers itself.
  const signal = createWorkSignal(db, config.duePollMs, log);
  const ctx: ServiceContext = {
    db,
    // Without a prototype: a game type named `constructor` or `__proto__` is no game (it was a 500).
    catalog: Object.assign(Object.create(null) as Record<string, AnyGameDefinition>, catalog),
    tokens: createTokenService(config.jwtSecret, config.jwtIssuer, config.jwtTtlSeconds),
    accounts,
    events: {
      gameChanged(gameId, version, started) {
        if (version > 0 && started !== true) metrics.actions.inc();
        app.graphql.pubsub.publish({ topic: topicOf(gameId), payload: { gameId, version } });
      },
      undoRequestsChanged(gameId, version) {
        app.graphql.pubsub.publish({ topic: topicOf(gameId), payload: { gameId, version, undoRequestsChanged: true } });
      },
      account(userId, event) {
        app.graphql.pubsub.publish({ topic: accountTopicOf(userId), payload: event });
      },
      chat(gameId, event) {
        app.graphql.pubsub.publish({ topic: chatTopicOf(gameId), payload: event });
      },
    },
    work: signal,
    now,
    quotas: { openGamesPerAccount: config.openGamesPerAccount, webhooksPerAccount: config.webhooksPerAccount, apiTokensPerAccount: config.apiTokensPerAccount },
    resume: { eventsPerGame: config.resumeEventsPerGame, windowMs: config.resumeWindowMinutes * 60_000 },
    ratings: { minMoves: config.ratingMinMoves },
    botGameMaxEvents: config.botGameMaxEvents,
    log,
    // The search bots think in worker threads, off the event loop (services/bot-pool.ts), where bots move: in the workers.
    ...(workers ? { bots: createBotThinking(createBotPool(config.botThreads, config.botThreadNice, config.botBusyPercent / 100), config.botThreads, config.botThinkMs) } : {}),
  };
  if (ctx.bots) {
    const pool = ctx.bots.pool;
    app.addHook('onClose', async () => pool.close());
  }
  const webhookSettings: WebhookSettings = {
    allowPrivate: config.webhookAllowPrivate, timeoutMs: config.webhookTimeoutMs, maxAttempts: config.webhookMaxAttempts, retryBaseMs: config.webhookRetryBaseMs,
  };
  const mailSettings: MailSettings = {
    // A pooled SMTP connection per process; short timeouts: a claim holds its rows (and a connection) while the mail leaves.
    transport: config.smtpUrl
      ? createTransport(smtpOptions(config.smtpUrl, { pool: true, maxConnections: 2, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000, ...(config.dkim ? { dkim: { ...config.dkim, headerFieldNames: DKIM_SIGNED_HEADERS } } : {}) }))
      : null,
    limits: config.emailLimits, leaseMs: config.notificationLeaseMs,
    from: config.mailFrom ?? '', publicUrl: config.publicUrl, secret: config.jwtSecret,
    retryBaseMs: config.mailRetryBaseMs, maxAttempts: config.mailMaxAttempts, verifyTtlMs: config.emailVerifyTtlHours * 3600 * 1000,
  };
  app.addHook('onClose', async () => mailSettings.transport?.close());
  // Reset mails are asked for here and queued after the answer (services/account-care.ts); closing waits for those asked.
  const passwordResets = createPasswordResets(ctx, {
    publicUrl: config.publicUrl, secret: config.jwtSecret, resetTtlMs: config.passwordResetTtlMinutes * 60_000,
    resetMailsPerHour: config.passwordResetMailsPerHour, mailAvailable: mailSettings.transport !== null,
  });
  app.addHook('preClose', async () => passwordResets.settled());
  const pushSettings: PushSettings = {
    vapid: config.vapid, publicUrl: config.publicUrl, allowPrivate: config.webhookAllowPrivate, allowHttp: config.pushAllowHttp, timeoutMs: config.pushTimeoutMs,
    perPersonConcurrency: config.pushPerPersonConcurrency, leaseMs: config.notificationLeaseMs,
    retryBaseMs: config.mailRetryBaseMs, maxAttempts: config.mailMaxAttempts, subscriptionsPerAccount: config.pushSubscriptionsPerAccount,
  };
  // The use cases with this app's database, clock and queue: for scripts and tests that drive them directly.
  app.decorate('services', ctx);
  const archiveAfterMs = config.archiveAfterMinutes * 60_000;
  const workMetrics = createWorkMetrics(metrics.registry, async () => ({
    games: await countDueGames(db, now()), webhooks: await countDueDeliveries(db, now()), archive: await countArchiveBacklog(db, new Date(now().getTime() - archiveAfterMs)),
  }));
  const background = workers
    ? createWorkers(ctx, signal, workMetrics, {
        databaseUrl, concurrency: config.dueConcurrency, batch: config.dueBatch, pollMs: config.duePollMs, retryBaseMs: config.dueRetryBaseMs, webhooks: webhookSettings, beforeCommit: beforeDueCommit,
        mail: mailSettings, beforeMailSend, push: pushSettings, archive: { batch: config.archiveBatch, afterMs: archiveAfterMs, busyShare: config.archiveBusyPercent / 100 },
      })
    : null;
  const retention = workers
    ? createRetention(db, log, {
        idempotencyKeyDays: config.retentionIdempotencyKeyDays, webhookDeliveryDays: config.retentionWebhookDeliveryDays,
        finishedGameOutboxDays: config.retentionFinishedGameOutboxDays, intervalSeconds: config.retentionIntervalSeconds, batchSize: config.retentionBatchSize,
      })
    : null;
  let started = false;
  app.decorate('startWorkers', async () => {
    if (!background || started) return;
    started = true;
    retention?.start();
    await background.start();
  });
  // Before the database pool closes: items in flight commit (or roll back), and no new one is taken.
  app.addHook('preClose', async () => {
    if (started) await Promise.all([background?.stop(), retention?.stop()]);
  });

  // Security headers on every response, with the strict CSP an API wants (nothing may load, nobody may
  // frame it); Swagger UI's pages at /docs replace it with their own, which allows exactly their scripts.
  // Helmet itself, built once: the @fastify/helmet plugin built a new helmet (its CSP parsed again) on
  // every request, 3.6% of the server's CPU in an 8-client move profile (docs/bench-results.md).
  const securityHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: { 'default-src': ["'none'"], 'frame-ancestors': ["'none'"], 'base-uri': ["'none'"], 'form-action': ["'none'"] } },
  });
  app.addHook('onRequest', (request, reply, done) => securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined)));
  // Browsers on other origins only when listed (CORS_ORIGINS); preflights are answered for those.
  await app.register(cors, {
    origin: config.corsOrigins.includes('*') ? '*' : config.corsOrigins.length > 0 ? config.corsOrigins : false,
    methods: ['GET', 'POST', 'PUT', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key', 'Last-Event-ID', 'Prefer'],
    exposedHeaders: ['Retry-After', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'RateLimit-Policy', 'Idempotent-Replayed', 'Location', 'Game-Version', 'Preference-Applied'],
    maxAge: 600,
  });

  // Every documented route's access comes from the one table (auth/scopes.ts), written into its
  // OpenAPI `security`; a route without an entry stops the server here, at start.
  const documentedOperations = new Set<string>();
  app.addHook('onRoute', (route) => {
    const access = routeAccess(route as Parameters<typeof routeAccess>[0]);
    if (!access || !route.schema) return;
    documentedOperations.add(route.schema.operationId as string);
    route.config = { ...(route.config as object), access } as typeof route.config;
    (route.schema as { security?: unknown }).security = securityOf(access);
  });
  app.addHook('onReady', async () => assertAccessTable(documentedOperations));

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Board game server API',
        version: API_VERSION,
        description: API_DESCRIPTION,
        license: { name: 'MIT', identifier: 'MIT' },
      },
      servers: [{ url: '/', description: 'This server (the document is served by the API itself)' }],
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', description: 'A login token (JWT) or a personal API token (`bgs_…`); the scopes listed are those the operation needs (auth/scopes.ts).' },
          streamTicket: { type: 'apiKey', in: 'query', name: 'ticket', description: 'A single-use stream ticket (createStreamTicket), for EventSource, which cannot send headers.' },
        },
      },
      tags: [
        { name: 'accounts', description: 'Register, log in' },
        { name: 'games', description: 'Game types, lobby, game state' },
        { name: 'play', description: 'Legal actions, submitting actions, the log' },
        { name: 'lobby', description: 'Open games, invitations, seats for bots and invitees' },
        { name: 'take-backs', description: 'Taking back moves, undo requests, resigning' },
        { name: 'ratings', description: 'Ratings per game type, leaderboards, player profiles' },
        { name: 'chat', description: 'Chat at the table: the players\' and the spectators\' channels' },
        { name: 'integrations', description: 'API tokens, webhooks and the account event stream for third-party clients' },
        { name: 'notifications', description: 'Notifications to persons: e-mail (address and its verification, preferences, one-click unsubscribe) and Web Push subscriptions' },
        { name: 'admin', description: 'Full state and audits (admin role)' },
        { name: 'ops', description: 'Health, readiness, metrics' },
      ],
    },
    hideUntagged: true,
    // Per-game components replace the generic view/options/actions/result fields (http/game-schemas.ts).
    transformObject: (documentObject) => withWebhooks(documentOperations(documentPathLimits(typeGameFields('openapiObject' in documentObject ? documentObject.openapiObject : documentObject.swaggerObject)))),
    // Components keep their $id names (Problem, GameDetail…) instead of def-0, def-1…
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`) },
  });
  for (const schema of [...webhookComponents(), AccountEventData, StreamGapData, Problem, User, GameSummary, GameDetail, GameLogKeys, GamePage, LegalActions, LogArg, LogEntry, MoveResult, PlayerEvent, TimeControlSchema, UndoRequest, GameRecordSchema, ...gameComponents()]) app.addSchema(schema);
  // The web app at `/` (web/dist): its files, and its index.html for the app's pages no route matches.
  const web = webApp();
  registerProblemHandlers(app, web.servePage);
  registerInputGuard(app);

  app.decorateRequest('principal', null);
  app.addHook('onRequest', async (request) => {
    // GraphQL reports bad tokens in its own error format (see graphql/index.ts).
    if (request.url.startsWith('/graphql')) return;
    request.principal = await principalFromHeader((bearer) => authenticate(ctx, bearer), request.headers.authorization);
    // Who calls comes before what they sent: the operation's entry in auth/scopes.ts is checked
    // before its body is even parsed (401 without a token, 403 ADMIN_ONLY or INSUFFICIENT_SCOPE).
    const access = request.routeOptions.config.access;
    if (access) checkAccess(access, request.principal, typeof (request.query as { ticket?: unknown } | undefined)?.ticket === 'string');
  });

  // Load beyond what the pool and the CPU serve is refused at once (503 OVERLOADED), never queued into timeouts.
  await registerOverloadShedding(app, db, { eventLoopDelayMs: config.overloadEventLoopDelayMs, poolQueue: config.databasePoolQueue, maxInFlight: config.overloadMaxInFlight });

  // Rate limits: REST routes name their operation in `config.limit`; GraphQL wraps the same mutations.
  const limiter = createLimiter(config.rateLimits, config.redisUrl, app.log);
  app.addHook('onClose', async () => limiter.close());
  app.addHook('preHandler', async (request, reply) => {
    const operation = request.routeOptions.config.limit;
    if (operation) await limiter.hit(operation, request, reply, accountKey(operation, request.principal?.userId, request.body as { username?: unknown; login?: unknown } | undefined));
  });

  await app.register(opsRoutes(db, metrics.registry));
  await app.register(accountRoutes(ctx));
  await app.register(accountCareRoutes(ctx, passwordResets, { secret: config.jwtSecret }));
  await app.register(gameRoutes(ctx));
  await app.register(adminRoutes(ctx));
  await app.register(asyncPlayRoutes(ctx));
  const streams = (kind: 'sse' | 'graphql_ws') => (delta: 1 | -1) => metrics.streams.inc({ kind }, delta);
  await app.register(integrationRoutes(ctx, webhookSettings, streams('sse')));
  await app.register(notificationRoutes(ctx, mailSettings, pushSettings));
  await app.register(rulesRoutes(ctx));
  await app.register(replayRoutes(ctx));
  await app.register(chatRoutes(ctx, streams('sse')));
  await app.register(ratingRoutes(ctx));
  registerGraphql(app, ctx, { maxDepth: config.graphqlMaxDepth, maxTokens: config.graphqlMaxTokens, maxFields: config.graphqlMaxFields, maxCost: config.graphqlMaxCost, redisUrl: config.redisUrl, webhooks: webhookSettings, mail: mailSettings, onSocket: streams('graphql_ws'), limiter, timeMove, passwordResets, secret: config.jwtSecret });
  // staticCSP: Swagger UI's own CSP with the hashes of its inline scripts, served over plain HTTP too.
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true, transformStaticCSP: (header) => header.replace(/\s*upgrade-insecure-requests;?/, '') });
  await app.register(web.files);

  if (config.adminUsername && config.adminPassword) {
    const { adminUsername, adminPassword } = config;
    app.addHook('onReady', async () => ensureAdmin(ctx, adminUsername, adminPassword));
  }
  return app;
}

/** The document's OpenAPI 3.1 `webhooks` section (http/webhook-schemas.ts). */
function withWebhooks<T extends object>(document: T): T {
  return { ...document, webhooks: webhooksSection() };
}
