import type { Db } from '../store/db.js';
import type { ServiceContext } from './context.js';

/**
 * Retention: rows that only matter for a while are deleted by a periodic task in every worker
 * process. Each pass deletes in small batches (short transactions, no long locks) rows claimed
 * `FOR UPDATE SKIP LOCKED`, so several processes pruning at once share the work and never wait
 * on or double-count each other.
 */
export interface RetentionSettings {
  /** Idempotency keys: a client retries within minutes; after this a key may be forgotten. */
  idempotencyKeyDays: number;
  /** Delivered or failed webhook deliveries (pending ones are never pruned by age). */
  webhookDeliveryDays: number;
  /** Every finished delivery of a game that finished (or was aborted) this long ago. */
  finishedGameOutboxDays: number;
  intervalSeconds: number;
  batchSize: number;
}

/** What may go: a table and the condition, on its own rows (alias `t`), with $1 the age in days. */
const RULES = {
  idempotencyKeys: { table: 'idempotency_keys', where: `t.created_at < now() - $1 * interval '1 day'` },
  webhookDeliveries: { table: 'webhook_deliveries', where: `t.status IN ('delivered', 'failed') AND t.created_at < now() - $1 * interval '1 day'` },
  /** Notifications sent, moot, skipped or failed (their unique key only matters while the turn's change can still be written: at once). */
  notifications: { table: 'notifications', where: `t.status <> 'pending' AND t.created_at < now() - $1 * interval '1 day'` },
  /**
   * A delivery of a game that finished N days ago was made before it finished, so it is at least N
   * days old: the age condition lets the pass look only at deliveries that old (the created_at index),
   * not at every delivery of every running game. A test ping names no game.
   */
  finishedGameOutbox: {
    table: 'webhook_deliveries',
    where: `t.status IN ('delivered', 'failed') AND t.created_at < now() - $1 * interval '1 day' AND EXISTS (SELECT 1 FROM games g
      WHERE g.id = t.game_id AND g.status IN ('finished', 'aborted') AND g.finished_at < now() - $1 * interval '1 day')`,
  },
} as const;

export type Pruned = Record<keyof typeof RULES, number>;

async function pruneRule(db: Db, rule: (typeof RULES)[keyof typeof RULES], days: number, batchSize: number, maxBatches: number): Promise<number> {
  let total = 0;
  for (let batch = 0; batch < maxBatches; batch++) {
    const deleted = await db.$executeRawUnsafe(
      `DELETE FROM ${rule.table} WHERE ctid = ANY(ARRAY(SELECT t.ctid FROM ${rule.table} t WHERE ${rule.where} LIMIT $2 FOR UPDATE SKIP LOCKED))`,
      days, batchSize,
    );
    total += deleted;
    if (deleted < batchSize) break;
  }
  return total;
}

/** One pass: at most `maxBatches` batches per rule, so a huge backlog is worked off over several passes. */
export async function pruneOnce(db: Db, settings: RetentionSettings, maxBatches = 100): Promise<Pruned> {
  return {
    idempotencyKeys: await pruneRule(db, RULES.idempotencyKeys, settings.idempotencyKeyDays, settings.batchSize, maxBatches),
    webhookDeliveries: await pruneRule(db, RULES.webhookDeliveries, settings.webhookDeliveryDays, settings.batchSize, maxBatches),
    finishedGameOutbox: await pruneRule(db, RULES.finishedGameOutbox, settings.finishedGameOutboxDays, settings.batchSize, maxBatches),
    notifications: await pruneRule(db, RULES.notifications, settings.webhookDeliveryDays, settings.batchSize, maxBatches),
  };
}

/** Runs `pruneOnce` every `intervalSeconds` between start (with the workers) and stop (a pass in progress is awaited). */
export function createRetention(db: Db, log: ServiceContext['log'], settings: RetentionSettings): { start(): void; stop(): Promise<void> } {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  const pass = () => {
    if (running) return;
    running = pruneOnce(db, settings)
      .then((pruned) => {
        if (Object.values(pruned).some((count) => count > 0)) log.info(`retention: deleted ${JSON.stringify(pruned)}`);
      })
      .catch((error: unknown) => log.error(`retention pass failed: ${(error as Error).message}`))
      .finally(() => void (running = null));
  };
  return {
    start() {
      timer = setInterval(pass, settings.intervalSeconds * 1000);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
