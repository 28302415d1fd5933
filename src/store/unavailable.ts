/**
 * Whether an error means "the database cannot be reached right now" (down, restarting, the
 * connection cut, the pool exhausted) rather than a bug: such requests answer 503
 * DATABASE_UNAVAILABLE with Retry-After, and the pool reconnects by itself once the database is
 * back. Errors arrive in several wrappings: Prisma's (P1001…, or a driver-adapter error kind in
 * `meta`), node-postgres's (SQLSTATE classes 08 and 57P0x) and plain socket errors, possibly
 * nested as `cause`; all are unwrapped here, the one place that knows them.
 */
const PRISMA_CODES = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024']); // unreachable, timed out, closed, pool timeout
const ADAPTER_KINDS = new Set(['DatabaseNotReachable', 'ConnectionClosed', 'SocketTimeout', 'TooManyConnections']);
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH']);
// node-postgres's own messages for a connection that died or never came (no code attached).
const MESSAGES = /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect|Connection terminated due to connection timeout)/;

/**
 * SQLSTATE: 08xxx connection exceptions (08001: no host answers as primary, store/primary.ts),
 * 57P01-57P03 shutdown / crash / starting up, 53300 too many connections, 25006 a write refused as
 * read-only (the host was demoted to a standby under the connection, which store/primary.ts then cuts).
 */
const unavailableState = (code: string) => code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03' || code === '53300' || code === '25006';

/** Seconds a client should wait before trying again. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
/** What every API (REST, GraphQL over HTTP and WebSocket) says when the database does not answer. */
export const DATABASE_UNAVAILABLE_MESSAGE = 'The database is unavailable right now; nothing was changed. Try again shortly.';

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (error === null || typeof error !== 'object' || depth > 6) return false;
  const { code, kind, message, severity, meta, cause } = error as { code?: unknown; kind?: unknown; message?: unknown; severity?: unknown; meta?: { driverAdapterError?: unknown }; cause?: unknown };
  if (typeof code === 'string') {
    if (PRISMA_CODES.has(code) || SOCKET_CODES.has(code)) return true;
    if ((kind === 'postgres' || typeof severity === 'string') && unavailableState(code)) return true;
  }
  if (typeof kind === 'string' && ADAPTER_KINDS.has(kind)) return true;
  if (typeof message === 'string' && MESSAGES.test(message)) return true;
  return isDatabaseUnavailable(meta?.driverAdapterError, depth + 1) || isDatabaseUnavailable(cause, depth + 1);
}

/**
 * Failures that happen before a statement is sent (no connection could be made, or no primary
 * found: 08001), or a write a standby refused (25006): nothing was written.
 */
const NOT_CONNECTED_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', '53300', '57P03', '08001', '25006', 'P1001', 'P2024']);
const NOT_CONNECTED_MESSAGES = /^(timeout exceeded when trying to connect|Connection terminated due to connection timeout)/;

/**
 * Whether an unavailable-database error happened before anything was sent (refused, unreachable,
 * too many connections, pool timeout): then the write did not happen. Otherwise a connection lost
 * mid-statement may have lost only the answer to a write that committed (store/moves.ts).
 */
export function neverReachedDatabase(error: unknown, depth = 0): boolean {
  if (error === null || typeof error !== 'object' || depth > 6) return false;
  const { code, message, meta, cause } = error as { code?: unknown; message?: unknown; meta?: { driverAdapterError?: unknown }; cause?: unknown };
  if (typeof code === 'string' && NOT_CONNECTED_CODES.has(code)) return true;
  if (typeof message === 'string' && NOT_CONNECTED_MESSAGES.test(message)) return true;
  return neverReachedDatabase(meta?.driverAdapterError, depth + 1) || neverReachedDatabase(cause, depth + 1);
}

/**
 * Whether an error is the pool's refusal of a request that waited DATABASE_POOL_WAIT_MS for a
 * connection while every one was busy (node-postgres's own message for it): the server is at
 * capacity, the database is fine. Answered 503 OVERLOADED (http/overload.ts), not DATABASE_UNAVAILABLE.
 */
export function isPoolSaturated(error: unknown, depth = 0): boolean {
  if (error === null || typeof error !== 'object' || depth > 6) return false;
  const { message, meta, cause } = error as { message?: unknown; meta?: { driverAdapterError?: unknown }; cause?: unknown };
  if (typeof message === 'string' && message.includes(POOL_WAIT_TIMEOUT)) return true;
  return isPoolSaturated(meta?.driverAdapterError, depth + 1) || isPoolSaturated(cause, depth + 1);
}
const POOL_WAIT_TIMEOUT = 'timeout exceeded when trying to connect';

/** SQLSTATE 55P03 lock_not_available: a statement waited longer than lock_timeout (DATABASE_LOCK_TIMEOUT_MS). */
export function isLockTimeout(error: unknown, depth = 0): boolean {
  if (error === null || typeof error !== 'object' || depth > 6) return false;
  const { code, originalCode, meta, cause } = error as { code?: unknown; originalCode?: unknown; meta?: { driverAdapterError?: unknown; code?: unknown }; cause?: unknown };
  if (code === '55P03' || originalCode === '55P03' || meta?.code === '55P03') return true;
  return isLockTimeout(meta?.driverAdapterError, depth + 1) || isLockTimeout(cause, depth + 1);
}
