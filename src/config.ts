import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { DEFAULT_THINK_MS } from './engine/search-bot.js';
import { DatabaseUrlError, parseDatabaseUrl } from './store/primary.js';

/**
 * Every setting, read from the environment once and validated. The README's settings table
 * documents each one; keep the two in step.
 */
export interface Config {
  port: number;
  host: string;
  /** Null: start an embedded PostgreSQL in `dataDir`. */
  databaseUrl: string | null;
  /** Connections in this process's database pool. */
  databasePoolSize: number;
  /** A streaming replica of DATABASE_URL for the reads that tolerate lag (docs/scaling.md §2); null: everything reads the primary. */
  databaseReadUrl: string | null;
  /** Connections in the pool to the replica. */
  databaseReadPoolSize: number;
  /** Longest wait (ms) of a request for a pooled connection; then 503 OVERLOADED (store/db.ts). */
  databasePoolWaitMs: number;
  /** Requests waiting for a pooled connection beyond which new requests are refused 503 OVERLOADED at once (http/overload.ts). */
  databasePoolQueue: number;
  /** Longest wait (ms) of a statement for a lock (PostgreSQL lock_timeout); a game's writer then answers 409 GAME_BUSY. */
  databaseLockTimeoutMs: number;
  /** Fail loudly when code holding a pooled connection asks the pool for another (store/pool-guard.ts; tests). */
  databasePoolGuard: boolean;
  /** Requests of one game that wait for its lock per process beside its writer; more answer 409 GAME_BUSY (store/game-lock-gate.ts). */
  gameLockWaiters: number;
  /** Event-loop delay (ms) beyond which requests are refused 503 OVERLOADED (0: never; http/overload.ts). */
  overloadEventLoopDelayMs: number;
  /** Requests served at once (event streams aside) beyond which new ones are refused 503 OVERLOADED (0: no bound). */
  overloadMaxInFlight: number;
  /** Games whose newest record this process keeps for the next move (0: none; see store/game-cache.ts). */
  gameCacheSize: number;
  /** Moves of different games share one statement and WAL flush (store/moves.ts). */
  groupCommit: boolean;
  dataDir: string;
  embeddedPort: number;
  jwtSecret: string;
  /** True when JWT_SECRET was not set and a random one is used (tokens die with the process). */
  jwtSecretGenerated: boolean;
  jwtIssuer: string;
  jwtTtlSeconds: number;
  adminUsername: string | null;
  adminPassword: string | null;
  redisUrl: string | null;
  logLevel: string;
  graphqlMaxDepth: number;
  /** Most tokens graphql-js reads in one document (its parser's maxTokens). */
  graphqlMaxTokens: number;
  /** Most fields one GraphQL operation selects, aliases and fragment spreads included. */
  graphqlMaxFields: number;
  /** Highest computed cost of one GraphQL operation (graphql/cost.ts). */
  graphqlMaxCost: number;
  bodyLimitBytes: number;
  /** Run the background workers (deadlines, warnings, bots, webhook deliveries) in this process. */
  workers: boolean;
  /** Transactions of due game work (timeouts, bot moves, warnings) in flight at once per process. */
  dueConcurrency: number;
  /** Games claimed per due-work transaction. */
  dueBatch: number;
  /** A finished or aborted game's events move into one archive row this long after it ended (store/archive.ts); longer than the resume window. */
  archiveAfterMinutes: number;
  /** Games archived per transaction of the archive pass; 0: no archive pass in this process. */
  archiveBatch: number;
  /** The share of the time (percent) the archive pass works through a backlog: after a batch of t ms it rests t × (100/p − 1) ms. */
  archiveBusyPercent: number;
  /** Thinking budget of a hard bot's move in ms (a medium one thinks a fifth of it); it sets the search's iteration count. */
  botThinkMs: number;
  /** Worker threads where the search bots think, per process running workers. */
  botThreads: number;
  /** Nice value of the bot threads (Linux): their thinking only takes CPU that moves leave over. */
  botThreadNice: number;
  /** Share of the time (percent) a bot thread thinks while the event loop is busy serving requests. */
  botBusyPercent: number;
  /** The workers' safety-net poll, for a wake-up signal that was lost. */
  duePollMs: number;
  /** First retry delay of failed due work; doubles per failure in a row. */
  dueRetryBaseMs: number;
  /** Let webhooks reach private, loopback and link-local addresses (tests, private deployments). */
  webhookAllowPrivate: boolean;
  webhookTimeoutMs: number;
  webhookMaxAttempts: number;
  webhookRetryBaseMs: number;
  /** Retention (services/retention.ts): ages in days, pass interval, batch size. */
  retentionIdempotencyKeyDays: number;
  retentionWebhookDeliveryDays: number;
  retentionFinishedGameOutboxDays: number;
  retentionIntervalSeconds: number;
  retentionBatchSize: number;
  /** Request rate limits (see http/rate-limits.ts); off only for benchmarks and tests. */
  rateLimits: RateLimitSettings;
  /** Open (not yet started) games one account may have created at once. */
  openGamesPerAccount: number;
  webhooksPerAccount: number;
  /** Live (unrevoked) personal API tokens one account may hold. */
  apiTokensPerAccount: number;
  /** A game whose log has this many events when a bot is to move is aborted (a bot going round in a circle would never end it). */
  botGameMaxEvents: number;
  /** Finished games with fewer moves by persons than this are not rated. */
  ratingMinMoves: number;
  /** Game lists count their matches up to this many past a page's offset (store/games.ts#cappedTotal). */
  listCountCap: number;
  /** The lobby counts its open games up to this many past a page's offset (each match costs a look at its seats). */
  lobbyCountCap: number;
  /** Resuming the account event stream: every missed event of a game up to this many, else a `gap` (services/account-events.ts). */
  resumeEventsPerGame: number;
  /** Resuming from a cursor older than this sends an account-wide `gap` and each changed game's newest event. */
  resumeWindowMinutes: number;
  /** Browser origins allowed by CORS; empty: no cross-origin browser access. `*`: any. */
  corsOrigins: string[];
  /** E-mail notifications (services/notifications.ts): an smtp:// or smtps:// URL of the relay; null: no mail. */
  smtpUrl: string | null;
  /** The From of every mail (required with SMTP_URL). */
  mailFrom: string | null;
  /** The server's public address, the base of links in mails (verification, unsubscribe, games). */
  publicUrl: string;
  mailRetryBaseMs: number;
  mailMaxAttempts: number;
  emailVerifyTtlHours: number;
  /** A password reset link works this long (minutes). */
  passwordResetTtlMinutes: number;
  /** Reset mails one account gets per hour at most, however often it is asked (further asks are answered alike and send nothing). */
  passwordResetMailsPerHour: number;
  /** Web Push (services/push.ts): the VAPID key pair (base64url) and subject; null: push is off. */
  vapid: { publicKey: string; privateKey: string; subject: string } | null;
  pushSubscriptionsPerAccount: number;
  /** Tests and development only: accept http:// push endpoints (refused with NODE_ENV=production). */
  pushAllowHttp: boolean;
  /** How long a claimed notification stays leased to the worker sending it (then it is due again: at least once). */
  notificationLeaseMs: number;
  /** How long one push endpoint may take to answer. */
  pushTimeoutMs: number;
  /** Push requests in flight at once for one person (their share of the process's senders). */
  pushPerPersonConcurrency: number;
  /** DKIM signing of every mail (nodemailer's `dkim`); null: unsigned (the relay may sign). */
  dkim: { domainName: string; keySelector: string; privateKey: string } | null;
  /** Abuse limits of `PUT /v1/me/email`: address changes per account, verification mails per account and per address. */
  emailLimits: { changesPerAccount: Rate | null; verificationsPerAccount: Rate | null; verificationsPerAddress: Rate | null };
  /** Fastify's trustProxy: which proxies' X-Forwarded-For to believe (client addresses for rate limits). */
  trustProxy: boolean | string[];
  production: boolean;
}

