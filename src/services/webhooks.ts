import { createHmac, randomBytes } from 'node:crypto';
import type { Principal } from '../auth/tokens.js';
import { badRequest, conflict, notFound, unprocessable } from '../errors.js';
import { postWebhook, resolveSafely, UnsafeTargetError } from '../net/webhook-post.js';
import { claimDueDeliveries, countWebhooks, deleteWebhook, findWebhook, insertDelivery, insertWebhook, listWebhooks, pageDeliveries, recordAttempt, requeueDelivery, type ClaimedDelivery, type DeliveryRecord, type DeliveryStatus, type WebhookRecord } from '../store/webhooks.js';
import { withinAccountQuota } from '../store/quotas.js';
import type { ServiceContext } from './context.js';

/**
 * Turn notifications by webhook. Deliveries are written to the outbox (webhook_deliveries) in the
 * same transaction as the event that causes them (store/games.ts#enqueueWebhooks), so none is lost
 * and none is sent for a rolled-back event; a worker delivers them, signed, with retries.
 *
 * Signed the Standard Webhooks way (https://www.standardwebhooks.com): `webhook-id` (the delivery
 * id, the same on every retry), `webhook-timestamp` (Unix seconds of this attempt) and
 * `webhook-signature: v1,<base64 HMAC-SHA256 of "id.timestamp.body">`. The id and the time are
 * signed, so a receiver that checks the timestamp's age and remembers ids refuses a replayed
 * capture. The old `X-Signature` (body only, replayable) is no longer sent.
 */
export const WEBHOOK_EVENTS = ['your_turn', 'game_started', 'game_over', 'deadline_near'] as const;
/** What a delivery can be about: the events a webhook asks for, and `ping`, the test delivery asked for by hand (never subscribed to). */
export const DELIVERY_EVENTS = [...WEBHOOK_EVENTS, 'ping'] as const;
/** Where a delivery stands: due (again) at `nextAttemptAt`, accepted with a 2xx, or given up after the last attempt. */
export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const satisfies readonly DeliveryStatus[];

export interface WebhookSettings {
  allowPrivate: boolean;
  timeoutMs: number;
  maxAttempts: number;
  retryBaseMs: number;
}

/** A new secret in the Standard Webhooks form: `whsec_` and base64 of 32 random bytes. */
const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

/**
 * The `webhook-signature` value. The HMAC key is the base64-decoded secret after `whsec_`, as
 * the standard's libraries read it; secrets issued before (64 hex characters, no prefix) are
 * decoded the same way, so receivers keep their old secret with the standard library.
 */
export function signDelivery(secret: string, id: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret, 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`).digest('base64')}`;
}

const publicWebhook = (hook: { id: string; url: string; events: string[]; createdAt: Date }) => ({ id: hook.id, url: hook.url, events: hook.events, createdAt: hook.createdAt.toISOString() });

export async function registerWebhook(ctx: ServiceContext, settings: WebhookSettings, principal: Principal, input: { url: string; events: string[] }) {
  let url: URL;
  try {
    url = new URL(input.url);
  } catch {
    throw badRequest('INVALID_WEBHOOK_URL', 'The webhook URL is not a valid absolute URL.');
  }
  const events = [...new Set(input.events)];
  const unknown = events.filter((event) => !(WEBHOOK_EVENTS as readonly string[]).includes(event));
  if (events.length === 0 || unknown.length > 0) throw badRequest('INVALID_WEBHOOK_EVENTS', `Choose events among ${WEBHOOK_EVENTS.join(', ')}.`);
  try {
    await resolveSafely(url, settings.allowPrivate);
  } catch (error) {
    if (error instanceof UnsafeTargetError) throw unprocessable('UNSAFE_WEBHOOK_URL', `This webhook URL cannot be used: ${error.message}.`);
    throw error;
  }
  const quota = ctx.quotas.webhooksPerAccount;
  const secret = newSecret();
  // Counted and inserted under the account's lock, so a burst cannot pass the quota together (store/quotas.ts).
  const hook = await withinAccountQuota(ctx.db, principal.userId, {
    limit: quota,
    used: (tx) => countWebhooks(tx, principal.userId),
    refuse: () => conflict('TOO_MANY_WEBHOOKS', `An account can register at most ${quota} webhooks.`, { quota }),
  }, (tx) => insertWebhook(tx, { userId: principal.userId, url: url.toString(), events, secret }));
  return { ...publicWebhook(hook), secret };
}

export async function webhooksOf(ctx: ServiceContext, principal: Principal) {
  return (await listWebhooks(ctx.db, principal.userId)).map(publicWebhook);
}

export async function removeWebhook(ctx: ServiceContext, principal: Principal, id: string): Promise<void> {
  if (!(await deleteWebhook(ctx.db, principal.userId, id))) throw notFound('Webhook');
}

