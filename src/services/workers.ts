import { randomUUID } from 'node:crypto';
import type { WorkMetrics } from '../http/work-metrics.js';
import type { Db } from '../store/db.js';
import { nextDueAt } from '../store/games.js';
import { archiveFinishedGames, nextArchiveAt } from '../store/archive.js';
import { listenChannel, type Listener } from '../store/listen.js';
import { nextDeliveryAt } from '../store/webhooks.js';
import type { ServiceContext, WorkSignal } from './context.js';
import { workDue, type DueWorkOptions } from './due.js';
import { WorkLoop } from './work-loop.js';
import { deliverDue, type WebhookSettings } from './webhooks.js';
import { sendDueMail, type BeforeSend, type MailSettings } from './notifications.js';
import { nextNotificationAt } from '../store/notifications.js';
import { sendDuePush, type PushSettings } from './push.js';

/**
 * The background workers of one process and the signal that wakes them: after a commit, a process
 * (workers or not) NOTIFYs `due_work` when the work it recorded is due before the workers' next poll;
 * every worker process LISTENs on a connection of its own. The NOTIFY is sent after the commit, not in
 * the transaction: PostgreSQL serializes the commits of notifying transactions, and a lost signal
 * costs only a delay (the row is the record; the poll finds it).
 */
const CHANNEL = 'due_work';

interface Wake {
  gameDue(at: number): void;
  deliveriesDue(): void;
}

export interface Signal extends WorkSignal {
  /** This process's workers hear of its own commits at once, not through the database. */
  attach(local: Wake | null): void;
  readonly instance: string;
}

export function createWorkSignal(db: Db, pollMs: number, log: ServiceContext['log']): Signal {
  const instance = randomUUID();
  let local: Wake | null = null;
  let pending: { games: number | null; deliveries: boolean } | null = null;
  let sending = false;
  // One NOTIFY in flight at a time; what comes meanwhile is folded into the next one (earliest time wins).
  const flush = () => {
    if (sending || !pending) return;
    const payload = JSON.stringify({ from: instance, ...pending });
    pending = null;
    sending = true;
    db.$executeRaw`SELECT pg_notify(${CHANNEL}, ${payload})`
      .catch((error: unknown) => log.warn(`could not notify the workers (they will find the work on their next poll): ${(error as Error).message}`))
      .finally(() => {
        sending = false;
        flush();
      });
  };
  const add = (games: number | null, deliveries: boolean) => {
    pending = {
      games: games === null ? (pending?.games ?? null) : Math.min(games, pending?.games ?? Infinity),
      deliveries: deliveries || (pending?.deliveries ?? false),
    };
    flush();
  };
  return {
    instance,
    attach(wake) {
      local = wake;
    },
    gameDue(at) {
      const ms = at.getTime();
      local?.gameDue(ms);
      // Later than the next poll of every worker: that poll will see it.
      if (ms < Date.now() + pollMs) add(ms, false);
    },
    deliveriesDue() {
      local?.deliveriesDue();
      add(null, true);
    },
  };
}

/** The workers' LISTEN (store/listen.ts): other processes' wake-ups; after a (re)connection everything is woken, as signals may have been missed. */
function listen(databaseUrl: string, instance: string, wake: Wake, log: ServiceContext['log']): Listener {
  return listenChannel(databaseUrl, CHANNEL, {
    onMessage(raw) {
      try {
        const payload = JSON.parse(raw || '{}') as { from?: string; games?: number | null; deliveries?: boolean };
        if (payload.from === instance) return;
        if (typeof payload.games === 'number') wake.gameDue(payload.games);
        if (payload.deliveries) wake.deliveriesDue();
      } catch {
        log.warn(`ignored a malformed ${CHANNEL} notification`);
      }
    },
    onConnected() {
      wake.gameDue(Date.now());
      wake.deliveriesDue();
    },
  }, log, 'boardgame-server-workers');
}

export interface WorkerSettings {
  databaseUrl: string;
  /** Transactions of due game work in flight at once in this process. */
  concurrency: number;
  /** Games claimed per transaction (one commit for all). */
  batch: number;
  pollMs: number;
  retryBaseMs: number;
  webhooks: WebhookSettings;
  /** E-mail notifications (services/notifications.ts); no mail loop when its transport is null. */
  mail: MailSettings;
  beforeMailSend?: BeforeSend;
  /** Web Push (services/push.ts); no push loop when its VAPID keys are unset. */
  push: PushSettings;
  /**
   * The archive pass (store/archive.ts): games per transaction (0: none in this process), how long
   * after its end a game is archived, and the share of the time it may work through a backlog (WorkLoop's busyShare).
   */
  archive: { batch: number; afterMs: number; busyShare: number };
  /** Tests only (see DueWorkOptions). */
  beforeCommit?: DueWorkOptions['beforeCommit'];
}