/** At most `max` requests per `windowSeconds`; null: no limit. */
export interface Rate {
  max: number;
  windowSeconds: number;
}
export const LIMITED_OPERATIONS = ['login', 'register', 'submit', 'create-game', 'webhook', 'webhook-send', 'chat', 'api-token', 'push-subscription', 'password-reset', 'account-care'] as const;
export type LimitedOperation = (typeof LIMITED_OPERATIONS)[number];
export interface RateLimitSettings {
  enabled: boolean;
  perIp: Record<LimitedOperation, Rate | null>;
  /** Keyed by account id (login: by the username tried). Registering has no account yet. */
  perAccount: Record<LimitedOperation, Rate | null>;
}

/** Default limits: far above what a person or a well-behaved client does in play (README, "Rate limits"). */
const DEFAULT_RATES: Record<LimitedOperation, { ip: string; account: string | null }> = {
  login: { ip: '30/60', account: '10/60' },
  register: { ip: '20/3600', account: null },
  submit: { ip: '1200/60', account: '300/60' },
  'create-game': { ip: '60/60', account: '20/60' },
  webhook: { ip: '30/3600', account: '10/3600' },
  // Test pings and redeliveries: each makes the server send a request.
  'webhook-send': { ip: '120/3600', account: '60/3600' },
  chat: { ip: '120/60', account: '20/60' },
  // API tokens created and push subscriptions stored: each is a credential or a target that lasts.
  'api-token': { ip: '30/3600', account: '10/3600' },
  'push-subscription': { ip: '60/3600', account: '20/3600' },
  // Asking for a reset mail (per address, and per username or e-mail address asked for) and using its link (per address).
  'password-reset': { ip: '10/900', account: '5/3600' },
  // Password change, "log out everywhere", deletion and export: each checks a password or reads a lot.
  'account-care': { ip: '60/3600', account: '20/3600' },
};

