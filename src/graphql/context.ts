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
