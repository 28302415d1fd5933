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

/** Stores a browser's subscription; the same endpoint registered again is updated and moves to this account. */
export async function savePushSubscription(db: Prisma.TransactionClient, userId: string, subscription: { endpoint: string; p256dh: string; auth: string }): Promise<PushSubscriptionRecord> {
  return db.pushSubscription.upsert({
    where: { endpoint: subscription.endpoint },
    create: { userId, ...subscription },
    update: { userId, p256dh: subscription.p256dh, auth: subscription.auth },
  });
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
