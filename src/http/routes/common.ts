import { Type } from '@sinclair/typebox';
import { problemExample, PROBLEM_CODES } from '../problem-codes.js';

/* An operation's `security` is written from its entry in auth/scopes.ts (app.ts), never declared by its route. */

/** Codes a status answers on every operation that lists it, unless the operation says more. */
const GENERIC: Record<number, readonly string[]> = {
  400: ['VALIDATION_FAILED', 'INVALID_CHARACTERS', 'INPUT_TOO_DEEP'],
  401: ['UNAUTHENTICATED', 'INVALID_TOKEN'],
  403: ['INSUFFICIENT_SCOPE'],
  404: ['NOT_FOUND'],
  500: ['INTERNAL_ERROR'],
  // Any operation may meet a database outage, and any but the operations routes (http/overload.ts) a server at capacity.
  503: ['DATABASE_UNAVAILABLE', 'OVERLOADED'],
};

type Codes = Partial<Record<number, readonly string[]>>;

/** A response header as the route schemas write it (swagger makes `{ schema, description }` of it). */
const header = (description: string, schema: Record<string, unknown> = { type: 'integer', minimum: 0 }) => ({ ...schema, description });
/** What a refused (429) request answers besides the problem (http/rate-limits.ts). */
const RATE_LIMIT_HEADERS = {
  'Retry-After': header('Seconds to wait before trying again'),
  'RateLimit-Limit': header('Requests allowed in the window of the tightest limit'),
  'RateLimit-Remaining': header('Requests left in that window (0 here)'),
  'RateLimit-Reset': header('Seconds until that window ends'),
  'RateLimit-Policy': header('The limit as `<max>;w=<window seconds>`', { type: 'string', example: '60;w=60' }),
};

/**
 * The documented problem responses of an operation: each status as application/problem+json with
 * the codes it can carry (a list in the description and one example per code). A bare status
 * stands for its generic codes; `{409: ['STALE_VERSION']}` adds codes. 500 is always documented,
 * and so is 503 (with Retry-After) DATABASE_UNAVAILABLE and OVERLOADED. Operations that change a
 * game under its lock list 409 GAME_BUSY (store/game-lock-gate.ts).
 */
export function errorResponses(...items: (number | Codes)[]) {
  const codes = new Map<number, Set<string>>([[500, new Set(GENERIC[500])], [503, new Set(GENERIC[503])]]);
  const add = (status: number, list: readonly string[]) => {
    const set = codes.get(status) ?? new Set(GENERIC[status] ?? []);
    for (const code of list) set.add(code);
    codes.set(status, set);
  };
  for (const item of items) {
    if (typeof item === 'number') add(item, []);
    else for (const [status, list] of Object.entries(item)) add(Number(status), list ?? []);
  }
  // Whatever takes a token may meet one whose account an admin has disabled.
  if (codes.has(401)) add(403, ['ACCOUNT_DISABLED']);
  return Object.fromEntries([...codes].sort(([a], [b]) => a - b).map(([status, set]) => [status, problemResponse(status, [...set])]));
}

/** One status as application/problem+json with exactly these codes. */
export function problemResponse(status: number, codes: readonly string[]) {
  const description = codes.map((code) => `- \`${code}\`: ${PROBLEM_CODES[code] ?? 'see the detail'}`).join('\n');
  const examples = Object.fromEntries(codes.map((code) => [code, { summary: code, value: problemExample(status, code) }]));
  const retryAfter = status === 503 ? { headers: { 'Retry-After': header('Seconds to wait before trying again') } } : status === 429 ? { headers: RATE_LIMIT_HEADERS } : {};
  return { description: `Problem (RFC 9457) with one of these codes:\n${description}`, ...retryAfter, content: { 'application/problem+json': { schema: Type.Ref('Problem'), examples } } };
}

/**
 * Every operation with a path parameter may answer 414 URI_TOO_LONG (Fastify's maxParamLength,
 * http/input-guard.ts): documented here for all of them at once (swagger's transformObject).
 */
