import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import { readingDatabase } from './metrics.js';

/**
 * Background work in /metrics: what is due now and not yet done (per queue: `games` for deadlines,
 * warnings and bot turns, `webhooks` for delivery attempts), how late each item ran (fired − due),
 * and failed attempts by kind; the archive pass's backlog (`archive`) and what it moved.
 */
export function createWorkMetrics(registry: Registry, backlog: () => Promise<{ games: number; webhooks: number; archive: number }>) {
  new Gauge({
    name: 'due_work_backlog',
    help: 'Items of background work due now and not yet done, by queue',
    labelNames: ['queue'],
    registers: [registry],
    collect: readingDatabase(async function () {
      const counts = await backlog();
      this.set({ queue: 'games' }, counts.games);
      this.set({ queue: 'webhooks' }, counts.webhooks);
      this.set({ queue: 'archive' }, counts.archive);
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
  const archivedGames = new Counter({ name: 'archived_games_total', help: 'Finished games whose events the archive pass moved into their archive row', registers: [registry] });
  const archivedEvents = new Counter({ name: 'archived_events_total', help: 'Event rows the archive pass moved into archive rows', registers: [registry] });
  const archivedBytes = new Counter({ name: 'archived_bytes_total', help: 'Compressed bytes of the archive rows written', registers: [registry] });
  return {
    /** A batch of the archive pass (store/archive.ts). */
    archived(batch: { games: number; events: number; bytes: number }) {
      archivedGames.inc(batch.games);
      archivedEvents.inc(batch.events);
      archivedBytes.inc(batch.bytes);
    },
    observe(kind: string, lagMs: number, failed: boolean) {
      lag.observe({ kind }, Math.max(0, lagMs) / 1000);
      if (failed) failures.inc({ kind });
    },
  };
}

export type WorkMetrics = ReturnType<typeof createWorkMetrics>;
