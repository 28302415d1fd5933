import type { MercuriusContext } from 'mercurius';
import type { Principal } from '../auth/tokens.js';
import { ServiceError, unauthenticated } from '../errors.js';
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from '../store/unavailable.js';

declare module 'mercurius' {
  interface MercuriusContext {
    principal: Principal | null;
    /** A token that was sent but is invalid: every resolver refuses, as REST does. */
    authError: ServiceError | null;
  }
}
export type Context = MercuriusContext;

/**
 * The caller, if any (spectators welcome). The field's scope was checked before its resolver ran, by
 * its entry in auth/scopes.ts (graphql/guard.ts): resolvers name no scope of their own.
 */
export function who(context: Context): Principal | null {
  if (context.authError) throw context.authError;
  return context.principal;
}

/** The signed-in caller (the field's entry in auth/scopes.ts let it in with the scope it needs). */
export function user(context: Context): Principal {
  const principal = who(context);
  if (!principal) throw unauthenticated();
  return principal;
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
    throw withCode(caught);
  }
}

function withCode(caught: unknown): unknown {
  const error = isDatabaseUnavailable(caught) ? databaseUnavailable() : caught;
  return error instanceof ServiceError ? Object.assign(new Error(error.message), { extensions: { code: error.code, status: error.status, ...(error.details ?? {}) } }) : error;
}

/**
 * A running subscription's events; one that ends with a refusal (the subscriber lost access:
 * services/stream-access.ts) ends the operation with a graphql-ws `error` message carrying its code.
 */
export async function* subscriptionWithCodes<T>(events: AsyncIterable<T>): AsyncGenerator<T> {
  try {
    yield* events;
  } catch (caught) {
    throw withCode(caught);
  }
}