/** `max/seconds` (e.g. `30/60`), or `off`. */
function rate(env: NodeJS.ProcessEnv, name: string, fallback: string | null): Rate | null {
  const raw = text(env, name)?.trim() ?? fallback;
  if (raw === null || raw.toLowerCase() === 'off') return null;
  const match = /^(\d{1,9})\/(\d{1,7})$/.exec(raw);
  const max = Number(match?.[1]);
  const windowSeconds = Number(match?.[2]);
  if (!match || max < 1 || windowSeconds < 1 || windowSeconds > 86_400) {
    throw new ConfigError(`${name} must be "<max requests>/<window seconds>" (window up to 86400) or "off", got "${raw}"`);
  }
  return { max, windowSeconds };
}

function rateLimits(env: NodeJS.ProcessEnv): RateLimitSettings {
  const perIp = {} as RateLimitSettings['perIp'];
  const perAccount = {} as RateLimitSettings['perAccount'];
  for (const operation of LIMITED_OPERATIONS) {
    const prefix = `RATE_LIMIT_${operation.toUpperCase().replace('-', '_')}`;
    perIp[operation] = rate(env, `${prefix}_PER_IP`, DEFAULT_RATES[operation].ip);
    perAccount[operation] = DEFAULT_RATES[operation].account === null ? null : rate(env, `${prefix}_PER_ACCOUNT`, DEFAULT_RATES[operation].account);
  }
  return { enabled: flag(env, 'RATE_LIMITS', true), perIp, perAccount };
}

/** `true`, or a comma-separated list of proxy addresses/CIDRs; unset: trust none. */
function trustProxy(raw: string | null): boolean | string[] {
  if (raw === null || raw.trim().toLowerCase() === 'false') return false;
  if (raw.trim().toLowerCase() === 'true') return true;
  return raw.split(',').map((item) => item.trim()).filter(Boolean);
}

