import webPush from 'web-push';
import type { Principal } from '../auth/tokens.js';
import { badRequest, conflict, notFound, ServiceError, unprocessable } from '../errors.js';
import { postWebhook, resolveSafely, UnsafeTargetError } from '../net/webhook-post.js';
import { claimNotifications, settleNotifications, type Settled } from '../store/notifications.js';
import { countPushSubscriptions, deletePushSubscription, forgetPushEndpoint, listPushSubscriptions, savePushSubscription, type PushSubscriptionRecord } from '../store/push.js';
import { withinAccountQuota } from '../store/quotas.js';
import { deadlines, type Clocks, type TimeControl } from './clock.js';
import type { ServiceContext } from './context.js';
import { DEFAULT_LEASE_MS, isMoot, nameOfGame, recipientTranslator } from './notifications.js';

/**
 * Web Push (RFC 8030, payload encrypted per RFC 8291, VAPID per RFC 8292) of "your turn" and
 * "deadline near", through the same outbox as e-mail (store/outbox.ts): a worker claims
 * a person's pending push rows FOR UPDATE SKIP LOCKED, judges them under the lock like mail (a turn
 * taken back or already played is moot), and pushes one message to each of the person's browsers.
 * The `web-push` library encrypts and signs; the request goes through the webhooks' SSRF guard
 * (a subscription's endpoint is a URL a browser gave us). A 404/410 answer removes the subscription.
 * Each push carries a `Topic` (the claim's first row): a resend after a crash replaces the queued copy.
 */
export interface PushSettings {
  /** Null: Web Push is off (VAPID keys unset). */
  vapid: { publicKey: string; privateKey: string; subject: string } | null;
  publicUrl: string;
  allowPrivate: boolean;
  /** Tests and development: http:// endpoints too (PUSH_ALLOW_HTTP). */
  allowHttp?: boolean;
  /** One endpoint's time to answer. */
  timeoutMs: number;
  /** One person's pushes in flight at once (their share of the senders). */
  perPersonConcurrency?: number;
  /** How long a claimed row is leased to its sender; default DEFAULT_LEASE_MS. */
  leaseMs?: number;
  retryBaseMs: number;
  maxAttempts: number;
  subscriptionsPerAccount: number;
}

const MAX_RETRY_MS = 60 * 60 * 1000;
const fromBase64Url = (value: string) => (/^[A-Za-z0-9_-]+={0,2}$/.test(value) ? Buffer.from(value, 'base64url') : Buffer.alloc(0));

const disabled = () => new ServiceError(409, 'PUSH_DISABLED', 'This server sends no push notifications (VAPID keys are not set).');

export function vapidPublicKey(settings: PushSettings): { publicKey: string } {
  if (!settings.vapid) throw disabled();
  return { publicKey: settings.vapid.publicKey };
}

const publicSubscription = (row: { id: string; endpoint: string; createdAt: Date }) => ({ id: row.id, endpoint: row.endpoint, createdAt: row.createdAt.toISOString() });

