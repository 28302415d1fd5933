import type { Readable } from 'node:stream';
import type { Principal } from '../auth/tokens.js';
import { ServiceError } from '../errors.js';
import type { ServiceContext } from './context.js';

/**
 * Live streams follow access (SSE: chat and account events; GraphQL: gameUpdated, chatMessages,
 * myTurn, accountEvents). A stream is allowed when it opens, as the REST read it mirrors; after that
 * it ends, with a stated reason, BEFORE delivering an event its subscriber may no longer read:
 * - its credential: each event is checked first against the account (disabled), the API token
 *   (revoked) and the login token's `exp`, from the per-process Sets of auth/disabled-accounts.ts
 *   (no query per event); a revocation or a disabling also ends the stream at once (`watch`), and a
 *   timer ends it at the login token's `exp`;
 * - its subject: the caller passes `mayDeliver`, which checks the event against the game as loaded
 *   once per event and process for every subscriber (a player who left a private game, a
 *   spectator who took a seat: the same rule as the REST read).
 * SSE sends `event: closed` with `data: {"reason", "message", …}` and ends; a GraphQL subscription
 * ends with an `error` message whose `extensions.code` is the reason. Reasons: ACCESS_LOST (with
 * `refusal`, the code REST now answers: NOT_FOUND, CHAT_CHANNEL_CLOSED), TOKEN_REVOKED,
 * TOKEN_EXPIRED, ACCOUNT_DISABLED.
 */
export type StreamEndReason = 'ACCESS_LOST' | 'TOKEN_REVOKED' | 'TOKEN_EXPIRED' | 'ACCOUNT_DISABLED';

export class StreamEnded extends ServiceError {
  constructor(readonly reason: StreamEndReason, status: number, message: string, details?: Record<string, unknown>) {
    super(status, reason, message, details);
  }
}

/** The stream's subject refuses the subscriber now with `refusal` (what the REST read answers). */
export const accessLost = (refusal: ServiceError) =>
  new StreamEnded('ACCESS_LOST', 403, `This stream is closed: you may no longer read it (${refusal.message})`, { refusal: refusal.code });
const tokenRevoked = () => new StreamEnded('TOKEN_REVOKED', 401, 'This stream is closed: the API token it was opened with was revoked.');
const tokenExpired = () => new StreamEnded('TOKEN_EXPIRED', 401, 'This stream is closed: the login token it was opened with has expired. Log in again and reopen it.');
const sessionEnded = () => new StreamEnded('TOKEN_REVOKED', 401, 'This stream is closed: the login session it was opened with has ended (password changed or reset, or logged out everywhere). Log in again and reopen it.');
const accountDisabled = () => new StreamEnded('ACCOUNT_DISABLED', 403, 'This stream is closed: the account is disabled.');

/** Why the credential a stream was opened with no longer works, or null while it does. */
export async function credentialEnded(ctx: ServiceContext, principal: Principal | null): Promise<StreamEnded | null> {
  if (!principal) return null;
  if (principal.expiresAt !== undefined && principal.expiresAt <= Date.now()) return tokenExpired();
  const standing = await ctx.accounts.standing(principal.userId);
  if (standing.disabled) return accountDisabled();
  if (principal.via === 'login' && (principal.generation ?? 0) < standing.generation) return sessionEnded();
  if (principal.tokenId !== undefined && (await ctx.accounts.isTokenRevoked(principal.tokenId))) return tokenRevoked();
  return null;
}

/** setTimeout's longest delay (about 24.8 days): a later `exp` re-arms. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/**
 * `source`'s events while the subscriber may read them; throws a StreamEnded once not (after ending
 * the source with `endSource`, which must make a pending read of `source` finish). Ends quietly when
 * the source does (the client left).
 */
export async function* followingAccess<T>(
  ctx: ServiceContext,
  principal: Principal | null,
  source: AsyncIterable<T>,
  endSource: () => void,
  mayDeliver: (event: T) => Promise<StreamEnded | null> = async () => null,
): AsyncGenerator<T> {
  let ended: StreamEnded | null = null;
  const end = (reason: StreamEnded) => {
    if (ended) return;
    ended = reason;
    endSource();
  };
  let timer: NodeJS.Timeout | undefined;
  const armExpiry = () => {
    if (principal?.expiresAt === undefined) return;
    const left = principal.expiresAt - Date.now();
    if (left <= 0) return end(tokenExpired());
    timer = setTimeout(armExpiry, Math.min(left, LONGEST_TIMER_MS));
    timer.unref();
  };
  armExpiry();
  const unwatch = principal
    ? ctx.accounts.watch((change) => {
      if ('tokenId' in change) {
        if (change.tokenId === principal.tokenId) end(tokenRevoked());
      } else if (change.userId === principal.userId) {
        if (change.disabled) end(accountDisabled());
        // A password change or reset, or "log out everywhere", ends the login tokens issued before it (auth/disabled-accounts.ts).
        else if (principal.via === 'login' && change.generation !== undefined && change.generation > (principal.generation ?? 0)) end(sessionEnded());
      }
    })
    : () => {};
  try {
    // Watching first, then checking: a revocation between the stream's authentication and here is not missed.
    const atStart = await credentialEnded(ctx, principal);
    if (atStart) end(atStart);
    for await (const event of source) {
      if (ended) break;
      const refusal = (await credentialEnded(ctx, principal)) ?? (await mayDeliver(event));
      if (refusal) {
        end(refusal);
        break;
      }
      yield event;
    }
    if (ended) throw ended;
  } finally {
    clearTimeout(timer);
    unwatch();
  }
}

/**
 * Ends a queue filled by Mercurius's PubSub (a subscription's `pubsub.subscribe`, or
 * http/routes/integrations.ts's subscribeTopic): it leaves its topics and a pending read finishes.
 * Idempotent.
 */
export function endQueue(queue: Readable): void {
  const withClosers = queue as Readable & { close?: (() => void)[] };
  for (const unsubscribe of withClosers.close ?? []) unsubscribe();
  delete withClosers.close;
  // A second end of a queue is a no-op (only data pushed after the end is an error).
  queue.push(null);
}

const recentByContext = new WeakMap<ServiceContext, Map<string, Promise<unknown>>>();
const RECENT_LOADS = 64;

/**
 * What `load` gives for `key`, loaded once per process however many streams ask for it (the last
 * RECENT_LOADS keys are kept; a failed load is not): one read per event, not one per subscriber.
 */
export function loadOncePerEvent<V>(ctx: ServiceContext, key: string, load: () => Promise<V>): Promise<V> {
  let recent = recentByContext.get(ctx);
  if (!recent) recentByContext.set(ctx, (recent = new Map()));
  const known = recent.get(key) as Promise<V> | undefined;
  if (known) return known;
  const loading = load();
  recent.set(key, loading);
  loading.catch(() => recent.delete(key));
  if (recent.size > RECENT_LOADS) recent.delete(recent.keys().next().value!);
  return loading;
}
