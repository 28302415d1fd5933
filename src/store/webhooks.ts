import type { Db, Prisma } from './db.js';
import { isUuid } from './ids.js';

export interface WebhookRecord {
  id: string;
  userId: string;
  url: string;
  events: string[];
  secret: string;
  createdAt: Date;
}

export interface DeliveryRecord {
  id: string;
  webhookId: string;
  event: string;
  payload: unknown;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  nextAttemptAt: Date;
  lastStatus: number | null;
  lastError: string | null;
  createdAt: Date;
  deliveredAt: Date | null;
}

export const insertWebhook = (db: Prisma.TransactionClient, data: { userId: string; url: string; events: string[]; secret: string }): Promise<WebhookRecord> => db.webhook.create({ data });
export const listWebhooks = (db: Db, userId: string): Promise<WebhookRecord[]> => db.webhook.findMany({ where: { userId }, orderBy: { createdAt: 'asc' } });
export const countWebhooks = (db: Prisma.TransactionClient, userId: string): Promise<number> => db.webhook.count({ where: { userId } });

export async function deleteWebhook(db: Db, userId: string, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const { count } = await db.webhook.deleteMany({ where: { id, userId } });
  return count > 0;
}

export async function findWebhook(db: Db, userId: string, id: string): Promise<WebhookRecord | null> {
  if (!isUuid(id)) return null;
  return db.webhook.findFirst({ where: { id, userId } });
}

export type DeliveryStatus = DeliveryRecord['status'];

/** One page of a webhook's deliveries, newest first (ties by id, so pages never overlap), with how many there are in all. */
export async function pageDeliveries(db: Db, webhookId: string, page: { limit: number; offset: number; status?: DeliveryStatus }): Promise<{ total: number; items: DeliveryRecord[] }> {
  const where = { webhookId, ...(page.status ? { status: page.status } : {}) };
  const [total, items] = await Promise.all([
    db.webhookDelivery.count({ where }),
    db.webhookDelivery.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: page.limit, skip: page.offset }),
  ]);
  return { total, items: items as DeliveryRecord[] };
}

/** A new delivery of a webhook (a test ping), due at once. */
export async function insertDelivery(db: Db, webhookId: string, event: string, payload: object): Promise<DeliveryRecord> {
  return (await db.webhookDelivery.create({ data: { webhookId, event, payload } })) as DeliveryRecord;
}

/**
 * Puts a delivered or failed delivery back in the outbox, due now, with a new round of attempts:
 * the worker sends it as any other (same id, same body). A pending one is left alone (its attempts
 * are still under way, perhaps in flight): 'pending'; none of that webhook: 'missing'.
 */
export async function requeueDelivery(db: Db, webhookId: string, id: string): Promise<DeliveryRecord | 'pending' | 'missing'> {
  if (!isUuid(id)) return 'missing';
  // The database's clock, as the worker's claim compares with it.
  const count = await db.$executeRaw`
    UPDATE webhook_deliveries SET status = 'pending', attempts = 0, next_attempt_at = now(), delivered_at = NULL
    WHERE id = ${id}::uuid AND webhook_id = ${webhookId}::uuid AND status <> 'pending'`;
  const delivery = (await db.webhookDelivery.findFirst({ where: { id, webhookId } })) as DeliveryRecord | null;
  if (!delivery) return 'missing';
  return count === 1 ? delivery : 'pending';
}

/** `dueAt`: when the attempt was due (for the lag metric). */
export type ClaimedDelivery = DeliveryRecord & { url: string; secret: string; dueAt: Date };

/**
 * Claims up to `limit` due deliveries for `leaseMs`: their next attempt moves past the lease and
 * the attempt is counted, atomically (SKIP LOCKED), so concurrent workers in any number of
 * processes never take the same row. A worker that dies mid-delivery loses its lease and the row
 * is tried again: delivery is at least once, and the delivery id lets receivers drop duplicates.
 */
export async function claimDueDeliveries(db: Db, limit: number, leaseMs: number): Promise<ClaimedDelivery[]> {
  return db.$queryRaw<ClaimedDelivery[]>`
    WITH due AS (
      SELECT id, next_attempt_at FROM webhook_deliveries
      WHERE status = 'pending' AND next_attempt_at <= now()
      ORDER BY next_attempt_at LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    )
    UPDATE webhook_deliveries d
    SET attempts = d.attempts + 1, next_attempt_at = now() + ${leaseMs} * interval '1 millisecond'
    FROM due, webhooks w
    WHERE d.id = due.id AND w.id = d.webhook_id
    RETURNING d.id, d.webhook_id AS "webhookId", d.event, d.payload, d.status, d.attempts, d.next_attempt_at AS "nextAttemptAt",
              d.last_status AS "lastStatus", d.last_error AS "lastError", d.created_at AS "createdAt", d.delivered_at AS "deliveredAt",
              w.url, w.secret, due.next_attempt_at AS "dueAt"`;
}

export async function recordAttempt(db: Db, id: string, outcome: { delivered: boolean; status: number | null; error: string | null; retryAt: Date | null }): Promise<void> {
  await db.webhookDelivery.update({
    where: { id },
    data: outcome.delivered
      ? { status: 'delivered', deliveredAt: new Date(), lastStatus: outcome.status, lastError: null }
      : { status: outcome.retryAt ? 'pending' : 'failed', nextAttemptAt: outcome.retryAt ?? undefined, lastStatus: outcome.status, lastError: outcome.error },
  });
}

/** When the earliest pending delivery attempt is due (null: none). */
export async function nextDeliveryAt(db: Db): Promise<Date | null> {
  const [row] = await db.$queryRaw<{ at: Date | null }[]>`SELECT min(next_attempt_at) AS at FROM webhook_deliveries WHERE status = 'pending'`;
  return row?.at ?? null;
}

/** How many delivery attempts are due at `now` (the backlog). */
export async function countDueDeliveries(db: Db, now: Date): Promise<number> {
  const [row] = await db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM webhook_deliveries WHERE status = 'pending' AND next_attempt_at <= ${now}`;
  return row?.n ?? 0;
}
