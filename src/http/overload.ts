import underPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../store/db.js';
import { sendProblem } from './problems.js';

/** Seconds a refused client should wait: the moment of overload passes as soon as the queue drains. */
export const OVERLOADED_RETRY_AFTER_SECONDS = 2;
const MESSAGE = 'The server is at capacity right now; nothing was changed. Try again in a moment.';

export function sendOverloaded(reply: FastifyReply): FastifyReply {
  reply.header('retry-after', String(OVERLOADED_RETRY_AFTER_SECONDS));
  return sendProblem(reply, 503, 'OVERLOADED', MESSAGE, { retryAfterSeconds: OVERLOADED_RETRY_AFTER_SECONDS });
}

/** The operations routes answer whatever the load: liveness, readiness and metrics are how overload is seen. */
const neverShed = (request: FastifyRequest) => request.url === '/health' || request.url === '/ready' || request.url === '/metrics';
/** Event streams and WebSocket upgrades stay open for as long as the client listens: no measure of work in flight. */
const isStream = (request: FastifyRequest) => request.headers.upgrade !== undefined || (request.headers.accept?.includes('text/event-stream') ?? false);

/**
 * Overload is refused early, not queued (docs/architecture.md, the pool rule): a request that
 * arrives while the event loop lags beyond `eventLoopDelayMs` (@fastify/under-pressure), while
 * `maxInFlight` requests are being served, or while `poolQueue` requests already wait for a database
 * connection, answers 503 OVERLOADED with
 * Retry-After at once. What is admitted keeps its latency, and a request that waits for a connection
 * anyway is refused after DATABASE_POOL_WAIT_MS (store/unavailable.ts#isPoolSaturated), never 500.
 */
export async function registerOverloadShedding(app: FastifyInstance, db: Db, { eventLoopDelayMs, poolQueue, maxInFlight }: { eventLoopDelayMs: number; poolQueue: number; maxInFlight: number }): Promise<void> {
  if (eventLoopDelayMs > 0) {
    await app.register(underPressure, {
      maxEventLoopDelay: eventLoopDelayMs,
      // Left unanswered, a request is served as usual.
      pressureHandler: (request, reply) => {
        if (!neverShed(request)) sendOverloaded(reply);
      },
    });
  }
  // Requests being served at once: past `maxInFlight` a new one would only queue behind them (CPU
  // or pool), so it is refused while the client can still go elsewhere or come back.
  let inFlight = 0;
  app.addHook('onRequest', (request, reply, done) => {
    if (neverShed(request) || isStream(request)) return done();
    if (db.pool.waitingCount >= poolQueue || (maxInFlight > 0 && inFlight >= maxInFlight)) return void sendOverloaded(reply);
    if (maxInFlight > 0) {
      inFlight++;
      reply.raw.once('close', () => inFlight--);
    }
    done();
  });
}
