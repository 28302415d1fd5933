import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * One log line per request instead of Fastify's two ("incoming request" + "request completed"):
 * the completed line carries the request too (method, url, host, remote address) with the status
 * and time, so nothing is lost, and a move writes half the log lines (issue 10: log writes were
 * a visible share of a move's CPU). Errors are logged as Fastify does.
 *
 * The logged URL has its secrets replaced by `[redacted]` (see redactUrl): stream tickets, mail
 * verification and unsubscribe tokens travel in URLs, and logs are read by more people than the
 * database.
 */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const req = loggedRequest(request);
    if (error) reply.log.error({ req, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

export const REDACTED = '[redacted]';

/**
 * Parameter names whose values are credentials: `ticket` (stream tickets), `token` (mail links),
 * and any name that says token, ticket, secret, password or signature. A new route that carries a
 * secret in its URL names its parameter so (e.g. `resetToken`), and the logs keep it out.
 */
export const SECRET_PARAMETER = /token|ticket|secret|passw|signature/i;

/**
 * The URL as logged: the values of secret query parameters (by name, see SECRET_PARAMETER) and of
 * secret path parameters (`/…/:token`) replaced, and anything shaped like a personal API token
 * (`bgs_…`) wherever it appears.
 */
export function redactUrl(url: string, route?: { pattern?: string; params?: unknown }): string {
  const queryAt = url.indexOf('?');
  let path = queryAt === -1 ? url : url.slice(0, queryAt);
  let query = queryAt === -1 ? '' : url.slice(queryAt + 1);
  if (route?.pattern && route.params && typeof route.params === 'object') {
    const secretSegments = new Set(route.pattern.split('/').flatMap((segment) => (segment.startsWith(':') && SECRET_PARAMETER.test(segment.slice(1)) ? [segment.slice(1)] : [])));
    if (secretSegments.size > 0) {
      const names = route.pattern.split('/');
      path = path.split('/').map((segment, i) => (names[i]?.startsWith(':') && secretSegments.has(names[i]!.slice(1)) ? REDACTED : segment)).join('/');
    }
  }
  if (query) {
    query = query
      .split('&')
      .map((pair) => {
        const equals = pair.indexOf('=');
        const rawName = equals === -1 ? pair : pair.slice(0, equals);
        let name = rawName;
        try {
          name = decodeURIComponent(rawName.replace(/\+/g, ' '));
        } catch {
          // a malformed escape: judged by its raw spelling
        }
        return equals !== -1 && SECRET_PARAMETER.test(name) ? `${rawName}=${REDACTED}` : pair;
      })
      .join('&');
  }
  const joined = queryAt === -1 ? path : `${path}?${query}`;
  return joined.replace(/bgs_[A-Za-z0-9_-]+/g, `bgs_${REDACTED}`);
}

/** What Fastify's `req` serializer reads (method, url, host, ip, socket, headers), with the URL redacted. */
function loggedRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url, { pattern: request.routeOptions.url, params: request.params }),
    headers: request.headers,
    host: request.host,
    ip: request.ip,
    socket: request.socket,
  };
}

/** Fastify options for the service's request logging (also used by the bench's floor, to compare like with like). */
export const requestLogging = () => ({ logController: new OneLinePerRequest() });
