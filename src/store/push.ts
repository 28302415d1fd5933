import type { Db, Prisma } from './db.js';
import { isUuid } from './ids.js';

export interface PushSubscriptionRecord {
  id: string;
  userId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  createdAt: Date;
}

/**
 * Stores a browser's subscription; the same endpoint registered again by its account updates its keys.
 * Null when another account holds the endpoint: it is never moved (one statement, so two accounts racing for a new endpoint cannot both win).
 */
export async function savePushSubscription(db: Prisma.TransactionClient, userId: string, subscription: { endpoint: string; p256dh: string; auth: string }): Promise<PushSubscriptionRecord | null> {
  const [row] = await db.$queryRaw<PushSubscriptionRecord[]>`
    INSERT INTO push_subscriptions (id, user_id, endpoint, p256dh, auth) VALUES (gen_random_uuid(), ${userId}::uuid, ${subscription.endpoint}, ${subscription.p256dh}, ${subscription.auth})
    ON CONFLICT (endpoint) DO UPDATE SET p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth WHERE push_subscriptions.user_id = EXCLUDED.user_id
    RETURNING id, user_id AS "userId", endpoint, p256dh, auth, created_at AS "createdAt"`;
  return row ?? null;
}

export const listPushSubscriptions = (db: Prisma.TransactionClient, userId: string): Promise<PushSubscriptionRecord[]> => db.pushSubscription.findMany({ where: { userId }, orderBy: { createdAt: 'asc' } });
export const countPushSubscriptions = (db: Prisma.TransactionClient, userId: string): Promise<number> => db.pushSubscription.count({ where: { userId } });

export async function deletePushSubscription(db: Db, userId: string, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  return (await db.pushSubscription.deleteMany({ where: { id, userId } })).count > 0;
}

/** The push service answered 404/410: the subscription is gone for good. */
export async function forgetPushEndpoint(db: Db, id: string): Promise<void> {
  await db.pushSubscription.deleteMany({ where: { id } });
}
