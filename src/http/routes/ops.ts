import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Registry } from 'prom-client';
import type { Db } from '../../store/db.js';
import { sendProblem } from '../problems.js';

/** Liveness, readiness (the database answers) and Prometheus metrics. */
export const opsRoutes = (db: Db, registry: Registry): FastifyPluginAsyncTypebox => async (app) => {
  app.get('/health', { schema: { tags: ['ops'], summary: 'The process is up', response: { 200: Type.Object({ status: Type.Literal('ok') }) } } }, async () => ({ status: 'ok' as const }));

  app.get('/ready', {
    schema: { tags: ['ops'], summary: 'The service can reach its database', response: { 200: Type.Object({ status: Type.Literal('ready') }), 503: Type.Ref('Problem') } },
  }, async (_request, reply) => {
    try {
      await db.$queryRaw`SELECT 1`;
      return { status: 'ready' as const };
    } catch {
      return sendProblem(reply, 503, 'DATABASE_UNAVAILABLE', 'The database does not answer.');
    }
  });

  app.get('/metrics', { schema: { tags: ['ops'], summary: 'Prometheus metrics', produces: ['text/plain'], response: { 200: Type.String() } } }, async (_request, reply) => {
    reply.type(registry.contentType);
    return registry.metrics();
  });
};
