import { Worker } from 'node:worker_threads';
import type { BotInput } from '../engine/bots.js';
import type { ThinkReply, ThinkRequest } from './bot-worker.js';

/**
 * A small pool of worker threads where the search bots think (BOT_THREADS of them, each running
 * one choice at a time; the rest wait in order). A move's search takes its whole budget of CPU
 * (BOT_THINK_MS): on the main thread it would stall every request and every other game for that
 * long. The worker file is this module's sibling; under tsx (development, tests) it is TypeScript
 * and the thread loads tsx first.
 */
export interface BotPool {
  think(gameType: string, bot: string, input: BotInput): Promise<unknown>;
  /** Choices waiting for a thread or running. */
  pending(): number;
  close(): Promise<void>;
}

interface Job {
  request: ThinkRequest;
  resolve(action: unknown): void;
  reject(error: Error): void;
}

/** The event loop counts as busy from this share of its time (over the last tenth of a second). */
const BUSY_UTILIZATION = 0.5;

/**
 * `nice`: the threads' nice value (0 to 19; Linux only), so that their thinking yields the CPU to moves.
 * `busyShare`: the share of the time a thread thinks while this process's event loop is busy (1: always).
 */
export function createBotPool(threads: number, nice = 0, busyShare = 1): BotPool {
  const typescript = import.meta.url.endsWith('.ts');
  // One flag shared with the threads: 1 while the event loop is busy serving requests. Watched from the
  // first thread on, and only where threads hold back (busyShare < 1).
  const busy = new Int32Array(new SharedArrayBuffer(4));
  let monitor: ReturnType<typeof setInterval> | null = null;
  const watchEventLoop = () => {
    if (monitor || busyShare >= 1) return;
    let sampled = performance.eventLoopUtilization();
    monitor = setInterval(() => {
      const now = performance.eventLoopUtilization();
      const value = performance.eventLoopUtilization(now, sampled).utilization >= BUSY_UTILIZATION ? 1 : 0;
      sampled = now;
      if (Atomics.exchange(busy, 0, value) !== value && value === 0) Atomics.notify(busy, 0);
    }, 100);
    monitor.unref();
  };
  const workerData = { nice, busy, busyShare };
  const script = new URL(typescript ? './bot-worker.ts' : './bot-worker.js', import.meta.url);
  // TypeScript sources (tsx, vitest): the thread registers tsx's loader before it imports the worker.
  const start = (): Worker =>
    typescript
      ? new Worker(`import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(script.href)}); });`, { eval: true, workerData })
      : new Worker(script, { workerData });
  const idle: Worker[] = [];
  const running = new Map<Worker, Job>();
  const queue: Job[] = [];
  const all: Worker[] = [];
  let nextId = 1;
  let closed = false;

  const dispatch = () => {
    // Threads start on the first choices (an app that never meets a search bot never starts one).
    while (queue.length > idle.length && all.length < threads) all.push(spawn());
    while (idle.length > 0 && queue.length > 0) {
      const worker = idle.pop()!;
      const job = queue.shift()!;
      running.set(worker, job);
      worker.ref();
      worker.postMessage(job.request);
    }
  };
  const spawn = (): Worker => {
    watchEventLoop();
    const worker = start();
    // An idle thread does not keep the process alive; a running choice does.
    worker.unref();
    worker.on('message', (reply: ThinkReply) => {
      const job = running.get(worker);
      running.delete(worker);
      worker.unref();
      idle.push(worker);
      if (job) 'error' in reply ? job.reject(new Error(`bot thread: ${reply.error}`)) : job.resolve(reply.action);
      dispatch();
    });
    worker.on('error', (error) => {
      const job = running.get(worker);
      running.delete(worker);
      job?.reject(error);
      all.splice(all.indexOf(worker), 1);
      if (!closed) {
        all.push(spawn());
        dispatch();
      }
    });
    idle.push(worker);
    return worker;
  };
  return {
    think(gameType, bot, input) {
      if (closed) return Promise.reject(new Error('the bot pool is closed'));
      return new Promise((resolve, reject) => {
        queue.push({ request: { id: nextId++, gameType, bot, input }, resolve, reject });
        dispatch();
      });
    },
    pending: () => queue.length + running.size,
    async close() {
      closed = true;
      if (monitor) clearInterval(monitor);
      for (const job of queue.splice(0)) job.reject(new Error('the bot pool is closed'));
      await Promise.all(all.map((worker) => worker.terminate()));
    },
  };
}