function origins(env: NodeJS.ProcessEnv): string[] {
  const list = (text(env, 'CORS_ORIGINS') ?? '').split(',').map((origin) => origin.trim()).filter(Boolean);
  for (const origin of list) {
    if (origin !== '*' && !/^https?:\/\/[^/\s]+$/.test(origin)) throw new ConfigError(`CORS_ORIGINS must be a comma-separated list of origins like https://example.com (no path), or *; got "${origin}"`);
  }
  return list;
}

export class ConfigError extends Error {}

/**
 * Settings that turn overload shedding off, as RATE_LIMITS=false turns rate limits off: for the
 * tests, and for harnesses that judge what was written (history checks, failover drill, bench fills)
 * on a loaded machine, where a slow event loop or their own burst would be refused at random.
 * `npm run overload` measures shedding itself.
 */
export const NO_LOAD_SHEDDING = { OVERLOAD_EVENT_LOOP_DELAY_MS: '0', OVERLOAD_MAX_IN_FLIGHT: '0', DATABASE_POOL_QUEUE: '100000', DATABASE_POOL_WAIT_MS: '60000' } as const;

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}

function flag(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'on', 'yes'].includes(raw)) return true;
  if (['0', 'false', 'off', 'no'].includes(raw)) return false;
  throw new ConfigError(`${name} must be true or false, got "${raw}"`);
}

