import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import { readingDatabase } from './metrics.js';

/**
 * Background work in /metrics: what is due now and not yet done (per queue: `games` for deadlines,
 * warnings and bot turns, `webhooks` for delivery attempts), how late each item ran (fired − due),
 * and failed attempts by kind.
 */
export function createWorkMetrics(registry: Registry, backlog: () => Promise<{ games: number; webhooks: number }>) {
  new Gauge({
    name: 'due_work_backlog',
    help: 'Items of background work due now and not yet done, by queue',
    labelNames: ['queue'],
    registers: [registry],
    collect: readingDatabase(async function () {
      const counts = await backlog();
      this.set({ queue: 'games' }, counts.games);
      this.set({ queue: 'webhooks' }, counts.webhooks);
    }),
  });
  const lag = new Histogram({
    name: 'due_work_lag_seconds',
    help: 'How late an item of background work was done (done − due), by kind: timeout, bot, warning, rating, idle, webhook, mail, push',
    labelNames: ['kind'],
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 15, 60, 300],
    registers: [registry],
  });
  const failures = new Counter({ name: 'due_work_failures_total', help: 'Failed attempts at background work, by kind', labelNames: ['kind'], registers: [registry] });
  return {
    observe(kind: string, lagMs: number, failed: boolean) {
      lag.observe({ kind }, Math.max(0, lagMs) / 1000);
      if (failed) failures.inc({ kind });
    },
  };
}

export type WorkMetrics = ReturnType<typeof createWorkMetrics>;