const publicDelivery = (delivery: DeliveryRecord) => ({
  id: delivery.id, event: delivery.event, status: delivery.status, attempts: delivery.attempts, lastStatus: delivery.lastStatus, lastError: delivery.lastError,
  createdAt: delivery.createdAt.toISOString(), deliveredAt: delivery.deliveredAt?.toISOString() ?? null,
  nextAttemptAt: delivery.status === 'pending' ? delivery.nextAttemptAt.toISOString() : null,
});

/** The caller's own webhook; another account's is NOT_FOUND, as a missing one. */
async function ownWebhook(ctx: ServiceContext, principal: Principal, id: string): Promise<WebhookRecord> {
  const hook = await findWebhook(ctx.db, principal.userId, id);
  if (!hook) throw notFound('Webhook');
  return hook;
}

/** One page of a webhook's deliveries, newest first, with `total` (of the `status` asked for, if any). */
export async function deliveriesOf(ctx: ServiceContext, principal: Principal, id: string, page: { limit: number; offset: number; status?: DeliveryStatus }) {
  await ownWebhook(ctx, principal, id);
  const { total, items } = await pageDeliveries(ctx.db, id, page);
  return { items: items.map(publicDelivery), total, limit: page.limit, offset: page.offset };
}

/**
 * Sends a delivered or failed delivery again: it goes back to the outbox, due now, with a new round
 * of attempts, and the delivery worker sends it as any other (so it survives a crash or a restart).
 * The same message: the same `webhook-id` and body, signed anew with the attempt's timestamp.
 */
export async function redeliver(ctx: ServiceContext, principal: Principal, webhookId: string, deliveryId: string) {
  await ownWebhook(ctx, principal, webhookId);
  const delivery = await requeueDelivery(ctx.db, webhookId, deliveryId);
  if (delivery === 'missing') throw notFound('Delivery');
  if (delivery === 'pending') throw conflict('DELIVERY_PENDING', 'This delivery is still pending: its attempts are under way. Redeliver it once it is delivered or failed.');
  ctx.work.deliveriesDue();
  return publicDelivery(delivery);
}

/** A test delivery: a `ping` event to the webhook's URL, through the outbox and signed like every delivery. */
export async function pingWebhook(ctx: ServiceContext, principal: Principal, id: string) {
  const hook = await ownWebhook(ctx, principal, id);
  const { createdAt: _createdAt, ...webhook } = publicWebhook(hook);
  const delivery = await insertDelivery(ctx.db, hook.id, 'ping', { event: 'ping', webhook });
  ctx.work.deliveriesDue();
  return publicDelivery(delivery);
}

/** What a worker reports of each attempt (metrics). */
export type DeliveryObserver = (attempt: { lagMs: number; failed: boolean }) => void;

async function deliver(ctx: ServiceContext, settings: WebhookSettings, delivery: ClaimedDelivery, observe?: DeliveryObserver): Promise<void> {
  const lagMs = ctx.now().getTime() - new Date(delivery.dueAt).getTime();
  const body = JSON.stringify({ id: delivery.id, ...(delivery.payload as object), createdAt: new Date(delivery.createdAt).toISOString() });
  let status: number | null = null;
  let error: string | null = null;
  // Wall-clock time, not ctx.now(): receivers compare it with their own clock.
  const timestamp = Math.floor(Date.now() / 1000);
  try {
    ({ status } = await postWebhook(delivery.url, body, {
      'user-agent': 'boardgame-server-webhooks',
      'webhook-id': delivery.id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signDelivery(delivery.secret, delivery.id, timestamp, body),
      'x-webhook-id': delivery.webhookId,
      'x-event': delivery.event,
    }, { allowPrivate: settings.allowPrivate, timeoutMs: settings.timeoutMs }));
    if (status < 200 || status >= 300) error = `the receiver answered ${status}`;
  } catch (caught) {
    error = (caught as Error).message;
  }
  const delivered = error === null;
  const retryAt = delivered || delivery.attempts >= settings.maxAttempts ? null : new Date(ctx.now().getTime() + settings.retryBaseMs * 2 ** (delivery.attempts - 1));
  await recordAttempt(ctx.db, delivery.id, { delivered, status, error, retryAt });
  observe?.({ lagMs, failed: !delivered });
  if (!delivered) ctx.log.warn(`webhook delivery ${delivery.id} attempt ${delivery.attempts} failed: ${error}${retryAt ? `; retry at ${retryAt.toISOString()}` : '; giving up'}`);
}

/** One pass of the delivery worker: claims what is due and delivers it. Returns how many were tried. */
export async function deliverDue(ctx: ServiceContext, settings: WebhookSettings, limit = 20, observe?: DeliveryObserver): Promise<number> {
  // The lease (not a held transaction) marks a claim: no database connection waits on a third party's
  // HTTP answer. A worker that dies mid-delivery frees its rows when the lease runs out.
  const claimed = await claimDueDeliveries(ctx.db, limit, settings.timeoutMs + 30_000);
  await Promise.all(claimed.map((delivery) => deliver(ctx, settings, delivery, observe)));
  return claimed.length;
}