function text(env: NodeJS.ProcessEnv, name: string): string | null {
  const raw = env[name];
  return raw === undefined || raw.trim() === '' ? null : raw;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const production = env.NODE_ENV === 'production';
  const jwtSecretRaw = text(env, 'JWT_SECRET');
  if (jwtSecretRaw !== null && Buffer.byteLength(jwtSecretRaw) < 32) {
    throw new ConfigError('JWT_SECRET must be at least 32 bytes long');
  }
  if (jwtSecretRaw === null && production) {
    throw new ConfigError('JWT_SECRET is required when NODE_ENV=production');
  }
  const adminUsername = text(env, 'ADMIN_USERNAME');
  const adminPassword = text(env, 'ADMIN_PASSWORD');
  if ((adminUsername === null) !== (adminPassword === null)) {
    throw new ConfigError('ADMIN_USERNAME and ADMIN_PASSWORD must be set together');
  }
  if (adminPassword !== null && adminPassword.length < 8) {
    throw new ConfigError('ADMIN_PASSWORD must be at least 8 characters');
  }
  const databaseUrl = text(env, 'DATABASE_URL');
  if (databaseUrl !== null && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must be a postgres:// or postgresql:// URL');
  }
  if (databaseUrl !== null) {
    // Several hosts (a failover cluster: host1:port1,host2:port2) are read by store/primary.ts.
    try {
      parseDatabaseUrl(databaseUrl);
    } catch (error) {
      if (error instanceof DatabaseUrlError) throw new ConfigError(`DATABASE_URL: ${error.message}`);
      throw error;
    }
  }
  const databaseReadUrl = text(env, 'DATABASE_READ_URL');
  if (databaseReadUrl !== null && !/^postgres(ql)?:\/\//.test(databaseReadUrl)) {
    throw new ConfigError('DATABASE_READ_URL must be a postgres:// or postgresql:// URL (a streaming replica of DATABASE_URL)');
  }
  if (databaseReadUrl !== null && databaseUrl === null) {
    throw new ConfigError('DATABASE_READ_URL needs DATABASE_URL: the replica is of the primary DATABASE_URL names (the embedded PostgreSQL has none)');
  }
  const smtpUrl = text(env, 'SMTP_URL');
  if (smtpUrl !== null && !/^smtps?:\/\/[^/\s]+/.test(smtpUrl)) throw new ConfigError('SMTP_URL must be an smtp:// or smtps:// URL (user and password in it if the relay needs them)');
  const mailFrom = text(env, 'MAIL_FROM');
  if (smtpUrl !== null && mailFrom === null) throw new ConfigError('MAIL_FROM is required with SMTP_URL (e.g. "Board games <games@example.com>")');
  const port = integer(env, 'PORT', 3000, 0, 65535);
  const publicUrl = (text(env, 'PUBLIC_URL') ?? `http://localhost:${port}`).replace(/\/+$/, '');
  if (!/^https?:\/\/[^/\s]+(\/\S*)?$/.test(publicUrl)) throw new ConfigError(`PUBLIC_URL must be an http(s) URL like https://games.example.com, got "${publicUrl}"`);
  const vapidPublic = text(env, 'VAPID_PUBLIC_KEY');
  const vapidPrivate = text(env, 'VAPID_PRIVATE_KEY');
  const vapidSubject = text(env, 'VAPID_SUBJECT');
  if ((vapidPublic === null) !== (vapidPrivate === null)) throw new ConfigError('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together (npx web-push generate-vapid-keys)');
  if (vapidPublic !== null && (Buffer.from(vapidPublic, 'base64url').length !== 65 || Buffer.from(vapidPrivate!, 'base64url').length !== 32)) {
    throw new ConfigError('VAPID_PUBLIC_KEY must be a base64url P-256 public key (65 bytes) and VAPID_PRIVATE_KEY its private key (32 bytes)');
  }
  if (vapidPublic !== null && (vapidSubject === null || !/^(mailto:|https:\/\/)\S+$/.test(vapidSubject))) throw new ConfigError('VAPID_SUBJECT (a mailto: or https: URL push services may contact) is required with the VAPID keys');
  // RFC 8058 one-click unsubscribe is an HTTPS POST: mail clients ignore an http:// List-Unsubscribe.
  if (production && smtpUrl !== null && !publicUrl.startsWith('https://')) throw new ConfigError(`PUBLIC_URL must be an https:// URL when NODE_ENV=production and SMTP_URL is set (one-click unsubscribe links), got "${publicUrl}"`);
  const pushAllowHttp = flag(env, 'PUSH_ALLOW_HTTP', false);
  if (production && pushAllowHttp) throw new ConfigError('PUSH_ALLOW_HTTP is for tests and development: browsers only give https push endpoints');
  const dkimDomain = text(env, 'DKIM_DOMAIN');
  const dkimSelector = text(env, 'DKIM_SELECTOR');
  const dkimKey = text(env, 'DKIM_PRIVATE_KEY')?.replace(/\\n/g, '\n') ?? null;
  if ([dkimDomain, dkimSelector, dkimKey].some((value) => value === null) && [dkimDomain, dkimSelector, dkimKey].some((value) => value !== null)) {
    throw new ConfigError('DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY must be set together');
  }
  if (dkimKey !== null && !/-----BEGIN (RSA )?PRIVATE KEY-----/.test(dkimKey)) throw new ConfigError('DKIM_PRIVATE_KEY must be a PEM private key (newlines may be written as \\n)');
  const resumeWindowMinutes = integer(env, 'RESUME_WINDOW_MINUTES', 60, 1, 7 * 24 * 60);
  const archiveAfterMinutes = integer(env, 'ARCHIVE_AFTER_MINUTES', Math.max(120, 2 * resumeWindowMinutes), 1, 365 * 24 * 60);
  // A stream resumed within the window reads its games' rows (store/changes.ts): none of them may be archived yet.
  if (archiveAfterMinutes <= resumeWindowMinutes) throw new ConfigError(`ARCHIVE_AFTER_MINUTES must be more than RESUME_WINDOW_MINUTES (${resumeWindowMinutes}), got "${archiveAfterMinutes}"`);
  return {
    port,
    host: text(env, 'HOST') ?? '127.0.0.1',
    databaseUrl,
    databasePoolSize: integer(env, 'DATABASE_POOL_SIZE', 10, 1, 200),
    databaseReadUrl,
    databaseReadPoolSize: integer(env, 'DATABASE_READ_POOL_SIZE', 10, 1, 200),
    databasePoolWaitMs: integer(env, 'DATABASE_POOL_WAIT_MS', 2000, 100, 60_000),
    databasePoolQueue: integer(env, 'DATABASE_POOL_QUEUE', 32, 1, 100_000),
    databaseLockTimeoutMs: integer(env, 'DATABASE_LOCK_TIMEOUT_MS', 5000, 100, 600_000),
    databasePoolGuard: flag(env, 'DATABASE_POOL_GUARD', false),
    gameLockWaiters: integer(env, 'GAME_LOCK_WAITERS', 4, 0, 1000),
    overloadEventLoopDelayMs: integer(env, 'OVERLOAD_EVENT_LOOP_DELAY_MS', 1000, 0, 60_000),
    overloadMaxInFlight: integer(env, 'OVERLOAD_MAX_IN_FLIGHT', 64, 0, 1_000_000),
    gameCacheSize: integer(env, 'GAME_CACHE_SIZE', 1000, 0, 1_000_000),
    groupCommit: flag(env, 'GROUP_COMMIT', true),
    dataDir: resolve(text(env, 'DATA_DIR') ?? 'data/postgres'),
    embeddedPort: integer(env, 'EMBEDDED_PG_PORT', 54329, 1024, 65535),
    jwtSecret: jwtSecretRaw ?? randomBytes(32).toString('hex'),
    jwtSecretGenerated: jwtSecretRaw === null,
    jwtIssuer: text(env, 'JWT_ISSUER') ?? 'boardgame-server',
    jwtTtlSeconds: integer(env, 'JWT_TTL_SECONDS', 7 * 24 * 3600, 60, 365 * 24 * 3600),
    adminUsername,
    adminPassword,
    redisUrl: text(env, 'REDIS_URL'),
    logLevel: text(env, 'LOG_LEVEL') ?? 'info',
    graphqlMaxDepth: integer(env, 'GRAPHQL_MAX_DEPTH', 8, 2, 50),
    graphqlMaxTokens: integer(env, 'GRAPHQL_MAX_TOKENS', 2000, 100, 100_000),
    graphqlMaxFields: integer(env, 'GRAPHQL_MAX_FIELDS', 250, 10, 100_000),
    graphqlMaxCost: integer(env, 'GRAPHQL_MAX_COST', 50_000, 10, 10_000_000),
    bodyLimitBytes: integer(env, 'BODY_LIMIT_BYTES', 64 * 1024, 1024, 10 * 1024 * 1024),
    workers: flag(env, 'WORKERS', true),
    dueConcurrency: integer(env, 'DUE_CONCURRENCY', 4, 1, 64),
    dueBatch: integer(env, 'DUE_BATCH', 8, 1, 100),
    archiveAfterMinutes,
    archiveBatch: integer(env, 'ARCHIVE_BATCH', 20, 0, 1000),
    archiveBusyPercent: integer(env, 'ARCHIVE_BUSY_PERCENT', 25, 1, 100),
    botThinkMs: integer(env, 'BOT_THINK_MS', DEFAULT_THINK_MS, 10, 10_000),
    botThreads: integer(env, 'BOT_THREADS', Math.max(1, Math.min(4, availableParallelism() - 1)), 1, 64),
    botThreadNice: integer(env, 'BOT_THREAD_NICE', 19, 0, 19),
    botBusyPercent: integer(env, 'BOT_BUSY_PERCENT', 10, 1, 100),
    duePollMs: integer(env, 'DUE_POLL_MS', 5000, 50, 600_000),
    dueRetryBaseMs: integer(env, 'DUE_RETRY_BASE_MS', 1000, 10, 3_600_000),
    webhookAllowPrivate: flag(env, 'WEBHOOK_ALLOW_PRIVATE', false),
    webhookTimeoutMs: integer(env, 'WEBHOOK_TIMEOUT_SECONDS', 10, 1, 120) * 1000,
    webhookMaxAttempts: integer(env, 'WEBHOOK_MAX_ATTEMPTS', 8, 1, 50),
    webhookRetryBaseMs: integer(env, 'WEBHOOK_RETRY_BASE_MS', 10_000, 10, 3_600_000),
    retentionIdempotencyKeyDays: integer(env, 'RETENTION_IDEMPOTENCY_KEY_DAYS', 7, 1, 3650),
    retentionWebhookDeliveryDays: integer(env, 'RETENTION_WEBHOOK_DELIVERY_DAYS', 30, 1, 3650),
    retentionFinishedGameOutboxDays: integer(env, 'RETENTION_FINISHED_GAME_OUTBOX_DAYS', 7, 1, 3650),
    retentionIntervalSeconds: integer(env, 'RETENTION_INTERVAL_SECONDS', 3600, 1, 7 * 24 * 3600),
    retentionBatchSize: integer(env, 'RETENTION_BATCH_SIZE', 1000, 1, 100_000),
    rateLimits: rateLimits(env),
    openGamesPerAccount: integer(env, 'OPEN_GAMES_PER_ACCOUNT', 20, 1, 10_000),
    webhooksPerAccount: integer(env, 'WEBHOOKS_PER_ACCOUNT', 20, 1, 1000),
    apiTokensPerAccount: integer(env, 'API_TOKENS_PER_ACCOUNT', 50, 1, 1000),
    ratingMinMoves: integer(env, 'RATING_MIN_MOVES', 6, 0, 10_000),
    botGameMaxEvents: integer(env, 'BOT_GAME_MAX_EVENTS', 20_000, 2, 10_000_000),
    listCountCap: integer(env, 'LIST_COUNT_CAP', 1000, 1, 1_000_000),
    lobbyCountCap: integer(env, 'LOBBY_COUNT_CAP', 100, 1, 1_000_000),
    resumeEventsPerGame: integer(env, 'RESUME_EVENTS_PER_GAME', 100, 1, 1000),
    resumeWindowMinutes,
    corsOrigins: origins(env),
    smtpUrl,
    mailFrom,
    publicUrl,
    mailRetryBaseMs: integer(env, 'MAIL_RETRY_BASE_MS', 60_000, 10, 3_600_000),
    mailMaxAttempts: integer(env, 'MAIL_MAX_ATTEMPTS', 8, 1, 50),
    emailVerifyTtlHours: integer(env, 'EMAIL_VERIFY_TTL_HOURS', 48, 1, 24 * 30),
    passwordResetTtlMinutes: integer(env, 'PASSWORD_RESET_TTL_MINUTES', 30, 5, 24 * 60),
    passwordResetMailsPerHour: integer(env, 'PASSWORD_RESET_MAILS_PER_HOUR', 3, 1, 100),
    vapid: vapidPublic === null ? null : { publicKey: vapidPublic, privateKey: vapidPrivate!, subject: vapidSubject! },
    pushSubscriptionsPerAccount: integer(env, 'PUSH_SUBSCRIPTIONS_PER_ACCOUNT', 10, 1, 100),
    pushAllowHttp,
    pushTimeoutMs: integer(env, 'PUSH_TIMEOUT_MS', 5000, 100, 60_000),
    notificationLeaseMs: integer(env, 'NOTIFICATION_LEASE_SECONDS', 300, 1, 3600) * 1000,
    pushPerPersonConcurrency: integer(env, 'PUSH_PER_PERSON_CONCURRENCY', 2, 1, 50),
    dkim: dkimDomain === null ? null : { domainName: dkimDomain, keySelector: dkimSelector!, privateKey: dkimKey! },
    emailLimits: {
      changesPerAccount: rate(env, 'EMAIL_CHANGES_PER_ACCOUNT', '10/3600'),
      verificationsPerAccount: rate(env, 'EMAIL_VERIFICATIONS_PER_ACCOUNT', '5/86400'),
      verificationsPerAddress: rate(env, 'EMAIL_VERIFICATIONS_PER_ADDRESS', '3/86400'),
    },
    trustProxy: trustProxy(text(env, 'TRUST_PROXY')),
    production,
  };
}
