import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ServiceError } from '../errors.js';
import { PROBLEM_TITLES, problemType } from './problem-codes.js';
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable, isLockTimeout, isPoolSaturated } from '../store/unavailable.js';
import { sendOverloaded } from './overload.js';
import { rateLimitHeaders } from './rate-limits.js';

/**
 * Every error leaves as application/problem+json (RFC 9457) with a stable `code`. Unknown errors
 * are logged and answered with a generic 500 that reveals nothing of the state.
 */
export function problemBody(status: number, code: string, detail: string, extra: Record<string, unknown> = {}, instance?: string) {
  return { type: problemType(code), title: PROBLEM_TITLES[status] ?? 'Error', status, detail, code, ...extra, ...(instance === undefined ? {} : { instance }) };
}

export function sendProblem(reply: FastifyReply, status: number, code: string, detail: string, extra: Record<string, unknown> = {}): FastifyReply {
  return reply.code(status).type('application/problem+json').send(problemBody(status, code, detail, extra, reply.request.url));
}

function frameworkProblem(error: FastifyError): { status: number; code: string; detail: string; extra?: Record<string, unknown> } | null {
  if (error.validation) {
    const errors = error.validation.map((item) => `${item.instancePath || error.validationContext || ''} ${item.message ?? ''}`.trim());
    return { status: 400, code: 'VALIDATION_FAILED', detail: `The request is not valid: ${errors.join('; ')}`, extra: { errors } };
  }
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, code: 'INVALID_JSON', detail: 'The request body is not valid JSON.' };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, code: 'PAYLOAD_TOO_LARGE', detail: 'The request body is too large.' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', detail: 'Send JSON with Content-Type: application/json.' };
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return { status: error.statusCode, code: 'BAD_REQUEST', detail: error.message };
  }
  return null;
}

/**
 * `notFound`: a first try for requests no route matched (the web app answers its own pages, see
 * http/web.ts); true when it answered.
 */
export function registerProblemHandlers(app: FastifyInstance, notFound?: (request: FastifyRequest, reply: FastifyReply) => boolean): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof ServiceError) {
      const retryAfter = error.details?.retryAfterSeconds ?? (error.status === 429 ? error.details?.retryAfter : undefined);
      if (typeof retryAfter === 'number') reply.header('retry-after', String(retryAfter));
      // A refusal past a limit (RATE_LIMITED, EMAIL_RATE_LIMITED) names it: the same RateLimit-* headers whichever counted it.
      const limit = error.details?.limit;
      if (error.status === 429 && typeof limit === 'number' && typeof retryAfter === 'number') {
        rateLimitHeaders(reply, limit, 0, retryAfter, typeof error.details?.windowSeconds === 'number' ? error.details.windowSeconds : undefined);
      }
      return sendProblem(reply, error.status, error.code, error.message, error.details ?? {});
    }
    const known = frameworkProblem(error);
    if (known) return sendProblem(reply, known.status, known.code, known.detail, known.extra ?? {});
    // A connection waited too long for a pooled connection, or a statement for a lock (DATABASE_LOCK_TIMEOUT_MS): busy, not broken.
    if (isPoolSaturated(error) || isLockTimeout(error)) return sendOverloaded(reply);
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      return sendProblem(reply, 503, 'DATABASE_UNAVAILABLE', DATABASE_UNAVAILABLE_MESSAGE);
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendProblem(reply, 500, 'INTERNAL_ERROR', 'Something went wrong on our side; the request changed nothing it could not finish.');
  });
  app.setNotFoundHandler((request, reply) => (notFound?.(request, reply) ? reply : sendProblem(reply, 404, 'ROUTE_NOT_FOUND', `There is no ${request.method} ${request.url.split('?')[0]}.`)));
}
