import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance } from 'fastify';
import { createTokenService } from './auth/tokens.js';
import type { Config } from './config.js';
import type { AnyGameDefinition } from './engine/types.js';
import { games } from './games/index.js';
import { registerGraphql } from './graphql/index.js';
import { topicOf } from './graphql/updates.js';
import { principalFromHeader } from './http/auth.js';
import { createMetrics, instrument } from './http/metrics.js';
import { registerProblemHandlers } from './http/problems.js';
import { accountRoutes } from './http/routes/accounts.js';
import { adminRoutes } from './http/routes/admin.js';
import { gameRoutes } from './http/routes/games.js';
import { opsRoutes } from './http/routes/ops.js';
import { GameDetail, GameSummary, LogEntry, PlayerEvent, Problem, User } from './http/schemas.js';
import { ensureAdmin } from './services/accounts.js';
import type { ServiceContext } from './services/context.js';
import { createDb } from './store/db.js';

export interface AppOptions {
  config: Config;
  /** The (already migrated) database to use. */
  databaseUrl: string;
  /** The games served; tests pass their own. Defaults to the real catalog. */
  catalog?: Record<string, AnyGameDefinition>;
}

export const API_VERSION = '0.1.0';

/** Builds the whole service without listening (main.ts listens; tests inject). */
export async function buildApp({ config, databaseUrl, catalog = games }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel },
    bodyLimit: config.bodyLimitBytes,
    // Unknown fields are refused (400), never silently dropped.
    ajv: { customOptions: { removeAdditional: false, coerceTypes: 'array', useDefaults: true, allErrors: false } },
  }).withTypeProvider<TypeBoxTypeProvider>();

  const db = createDb(databaseUrl);
  app.addHook('onClose', async () => db.$disconnect());
  const metrics = createMetrics();
  instrument(app, metrics.requests);

  const ctx: ServiceContext = {
    db,
    catalog,
    tokens: createTokenService(config.jwtSecret, config.jwtIssuer, config.jwtTtlSeconds),
    publish: (gameId, version) => {
      if (version > 0) metrics.actions.inc();
      app.graphql.pubsub.publish({ topic: topicOf(gameId), payload: { gameId, version } });
    },
    log: { info: (m) => app.log.info(m), warn: (m) => app.log.warn(m), error: (m) => app.log.error(m) },
  };

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Board game server API',
        version: API_VERSION,
        description: 'Play-by-web board games: accounts, lobby, turn-by-turn play over pure rules engines, histories. Errors are application/problem+json with a stable `code`.',
      },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      tags: [
        { name: 'accounts', description: 'Register, log in' },
        { name: 'games', description: 'Game types, lobby, game state' },
        { name: 'play', description: 'Legal actions, submitting actions, the log' },
        { name: 'admin', description: 'Full state and audits (admin role)' },
        { name: 'ops', description: 'Health, readiness, metrics' },
      ],
    },
    hideUntagged: true,
    // Components keep their $id names (Problem, GameDetail…) instead of def-0, def-1…
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`) },
  });
  for (const schema of [Problem, User, GameSummary, GameDetail, LogEntry, PlayerEvent]) app.addSchema(schema);
  registerProblemHandlers(app);

  app.decorateRequest('principal', null);
  app.addHook('onRequest', async (request) => {
    // GraphQL reports bad tokens in its own error format (see graphql/index.ts).
    if (request.url.startsWith('/graphql')) return;
    request.principal = await principalFromHeader(ctx.tokens, request.headers.authorization);
  });

  await app.register(opsRoutes(db, metrics.registry));
  await app.register(accountRoutes(ctx));
  await app.register(gameRoutes(ctx));
  await app.register(adminRoutes(ctx));
  registerGraphql(app, ctx, { maxDepth: config.graphqlMaxDepth, redisUrl: config.redisUrl });
  await app.register(swaggerUi, { routePrefix: '/docs' });

  if (config.adminUsername && config.adminPassword) {
    const { adminUsername, adminPassword } = config;
    app.addHook('onReady', async () => ensureAdmin(ctx, adminUsername, adminPassword));
  }
  return app;
}
