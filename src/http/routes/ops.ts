import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Registry } from 'prom-client';
import type { Db } from '../../store/db.js';
import { sendProblem } from '../problems.js';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../store/unavailable.js';
import { ok, problemResponse, publicErrors } from './common.js';

// The operations routes are never shed (http/overload.ts): their 503 is the database's alone, and only /ready asks it.
const opsErrors = Object.fromEntries(Object.entries(publicErrors()).filter(([status]) => status !== '503'));

/** Liveness, readiness (the database answers) and Prometheus metrics. */
export const opsRoutes = (db: Db, registry: Registry): FastifyPluginAsyncTypebox => async (app) => {
  app.get('/health', {
    schema: {
      tags: ['ops'], operationId: 'health', summary: 'The process is up', description: 'Liveness: answers while the process runs, whatever the database does.',
      response: { 200: ok('Up', Type.Object({ status: Type.Literal('ok') }), { status: 'ok' }), ...opsErrors },
    },
  }, async () => ({ status: 'ok' as const }));

  app.get('/ready', {
    schema: {
      tags: ['ops'], operationId: 'ready', summary: 'The service can reach its database', description: 'Readiness for a load balancer: 200 once the database answers, 503 otherwise.',
      response: { 200: ok('Ready', Type.Object({ status: Type.Literal('ready') }), { status: 'ready' }), ...opsErrors, 503: problemResponse(503, ['DATABASE_UNAVAILABLE']) },
    },
  }, async (_request, reply) => {
    try {
      await db.$queryRaw`SELECT 1`;
      return { status: 'ready' as const };
    } catch {
      return sendProblem(reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS)), 503, 'DATABASE_UNAVAILABLE', 'The database does not answer.');
    }
  });

  app.get('/metrics', {
    schema: {
      tags: ['ops'], operationId: 'metrics', summary: 'Prometheus metrics', description: 'The process\'s metrics in the Prometheus text format (scrape each replica).',
      response: { 200: { description: 'Prometheus text exposition format', content: { 'text/plain': { schema: Type.String(), example: '# HELP game_actions_total Actions applied, by game type\n# TYPE game_actions_total counter\ngame_actions_total 12\n' } } }, ...opsErrors },
    },
  }, async (_request, reply) => {
    reply.type(registry.contentType);
    return registry.metrics();
  });
};
