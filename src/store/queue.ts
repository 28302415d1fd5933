import PgBoss from 'pg-boss';
import type { JobName, JobQueue } from '../services/context.js';

/**
 * The job queue: pg-boss on the game database (its own `pgboss` schema). Jobs survive restarts, and
 * with any number of server processes each job is fetched by exactly one worker (SKIP LOCKED).
 * Queues are "stately": at most one queued and one running job per singleton key, so sending the
 * same deadline or bot wake-up twice is harmless.
 */
export const QUEUES: readonly JobName[] = ['deadline', 'deadline-near', 'bots'];

export interface Queue extends JobQueue {
  work(name: JobName, handler: (data: Record<string, unknown>) => Promise<void>): Promise<void>;
  stop(): Promise<void>;
}

export async function startQueue(databaseUrl: string, onError: (error: Error) => void): Promise<Queue> {
  const boss = new PgBoss({ connectionString: databaseUrl, max: 4, application_name: 'boardgame-server-jobs' });
  boss.on('error', onError);
  await boss.start();
  for (const name of QUEUES) {
    if (await boss.getQueue(name)) continue;
    // Another process starting at the same moment may create it first.
    await boss.createQueue(name, { name, policy: 'stately', retryLimit: 3, retryDelay: 2 }).catch(async (error: unknown) => {
      if (!(await boss.getQueue(name))) throw error;
    });
  }
  return {
    async send(name, data, options = {}) {
      await boss.send(name, data, { startAfter: options.startAfter, singletonKey: options.singletonKey });
    },
    async work(name, handler) {
      await boss.work<Record<string, unknown>>(name, { batchSize: 1, pollingIntervalSeconds: 0.5 }, async (jobs) => {
        for (const job of jobs) await handler(job.data);
      });
    },
    async stop() {
      await boss.stop({ graceful: true, timeout: 5000, wait: true });
    },
  };
}
