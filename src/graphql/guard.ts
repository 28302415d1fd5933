import type { FastifyInstance } from 'fastify';
import { createRequire } from 'node:module';
import { getOperationAST, GraphQLError, parse, type ASTVisitor, type DocumentNode, type GraphQLSchema, type ValidationContext } from 'graphql';
import { checkAccess, GRAPHQL_ACCESS, type GraphqlRoot } from '../auth/scopes.js';
import { ServiceError } from '../errors.js';
import { inputProblem } from '../http/input-guard.js';
import { refusingSubscription, type Context } from './context.js';

/**
 * GraphQL requests refused before Mercurius parses them, where graphql-js or Mercurius would fail
 * with a 500 instead of an answer:
 * - `query` that is not a string (`{"query":1}`): Mercurius then falls back to reading the source
 *   as a JSON AST, which validation crashes on; such documents are refused below as well;
 * - brackets nested deeper than MAX_NESTING: graphql-js's recursive descent parser and the
 *   validation rules overflow the stack on a few thousand levels, long before the depth rule runs.
 *   A linear scan of the text (outside strings and comments) finds that for the price of reading it;
 * - over GET, anything but exactly one query operation: 405 METHOD_NOT_ALLOWED for mutations
 *   (Mercurius's own check crashes on a document with several operations and no operationName).
 * `parseOptions.maxTokens` (GRAPHQL_MAX_TOKENS) bounds the parser's work on what passes.
 */
export const MAX_NESTING = 64;

const invalid = (message: string) => new ServiceError(400, 'GRAPHQL_INVALID_REQUEST', message);

/** The deepest nesting of `{`, `[` and `(` in a GraphQL source, skipping strings, block strings and comments. */
export function nestingDepth(source: string): number {
  let depth = 0;
  let deepest = 0;
  for (let i = 0; i < source.length; i++) {
    const char = source[i];
    if (char === '#') {
      while (i < source.length && source[i] !== '\n' && source[i] !== '\r') i++;
    } else if (char === '"') {
      if (source.startsWith('"""', i)) {
        const end = source.indexOf('"""', i + 3);
        // Escaped triple quotes (\""") do not end a block string.
        let close = end;
        while (close !== -1 && source[close - 1] === '\\') close = source.indexOf('"""', close + 3);
        i = close === -1 ? source.length : close + 2;
      } else {
        i++;
        while (i < source.length && source[i] !== '"' && source[i] !== '\n') i += source[i] === '\\' ? 2 : 1;
      }
    } else if (char === '{' || char === '[' || char === '(') {
      depth++;
      if (depth > deepest) deepest = depth;
    } else if (char === '}' || char === ']' || char === ')') {
      depth = Math.max(0, depth - 1);
    }
  }
  return deepest;
}

/** The request-level checks, for POST bodies and GET query strings alike. */
export function checkGraphqlRequest(method: string, input: { query?: unknown; operationName?: unknown } | undefined, maxTokens: number): void {
  if (!input || input.query === undefined) return; // Mercurius answers "Unknown query" itself
  if (typeof input.query !== 'string') throw invalid('`query` must be a string holding a GraphQL document.');
  if (input.operationName !== undefined && input.operationName !== null && typeof input.operationName !== 'string') throw invalid('`operationName` must be a string.');
  if (nestingDepth(input.query) > MAX_NESTING) throw invalid(`The document is nested more than ${MAX_NESTING} levels deep.`);
  if (method !== 'GET') return;
  let document: DocumentNode;
  try {
    document = parse(input.query, { maxTokens });
  } catch {
    return; // Mercurius reports the syntax error with its location
  }
  const operation = getOperationAST(document, typeof input.operationName === 'string' ? input.operationName : undefined);
  if (!operation) throw invalid('Name the operation to run with `operationName` (the document has several, or none by that name).');
  if (operation.operation !== 'query') throw new ServiceError(405, 'METHOD_NOT_ALLOWED', `A ${operation.operation} needs POST; GET runs queries only.`);
}

