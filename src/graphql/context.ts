import { GraphQLError, GraphQLScalarType, Kind, type ValueNode } from 'graphql';
import type { MercuriusContext } from 'mercurius';
import type { Principal, Scope } from '../auth/tokens.js';
import { ServiceError } from '../errors.js';
import { requirePrincipal } from '../http/auth.js';
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from '../store/unavailable.js';

declare module 'mercurius' {
  interface MercuriusContext {
    principal: Principal | null;
    /** A token that was sent but is invalid: every resolver refuses, as REST does. */
    authError: ServiceError | null;
  }
}
export type Context = MercuriusContext;

function parseLiteral(node: ValueNode): unknown {
  switch (node.kind) {
    case Kind.STRING: case Kind.BOOLEAN: return node.value;
    case Kind.INT: case Kind.FLOAT: return Number(node.value);
    case Kind.NULL: return null;
    case Kind.LIST: return node.values.map(parseLiteral);
    case Kind.OBJECT: return Object.fromEntries(node.fields.map((field) => [field.name.value, parseLiteral(field.value)]));
    default: throw new GraphQLError('Variables inside JSON literals are not supported; pass the whole value as a variable.');
  }
}

export const JSONScalar = new GraphQLScalarType({ name: 'JSON', serialize: (value) => value, parseValue: (value) => value, parseLiteral });

/** The caller, if any (spectators welcome); a signed-in caller still needs the `read` scope. */
export function who(context: Context): Principal | null {
  if (context.authError) throw context.authError;
  return context.principal ? requirePrincipal(context.principal, 'read') : null;
}

/** The signed-in caller, with a credential carrying `scope` (queries read, mutations play). */
export function user(context: Context, scope: Scope): Principal {
  if (context.authError) throw context.authError;
  return requirePrincipal(context.principal, scope);
}

/** A page of a list, checked as the REST query schema checks it. */
export function page(limit: number, offset: number): { limit: number; offset: number } {
  if (limit < 1 || limit > 100 || offset < 0) throw new ServiceError(400, 'VALIDATION_FAILED', 'limit is 1 to 100 and offset at least 0.');
  return { limit, offset };
}

/** The refusal of a WebSocket operation while the database does not answer (HTTP answers 503 with Retry-After). */
export const databaseUnavailable = () => new ServiceError(503, 'DATABASE_UNAVAILABLE', DATABASE_UNAVAILABLE_MESSAGE, { retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS });

/**
 * Mercurius sends a refused subscription as the raw error, without our errorFormatter: carry the
 * code in `extensions`, which graphql-js keeps. A database outage is DATABASE_UNAVAILABLE (503),
 * as over HTTP.
 */
export async function refusingSubscription<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (caught) {
    const error = isDatabaseUnavailable(caught) ? databaseUnavailable() : caught;
    if (error instanceof ServiceError) throw Object.assign(new Error(error.message), { extensions: { code: error.code, status: error.status, ...(error.details ?? {}) } });
    throw error;
  }
}