export function documentPathLimits<T>(document: T): T {
  const paths = (document as { paths?: Record<string, Record<string, { parameters?: { in: string }[]; responses?: Record<string, unknown> }>> }).paths ?? {};
  for (const methods of Object.values(paths)) {
    for (const operation of Object.values(methods)) {
      if (!operation.responses || !(operation.parameters ?? []).some((parameter) => parameter.in === 'path')) continue;
      // Routes' Type.Ref('Problem') is resolved by swagger before this transform runs: here the pointer is written out.
      const tooLong = problemResponse(414, ['URI_TOO_LONG']);
      tooLong.content['application/problem+json'].schema = { $ref: '#/components/schemas/Problem' } as never;
      operation.responses = Object.fromEntries(Object.entries({ ...operation.responses, 414: tooLong }).sort(([a], [b]) => Number(a) - Number(b)));
    }
  }
  return document;
}

/** Operations whose body may be left out (their routes fill in `{}`): a generated client then need not send one. */
const OPTIONAL_BODIES = new Set(['joinGame', 'adminAbortGame', 'adminReplaceSeatByBot']);
/** An example id for the path parameters of problem examples' `instance`. */
const EXAMPLE_PARAMETERS: Record<string, string> = { id: '8d0c4a52-4a3e-4a9e-9a57-5b1f0f6c2d11', seat: '1', type: 'urbanization' };

/**
 * What the route schemas cannot say, written into the document (swagger's transformObject): which
 * bodies are optional, and each problem example's `instance` as the operation's own path.
 */
export function documentOperations<T>(document: T): T {
  type Example = { value?: { instance?: string } };
  type Operation = { operationId?: string; requestBody?: { required?: boolean }; responses?: Record<string, { content?: Record<string, { examples?: Record<string, Example> }> }> };
  const paths = (document as { paths?: Record<string, Record<string, Operation>> }).paths ?? {};
  for (const [path, methods] of Object.entries(paths)) {
    const instance = path.replace(/\{(\w+)\}/g, (_, name: string) => EXAMPLE_PARAMETERS[name] ?? 'x');
    for (const operation of Object.values(methods)) {
      if (operation.requestBody && OPTIONAL_BODIES.has(operation.operationId ?? '')) operation.requestBody.required = false;
      for (const response of Object.values(operation.responses ?? {})) {
        for (const example of Object.values(response.content?.['application/problem+json']?.examples ?? {})) {
          // Each example is its own object (problemResponse builds them per operation).
          if (example.value?.instance !== undefined) example.value = { ...example.value, instance };
        }
      }
    }
  }
  return document;
}

/** The errors of a public operation: only a bad token that was sent anyway (and our own bugs). */
export const publicErrors = () => ({ ...errorResponses(), 401: problemResponse(401, ['INVALID_TOKEN']), 403: problemResponse(403, ['ACCOUNT_DISABLED']) });

/** A documented success response: JSON with a description and, where given, an example. */
export function ok<T extends object>(description: string, schema: T, example?: unknown, headers?: Record<string, Record<string, unknown>>) {
  return { description, ...(headers ? { headers } : {}), content: { 'application/json': { schema, ...(example === undefined ? {} : { example }) } } };
}

/** `Idempotent-Replayed: true` on the stored answer to a retried Idempotency-Key. */
export const REPLAYED_HEADER = { 'Idempotent-Replayed': header('`true` when this is the stored answer to an earlier request with the same Idempotency-Key (absent otherwise)', { type: 'string', enum: ['true'] }) };

/** The headers of a move's minimal answer (`Prefer: return=minimal`). */
export const MINIMAL_MOVE_HEADERS = {
  'Game-Version': header('The game\'s version after your action'),
  'Preference-Applied': header('`return=minimal`', { type: 'string', enum: ['return=minimal'] }),
  ...REPLAYED_HEADER,
};

/** A request body with an example (and the schema Fastify validates). */
export function body<T extends object>(schema: T, ...examples: unknown[]): T {
  return { ...schema, examples } as T;
}