export function registerGraphqlGuard(app: FastifyInstance, path: string, maxTokens: number): void {
  app.addHook('preValidation', async (request) => {
    if (request.routeOptions.url !== path || (request as { ws?: boolean }).ws) return;
    checkGraphqlRequest(request.method, (request.method === 'GET' ? request.query : request.body) as { query?: unknown } | undefined, maxTokens);
  });
  // After Mercurius is loaded (app.graphql exists then).
  app.register(async (scope) => {
    scope.graphql.addHook('preValidation', async (_schema, document) => {
      // Only documents graphql-js parsed (their `loc` is its Location), never Mercurius's JSON-AST fallback.
      if ((document as { loc?: { constructor?: { name?: string } } }).loc?.constructor?.name !== 'Location') throw invalid('`query` must be a GraphQL document.');
    });
    // graphql-js would run a subscription sent over HTTP as a query that resolves nothing (a null
    // for a non-null field: a server error). Refused instead, the credential checked first as everywhere.
    scope.graphql.addHook('preExecution', async (_schema, document, context) => {
      const request = context.reply.request;
      const operationName = (request.body as { operationName?: unknown } | undefined)?.operationName;
      if (getOperationAST(document, typeof operationName === 'string' ? operationName : undefined)?.operation !== 'subscription') return;
      const authError = (context as { authError?: unknown }).authError;
      if (authError) throw authError;
      throw new ServiceError(400, 'SUBSCRIPTION_NEEDS_WEBSOCKET', `Subscriptions run over WebSocket (the graphql-transport-ws protocol) at ${path}, not over HTTP.`);
    });
  });
}

/** A validation rule: string literals in the document carry no NUL (variables are checked with the body). */
export function noNulStrings(context: ValidationContext): ASTVisitor {
  return {
    StringValue(node) {
      if (node.value.includes('\u0000')) context.reportError(new GraphQLError('Strings may not contain NUL (U+0000) characters.', { nodes: [node] }));
    },
  };
}

/**
 * WebSocket messages that are not a JSON object, or carry NUL characters or deep nesting, never
 * reach Mercurius (which answers a non-JSON message with an error without a code, and throws on
 * `null`): the client gets an `error` message with `extensions.code` INVALID_MESSAGE (or the input
 * code), and the socket is closed with 4400, as the graphql-transport-ws protocol asks.
 * Registered before Mercurius, so @fastify/websocket picks up the wrapped handler.
 */
/**
 * graphql-js's `validate` from the build Mercurius loads (CommonJS): the schema is its object, and an
 * ESM loader that honours the "module" field (vite, vitest) would give this file the .mjs build,
 * whose `validate` refuses a schema "from another module or realm".
 */
const validateAsMercurius: (schema: GraphQLSchema, document: DocumentNode) => readonly GraphQLError[] = createRequire(import.meta.url)('graphql').validate;

/**
 * What Mercurius would refuse of a `subscribe` message, refused here first with our codes: over
 * WebSocket it sends graphql-js's errors as they are, without `extensions.code` (over HTTP our
 * errorFormatter adds it). Null: the operation is well-formed, valid, and a subscription.
 */
function subscribeProblems(schema: GraphQLSchema, message: { payload?: { query?: unknown; operationName?: unknown } }, maxTokens: number): { message: string; locations?: unknown; extensions: { code: string; status: number } }[] | null {
  const { query, operationName } = message.payload ?? {};
  const refused = (text: string, code = 'GRAPHQL_VALIDATION_FAILED', locations?: unknown) => ({ message: text, ...(locations ? { locations } : {}), extensions: { code, status: 400 } });
  if (typeof query !== 'string') return [refused('A subscribe message needs payload.query, a GraphQL document.')];
  let document: DocumentNode;
  try {
    document = parse(query, { maxTokens });
  } catch (error) {
    const syntax = error as GraphQLError;
    return [refused(syntax.message, /Document contains more tha[nt] \d+ tokens/.test(syntax.message) ? 'GRAPHQL_TOO_LARGE' : 'GRAPHQL_VALIDATION_FAILED', syntax.locations)];
  }
  const operation = getOperationAST(document, typeof operationName === 'string' ? operationName : undefined);
  if (!operation) return [refused('The document must hold one operation, or name the one to run (operationName).')];
  if (operation.operation !== 'subscription') return [refused(`Only subscriptions run over WebSocket; send a ${operation.operation} over HTTP POST /graphql.`)];
  const errors = validateAsMercurius(schema, document);
  return errors.length === 0 ? null : errors.map((error) => refused(error.message, undefined, error.locations));
}