export interface Workers {
  /** Resolves once this process hears other processes' wake-ups (its LISTEN is up, or its first attempt failed and retries). */
  start(): Promise<void>;
  /** Finishes or rolls back what is in flight; takes no new work. */
  stop(): Promise<void>;
}

export function createWorkers(ctx: ServiceContext, signal: Signal, metrics: WorkMetrics, settings: WorkerSettings): Workers {
  const onError = (what: string) => (error: unknown) => ctx.log.error(`${what}: ${(error as Error).stack ?? String(error)}`);
  const games = new WorkLoop({
    name: 'games',
    slots: settings.concurrency,
    pollMs: settings.pollMs,
    async workOnce() {
      const outcomes = await workDue(ctx, { retryBaseMs: settings.retryBaseMs, beforeCommit: settings.beforeCommit }, settings.batch);
      for (const outcome of outcomes) metrics.observe(outcome.kind, outcome.lagMs, outcome.failed);
      return outcomes.length > 0;
    },
    nextDueAt: () => nextDueAt(ctx.db),
    onError: onError('due-work worker'),
  });
  // Each pass posts up to 20 deliveries at once; two passes overlap so one slow receiver delays few.
  const deliveries = new WorkLoop({
    name: 'webhooks',
    slots: 2,
    pollMs: settings.pollMs,
    workOnce: async () => (await deliverDue(ctx, settings.webhooks, 20, ({ lagMs, failed }) => metrics.observe('webhook', lagMs, failed))) > 0,
    nextDueAt: () => nextDeliveryAt(ctx.db),
    onError: onError('webhook worker'),
  });
  // One person's pending mails per claim (claim, commit, send, record: no transaction open while the mail leaves): two at once per process.
  const mails = settings.mail.transport
    ? new WorkLoop({
        name: 'mail',
        slots: 2,
        pollMs: settings.pollMs,
        workOnce: () => sendDueMail(ctx, settings.mail, ({ lagMs, failed }) => metrics.observe('mail', lagMs, failed), settings.beforeMailSend),
        nextDueAt: () => nextNotificationAt(ctx.db, 'email'),
        onError: onError('mail worker'),
      })
    : null;
  const pushes = settings.push.vapid
    ? new WorkLoop({
        name: 'push',
        slots: 2,
        pollMs: settings.pollMs,
        workOnce: () => sendDuePush(ctx, settings.push, ({ lagMs, failed }) => metrics.observe('push', lagMs, failed)),
        nextDueAt: () => nextNotificationAt(ctx.db, 'push'),
        onError: onError('push worker'),
      })
    : null;
  // Finished games' events into their archive rows, a batch per transaction, one at a time per
  // process: the same loop archives each game once it has been over for `afterMs` and works through
  // the games finished before the archive existed (its queue is the table: a restart resumes it).
  let archivedSince = 0;
  let archiveLoggedAt = Date.now();
  const mismatchSaid = new Set<string>();
  const archive = settings.archive.batch > 0
    ? new WorkLoop({
        name: 'archive',
        slots: 1,
        pollMs: settings.pollMs,
        busyShare: settings.archive.busyShare,
        async workOnce() {
          const batch = await archiveFinishedGames(ctx.db, new Date(ctx.now().getTime() - settings.archive.afterMs), settings.archive.batch);
          metrics.archived(batch);
          archivedSince += batch.games;
          for (const name of batch.mismatched.filter((name) => !mismatchSaid.has(name))) {
            mismatchSaid.add(name);
            ctx.log.warn(`archive pass: this build's brotli writes dictionary ${name} differently from its stored bytes, so its games are archived without it (larger, format 1); make a new version with scripts/archive-dictionaries.ts`);
          }
          if (archivedSince > 0 && (batch.games === 0 || Date.now() - archiveLoggedAt > 60_000)) {
            ctx.log.info(`archive pass: ${archivedSince} games archived since the last report${batch.games === 0 ? ', none left' : ''}`);
            archivedSince = 0;
            archiveLoggedAt = Date.now();
          }
          return batch.games > 0;
        },
        nextDueAt: () => nextArchiveAt(ctx.db, settings.archive.afterMs),
        onError: onError('archive pass'),
      })
    : null;
  // Outbox rows (webhook deliveries and notifications) are written together: one wake-up for all.
  const wake: Wake = {
    gameDue: (at) => games.wakeAt(at),
    deliveriesDue: () => {
      deliveries.wakeOne();
      mails?.wakeOne();
      pushes?.wakeOne();
    },
  };
  let listener: Listener | null = null;
  return {
    async start() {
      signal.attach(wake);
      listener = listen(settings.databaseUrl, signal.instance, wake, ctx.log);
      games.start();
      deliveries.start();
      mails?.start();
      pushes?.start();
      archive?.start();
      await listener.ready;
    },
    async stop() {
      signal.attach(null);
      await Promise.all([games.stop(), deliveries.stop(), mails?.stop(), pushes?.stop(), archive?.stop(), listener?.close()]);
    },
  };
}
