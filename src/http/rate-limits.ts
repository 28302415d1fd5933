import type { FastifyReply, FastifyRequest } from 'fastify';
import { normalizeIP } from '@fastify/rate-limit';
import LocalStore from '@fastify/rate-limit/store/LocalStore.js';
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';
import { Redis } from 'ioredis';
import type { LimitedOperation, Rate, RateLimitSettings } from '../config.js';
import { ServiceError } from '../errors.js';

/**
 * Per-IP and per-account request limits on the operations worth abusing (login, register, submit,
 * create game, webhook registration, pings and redeliveries, chat, API tokens, push subscriptions), shared by REST and GraphQL so neither is a way around the other.
 *
 * The counting is @fastify/rate-limit's: its LRU store, or with REDIS_URL its Redis store (one atomic
 * Lua INCR+PEXPIRE, so every process behind a load balancer shares the counters). Its route hooks are
 * not used because they key one counter per route: GraphQL mutations all travel through the single
 * /graphql route and must count against the same buckets as their REST twins (an aliased batch of 800
 * logins counts 800). A refusal is 429 RATE_LIMITED with Retry-After and the IETF RateLimit-* headers.
 */
/** The policy as the OpenAPI description states it (the README says the same at more length). */
export const RATE_LIMIT_POLICY = [
  '**Rate limits**: login (per client address, and per username tried), register (per address), password reset mails (per address, and per username or e-mail address asked for) and reset links used (per address), account care (password change, log out everywhere, deletion, export: per address and per account), submitting actions, creating games, registering webhooks, webhook test pings and redeliveries, posting chat messages, creating API tokens and storing push subscriptions (per address and per account) are rate limited, with the same counters for REST and GraphQL (every aliased GraphQL mutation counts).',
  'Responses of these operations carry `RateLimit-Limit`, `RateLimit-Remaining`, `RateLimit-Reset` (seconds) and `RateLimit-Policy`. Past a limit the answer is `429` with code `RATE_LIMITED` and `Retry-After` (seconds); the request changed nothing.',
  'Keep one request in flight at a time and wait `Retry-After` after a 429. The defaults (see the README) are far above normal play; operators may change them.',
  'Quotas per account, exact under concurrent requests: open games it created that have not started (`409 TOO_MANY_OPEN_GAMES`), webhooks (`409 TOO_MANY_WEBHOOKS`), live API tokens (`409 TOO_MANY_TOKENS`), push subscriptions (`409 TOO_MANY_PUSH_SUBSCRIPTIONS`).',
].join(' ');

/**
 * The IETF RateLimit headers (as @fastify/rate-limit writes them) of a limited operation: its limit,
 * what is left of it, the seconds until it resets, and the policy (`max;w=seconds`) when the limit
 * is a rate. Written by the request limiter on every counted request, and by the problem handler on
 * every 429 refusal that names its limit (the e-mail limits, counted in SQL: services/notifications.ts).
 */
export function rateLimitHeaders(reply: FastifyReply, limit: number, remaining: number, resetSeconds: number, windowSeconds?: number): void {
  reply.header('ratelimit-limit', limit);
  reply.header('ratelimit-remaining', remaining);
  reply.header('ratelimit-reset', resetSeconds);
  if (windowSeconds !== undefined) reply.header('ratelimit-policy', `${limit};w=${windowSeconds}`);
}

export interface Limiter {
  /** Counts one `operation` for the caller; throws 429 RATE_LIMITED when a limit is passed. */
  hit(operation: LimitedOperation, request: FastifyRequest, reply: FastifyReply, account: string | null): Promise<void>;
  close(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The limited operation this route performs (see the REST hook in app.ts). */
    limit?: LimitedOperation;
  }
}

/**
 * Whose account a request counts against: login by the username tried, a password reset by the
 * username or address it asks for (case-folded: the same count whether that account exists or
 * not), the rest by the caller. `input`: the request's body or the mutation's arguments.
 */
export function accountKey(operation: LimitedOperation, userId: string | null | undefined, input?: { username?: unknown; login?: unknown }): string | null {
  if (operation === 'login') return typeof input?.username === 'string' ? `name:${input.username.toLowerCase()}` : null;
  if (operation === 'password-reset') return typeof input?.login === 'string' ? `name:${input.login.trim().toLowerCase()}` : null;
  return userId ?? null;
}

type Store = InstanceType<typeof LocalStore>;

export function createLimiter(settings: RateLimitSettings, redisUrl: string | null, log: { warn(object: unknown, message: string): void }): Limiter {
  if (!settings.enabled) return { hit: async () => {}, close: async () => {} };
  // Fail fast rather than queue: a limiter that cannot count lets the request through (logged), never 500s it.
  const redis = redisUrl ? new Redis(redisUrl, { connectTimeout: 1000, maxRetriesPerRequest: 1 }) : null;
  redis?.on('error', (error) => log.warn({ err: error }, 'rate-limit store: Redis error'));
  const store: Store = redis ? new RedisStore(false, false, redis, 'bgs-rate:') : new LocalStore(false, false, 50_000);

  const count = (key: string, limit: Rate) =>
    new Promise<{ current: number; ttl: number } | null>((resolve) => {
      store.incr(key, (error, result) => {
        if (error) log.warn({ err: error }, 'rate-limit store failed; request let through');
        resolve(error ? null : result);
      }, limit.windowSeconds * 1000, limit.max);
    });

  return {
    async hit(operation, request, reply, account) {
      const checks: [string, Rate | null][] = [
        [`${operation}:ip:${normalizeIP(request.ip)}`, settings.perIp[operation]],
        [`${operation}:account:${account ?? ''}`, account === null ? null : settings.perAccount[operation]],
      ];
      let tightest: { limit: Rate; remaining: number; resetSeconds: number } | null = null;
      let refused: { limit: Rate; resetSeconds: number; scope: string } | null = null;
      for (const [key, limit] of checks) {
        if (!limit) continue;
        const counted = await count(key, limit);
        if (!counted) continue;
        const resetSeconds = Math.max(1, Math.ceil(counted.ttl / 1000));
        const remaining = Math.max(0, limit.max - counted.current);
        if (!tightest || remaining < tightest.remaining) tightest = { limit, remaining, resetSeconds };
        if (counted.current > limit.max && !refused) refused = { limit, resetSeconds, scope: key.includes(':ip:') ? 'ip' : 'account' };
      }
      if (tightest) rateLimitHeaders(reply, tightest.limit.max, tightest.remaining, tightest.resetSeconds, tightest.limit.windowSeconds);
      if (refused) {
        // Here too, not only in the problem handler: a GraphQL mutation's refusal is answered by GraphQL's own error handling.
        reply.header('retry-after', refused.resetSeconds);
        throw new ServiceError(429, 'RATE_LIMITED', `Too many ${operation} requests from this ${refused.scope === 'ip' ? 'address' : 'account'}: at most ${refused.limit.max} per ${refused.limit.windowSeconds} s. Retry in ${refused.resetSeconds} s.`, {
          retryAfter: refused.resetSeconds, limit: refused.limit.max, windowSeconds: refused.limit.windowSeconds, scope: refused.scope,
        });
      }
    },
    async close() {
      redis?.disconnect();
    },
  };
}
