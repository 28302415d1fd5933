import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { badRequest } from '../errors.js';
import { problemBody, sendProblem } from './problems.js';

/**
 * Hostile input that no route schema can express, refused before any handler runs:
 * - NUL characters (U+0000) in any string or key of the body, query or path: PostgreSQL refuses them
 *   in text and jsonb, so they used to surface as 500s deep in the store;
 * - JSON nested deeper than MAX_JSON_DEPTH: every later walk of it (schema checks, canonical hashing,
 *   engines) recurses, and a 64 KB body of `[[[[…` overflowed the stack.
 * The walk is iterative for that reason. GraphQL bodies go through it too (variables, and the
 * query text itself as a string).
 */
export const MAX_JSON_DEPTH = 32;

export function inputProblem(value: unknown): { code: string; message: string } | null {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return { code: 'INVALID_CHARACTERS', message: 'Strings may not contain NUL (U+0000) characters.' };
    } else if (item !== null && typeof item === 'object') {
      if (depth >= MAX_JSON_DEPTH) return { code: 'INPUT_TOO_DEEP', message: `JSON input may be nested at most ${MAX_JSON_DEPTH} levels deep.` };
      if (Array.isArray(item)) {
        for (const element of item) stack.push([element, depth + 1]);
      } else {
        for (const [key, element] of Object.entries(item)) {
          if (key.includes('\u0000')) return { code: 'INVALID_CHARACTERS', message: 'Keys may not contain NUL (U+0000) characters.' };
          stack.push([element, depth + 1]);
        }
      }
    }
  }
  return null;
}

export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const problem = inputProblem(request.params) ?? inputProblem(request.query) ?? inputProblem(request.body);
    if (problem) throw badRequest(problem.code, problem.message);
  });
}

/**
 * Fastify answers some malformed requests before any route or hook: a path parameter longer than
 * maxParamLength (414), a URL it cannot decode (400). `frameworkErrors` turns those into problems too.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') void sendProblem(reply, 414, 'URI_TOO_LONG', 'A path parameter is too long (at most 100 characters).');
  else void sendProblem(reply, 400, 'BAD_URL', 'The URL cannot be decoded.');
}

/**
 * Errors of the HTTP parser itself (oversized headers, malformed requests, timeouts) arrive on the
 * socket before Fastify has a request: answer them as problem+json, as Fastify's default handler
 * does in its own JSON, and close the connection.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, detail] =
    error.code === 'HPE_HEADER_OVERFLOW' ? [431, 'HEADERS_TOO_LARGE', 'The request headers are too large.']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? [408, 'REQUEST_TIMEOUT', 'The request took too long to arrive.']
        : [400, 'MALFORMED_REQUEST', 'The request is not valid HTTP.'];
  if (socket.writable) {
    const body = JSON.stringify(problemBody(status, code, detail));
    socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/problem+json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
  }
  socket.destroy(error);
}