export async function subscribePush(ctx: ServiceContext, settings: PushSettings, principal: Principal, input: { endpoint: string; keys: { p256dh: string; auth: string } }) {
  if (!settings.vapid) throw disabled();
  let url: URL;
  try {
    url = new URL(input.endpoint);
  } catch {
    throw badRequest('INVALID_PUSH_SUBSCRIPTION', 'The endpoint is not an absolute URL.');
  }
  if (url.protocol !== 'https:' && !(settings.allowHttp && url.protocol === 'http:')) throw badRequest('INVALID_PUSH_SUBSCRIPTION', 'A push endpoint is an https URL.');
  // RFC 8291: p256dh is an uncompressed P-256 point (65 bytes, 0x04 first), auth 16 random bytes.
  const p256dh = fromBase64Url(input.keys.p256dh);
  const auth = fromBase64Url(input.keys.auth);
  if (p256dh.length !== 65 || p256dh[0] !== 4 || auth.length !== 16) throw badRequest('INVALID_PUSH_SUBSCRIPTION', 'keys.p256dh is a P-256 public key (65 bytes) and keys.auth 16 bytes, both base64url.');
  try {
    await resolveSafely(url, settings.allowPrivate);
  } catch (error) {
    if (error instanceof UnsafeTargetError) throw unprocessable('UNSAFE_PUSH_ENDPOINT', `This push endpoint cannot be used: ${error.message}.`);
    throw error;
  }
  // Counted and saved under the account's lock, so a burst cannot pass the quota together (store/quotas.ts);
  // a browser that subscribes again (an endpoint the account has) only updates its keys.
  const quota = settings.subscriptionsPerAccount;
  return publicSubscription(await withinAccountQuota(ctx.db, principal.userId, {
    limit: quota,
    used: async (tx) => ((await listPushSubscriptions(tx, principal.userId)).some((row) => row.endpoint === url.toString()) ? 0 : countPushSubscriptions(tx, principal.userId)),
    refuse: () => conflict('TOO_MANY_PUSH_SUBSCRIPTIONS', `An account can have at most ${quota} push subscriptions.`, { quota }),
  }, async (tx) => {
    const saved = await savePushSubscription(tx, principal.userId, { endpoint: url.toString(), p256dh: input.keys.p256dh, auth: input.keys.auth });
    // Moving it would take another person's notifications (or hand ours to them): the browser makes a new subscription instead.
    if (!saved) throw conflict('PUSH_ENDPOINT_TAKEN', 'Another account holds this push endpoint: unsubscribe it in the browser and subscribe again.');
    return saved;
  }));
}

export async function pushSubscriptionsOf(ctx: ServiceContext, principal: Principal) {
  return (await listPushSubscriptions(ctx.db, principal.userId)).map(publicSubscription);
}

export async function unsubscribePush(ctx: ServiceContext, principal: Principal, id: string): Promise<void> {
  if (!(await deletePushSubscription(ctx.db, principal.userId, id))) throw notFound('Push subscription');
}

interface PreparedPush {
  payload: string;
  topic: string;
  subscriptions: PushSubscriptionRecord[];
  lagMs: number;
}

/** Runs `work` on every item, at most `limit` at once. */
async function eachLimited<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await work(items[next++]!);
  }));
}

/**
 * One claim: a person's pending pushes, sent as one message to each of their browsers. Returns false
 * when nothing was due. Claim, commit, send, record (store/notifications.ts): no transaction is open
 * while the push services answer; each endpoint has `timeoutMs`, and one person's endpoints are tried
 * `perPersonConcurrency` at a time in one claim (no other worker takes that person's rows meanwhile),
 * so a person with many slow endpoints holds one sender, never all of them.
 */