export function guardSubscriptionMessages(app: FastifyInstance, path: string, maxTokens: number): void {
  type Socket = { emit(event: string, ...args: unknown[]): boolean; send(data: string): void; close(code: number, reason: string): void };
  app.addHook('onRoute', (route) => {
    const options = route as unknown as { url: string; wsHandler?: (this: unknown, socket: Socket, request: unknown) => unknown };
    const inner = options.wsHandler;
    if (options.url !== path || !inner) return;
    options.wsHandler = function (socket, request) {
      const emit = socket.emit.bind(socket);
      socket.emit = (event, ...args) => {
        if (event !== 'message') return emit(event, ...args);
        let message: unknown;
        try {
          message = JSON.parse(String(args[0]));
        } catch {
          message = undefined;
        }
        const problem = message === null || typeof message !== 'object' || Array.isArray(message)
          ? { code: 'INVALID_MESSAGE', message: 'Each message must be a JSON object of the graphql-transport-ws protocol.' }
          : inputProblem(message);
        if (problem) {
          socket.send(JSON.stringify({ type: 'error', id: null, payload: [{ message: problem.message, extensions: { code: problem.code, status: 400 } }] }));
          socket.close(4400, problem.message.slice(0, 120));
          return true;
        }
        const operation = message as { type?: unknown; id?: unknown };
        const refusals = operation.type === 'subscribe' ? subscribeProblems(app.graphql.schema, message as Parameters<typeof subscribeProblems>[1], maxTokens) : null;
        if (!refusals) return emit(event, ...args);
        // An error for this operation alone (graphql-transport-ws): the socket and its other subscriptions go on.
        socket.send(JSON.stringify({ type: 'error', id: operation.id, payload: refusals }));
        return true;
      };
      return inner.call(this, socket, request);
    };
  });
}

type Resolve = (root: unknown, args: Record<string, unknown>, context: Context, info: unknown) => unknown;
type RootResolvers = Record<GraphqlRoot, Record<string, unknown>>;

/** A bad token refuses every field (as REST refuses it on every route); then the field's entry in auth/scopes.ts. */
function checkField(root: GraphqlRoot, field: string, context: Context): void {
  if (context.authError) throw context.authError;
  checkAccess(GRAPHQL_ACCESS[root][field]!, context.principal);
}

/**
 * The root resolvers, each checking its field's access (auth/scopes.ts) before it runs: a refused
 * field is that field's error (INSUFFICIENT_SCOPE…), the other fields of the document go on; a
 * refused subscription is refused at subscribe. A field with an entry but no resolver stops the start.
 */
export function withFieldAccess(resolvers: RootResolvers): RootResolvers {
  const guarded = { Query: { ...resolvers.Query }, Mutation: { ...resolvers.Mutation }, Subscription: { ...resolvers.Subscription } };
  for (const root of ['Query', 'Mutation'] as const) {
    for (const field of Object.keys(GRAPHQL_ACCESS[root])) {
      const resolve = resolvers[root][field] as Resolve | undefined;
      if (typeof resolve !== 'function') throw new Error(`${root}.${field} has an entry in GRAPHQL_ACCESS (src/auth/scopes.ts) but no resolver.`);
      guarded[root][field] = (parent: unknown, args: Record<string, unknown>, context: Context, info: unknown) => {
        checkField(root, field, context);
        return resolve(parent, args, context, info);
      };
    }
  }
  for (const field of Object.keys(GRAPHQL_ACCESS.Subscription)) {
    const subscription = resolvers.Subscription[field] as { subscribe?: Resolve } | undefined;
    const subscribe = subscription?.subscribe;
    if (typeof subscribe !== 'function') throw new Error(`Subscription.${field} has an entry in GRAPHQL_ACCESS (src/auth/scopes.ts) but no subscribe resolver.`);
    guarded.Subscription[field] = {
      ...subscription,
      subscribe: (parent: unknown, args: Record<string, unknown>, context: Context, info: unknown) =>
        refusingSubscription(async () => {
          checkField('Subscription', field, context);
          return subscribe(parent, args, context, info);
        }),
    };
  }
  return guarded;
}
