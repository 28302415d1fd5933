import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

/** One registry per app instance (no globals): tests build many apps in one process. */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by route and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  const actions = new Counter({ name: 'game_actions_total', help: 'Actions applied, by game type', labelNames: ['type'], registers: [registry] });
  return { registry, requests, actions };
}

export function instrument(app: FastifyInstance, requests: Histogram): void {
  app.addHook('onResponse', async (request, reply) => {
    requests.observe({ method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });
}