export async function sendDuePush(ctx: ServiceContext, settings: PushSettings, observe?: (attempt: { lagMs: number; failed: boolean }) => void): Promise<boolean> {
  const vapid = settings.vapid;
  if (!vapid) return false;
  const claim = await claimNotifications<PreparedPush>(ctx.db, 'push', settings.leaseMs ?? DEFAULT_LEASE_MS, async (rows, context, client) => {
    if (rows.length === 0) return { settled: [], send: [] };
    const { user } = context;
    const live = rows.filter((row) => !isMoot(row, row.gameId ? context.games.get(row.gameId) : undefined, user.id));
    const settled: Settled[] = rows.filter((row) => !live.includes(row)).map((row) => ({ id: row.id, status: 'moot' as const }));
    const lagMs = ctx.now().getTime() - Math.min(...rows.map((row) => new Date(row.nextAttemptAt).getTime()));
    const subscriptions = live.length === 0 ? [] : (await client.query<PushSubscriptionRecord>(
      'SELECT id, user_id AS "userId", endpoint, p256dh, auth, created_at AS "createdAt" FROM push_subscriptions WHERE user_id = $1 ORDER BY created_at', [user.id])).rows;
    if (live.length === 0 || subscriptions.length === 0) {
      for (const row of live) settled.push({ id: row.id, status: 'skipped' });
      return { settled, send: [] };
    }
    const games = context.waiting.map((game) => {
      const seat = game.seats.find((entry) => entry.userId === user.id && game.activeSeats.includes(entry.seat))?.seat;
      const at = seat === undefined ? undefined : deadlines(game.timeControl as TimeControl, game.clocks as Clocks | null, game.activeSeats).find((entry) => entry.seat === seat)?.at;
      return { id: game.id, type: game.type, deadline: at?.toISOString() ?? null, url: `${settings.publicUrl}/games/${game.id}` };
    });
    const warning = live.some((row) => row.kind === 'deadline_near');
    const first = live[0]!;
    // In the recipient's language (the account's; none: English).
    const tr = recipientTranslator(user.language);
    const payload = JSON.stringify({
      kind: warning ? 'deadline_near' : 'your_turn',
      title: tr.t(warning ? 'mail.push.deadline.title' : 'mail.push.turn.title'),
      body: games.length === 1 ? tr.t('mail.push.one', { game: nameOfGame(ctx, context.waiting[0]!, tr) }) : tr.t('mail.push.many', { n: games.length }),
      url: first.gameId ? `${settings.publicUrl}/games/${first.gameId}` : settings.publicUrl,
      games,
    });
    // RFC 8030 Topic (at most 32 base64url characters): a resend of the same claim replaces the copy still queued at the push service.
    const topic = first.id.replace(/-/g, '');
    return { settled, send: live, message: { payload, topic, subscriptions, lagMs } };
  });
  if (!claim) return false;
  const { rows: live, message: prepared, context } = claim;
  if (live.length === 0 || !prepared) return true;
  let delivered = 0;
  const errors: string[] = [];
  await eachLimited(prepared.subscriptions, settings.perPersonConcurrency ?? 2, async (subscription) => {
    const request = webPush.generateRequestDetails({ endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } }, prepared.payload, {
      vapidDetails: vapid, TTL: 24 * 3600, contentEncoding: 'aes128gcm', urgency: 'high', topic: prepared.topic,
    });
    try {
      const { status } = await postWebhook(request.endpoint, request.body, request.headers as Record<string, string>, { allowPrivate: settings.allowPrivate, timeoutMs: settings.timeoutMs });
      if (status >= 200 && status < 300) delivered++;
      else if (status === 404 || status === 410) await forgetPushEndpoint(ctx.db, subscription.id);
      else errors.push(`the push service answered ${status}`);
    } catch (error) {
      errors.push((error as Error).message);
    }
  });
  // Pushed to at least one browser (or every browser is gone): done. Else retried, as a whole, with backoff.
  const failed = delivered === 0 && errors.length > 0;
  const settled: Settled[] = [];
  if (failed) {
    const attempts = Math.max(...live.map((row) => row.attempts)) + 1;
    const retryAt = new Date(ctx.now().getTime() + Math.min(MAX_RETRY_MS, settings.retryBaseMs * 2 ** (attempts - 1)));
    const error = [...new Set(errors)].join('; ');
    for (const row of live) settled.push(attempts >= settings.maxAttempts ? { id: row.id, status: 'failed', error } : { id: row.id, status: 'retry', retryAt, error });
    ctx.log.warn(`push to account ${context.user.id} failed (attempt ${attempts}): ${error}`);
  } else {
    for (const row of live) settled.push(delivered > 0 ? { id: row.id, status: 'sent' } : { id: row.id, status: 'skipped' });
  }
  await settleNotifications(ctx.db.pool, settled, delivered > 0 ? `${delivered} browser(s)` : null);
  observe?.({ lagMs: prepared.lagMs, failed });
  return true;
}
