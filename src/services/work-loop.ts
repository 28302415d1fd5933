/**
 * `slots` loops that each take one item of work at a time (`workOnce` → true when it did one). An
 * idle loop sleeps until the next item is due (`nextDueAt`), a wake-up (a NOTIFY, a local commit)
 * or `pollMs` at the latest (the safety net for a lost signal). A loop that finds work wakes one more
 * idle loop, so a burst spreads over every slot without all of them polling for a single item.
 *
 * Written here rather than taken from a queue library: the items are rows the move's own transaction
 * writes (games.due_at, the webhook outbox), which pg-boss and its peers cannot claim for us.
 */
export interface WorkLoopOptions {
  name: string;
  slots: number;
  pollMs: number;
  workOnce(): Promise<boolean>;
  nextDueAt(): Promise<Date | null>;
  onError(error: unknown): void;
  /**
   * The share of the time (0 < share ≤ 1, default 1) a slot may work while work is waiting: after an
   * item that took t ms it rests t × (1/share − 1) ms, whatever wakes it (stop ends the rest). For
   * work that may be done later (the archive pass's backlog), so that it leaves the machine to moves.
   */
  busyShare?: number;
}

/** Whoever found the only due row locked by another worker waits this long before looking again. */
const LOCKED_RETRY_MS = 100;

export class WorkLoop {
  private generation = 0;
  private waiters: (() => void)[] = [];
  private timer: NodeJS.Timeout | undefined;
  private timerAt = Infinity;
  private stopped = false;
  private running: Promise<void>[] = [];
  private rests = new Set<() => void>();

  constructor(private readonly options: WorkLoopOptions) {}

  start(): void {
    for (let slot = 0; slot < this.options.slots; slot++) this.running.push(this.slot());
  }

  /** Work is (or will be) due at `at` (epoch ms). */
  wakeAt(at: number): void {
    if (at <= Date.now()) this.wakeOne();
    else this.schedule(at);
  }

  wakeOne(): void {
    this.generation++;
    this.waiters.shift()?.();
  }

  /** Finishes (commits or rolls back) the items in flight, then returns. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    for (const wake of this.waiters.splice(0)) wake();
    for (const end of [...this.rests]) end();
    await Promise.all(this.running);
  }

  private schedule(at: number): void {
    if (this.stopped || at >= this.timerAt) return;
    clearTimeout(this.timer);
    this.timerAt = at;
    this.timer = setTimeout(() => {
      this.timerAt = Infinity;
      this.wakeOne();
    }, Math.max(0, at - Date.now()));
    this.timer.unref();
  }

  private async slot(): Promise<void> {
    while (!this.stopped) {
      const seen = this.generation;
      const started = Date.now();
      let worked: boolean;
      try {
        worked = await this.options.workOnce();
      } catch (error) {
        // The database is unreachable or similar: say so, and try again after a pause.
        this.options.onError(error);
        await this.sleep(seen, Date.now() + Math.min(this.options.pollMs, 1000));
        continue;
      }
      if (worked) {
        this.wakeOne();
        const share = this.options.busyShare ?? 1;
        if (share < 1) await this.rest((Date.now() - started) * (1 / share - 1));
      } else await this.idle(seen);
    }
  }

  private async idle(seen: number): Promise<void> {
    let next: Date | null = null;
    try {
      next = await this.options.nextDueAt();
    } catch (error) {
      this.options.onError(error);
    }
    const now = Date.now();
    // Due already but not claimable: another worker holds it (or the clocks differ a little).
    const at = next === null ? Infinity : Math.max(next.getTime(), now + (next.getTime() <= now ? LOCKED_RETRY_MS : 0));
    await this.sleep(seen, Math.min(at, now + this.options.pollMs));
  }

  /** `ms`, or until stop: no wake-up cuts it short. */
  private rest(ms: number): Promise<void> {
    if (this.stopped || ms <= 0) return Promise.resolve();
    return new Promise((resolve) => {
      const end = () => {
        clearTimeout(timer);
        this.rests.delete(end);
        resolve();
      };
      const timer = setTimeout(end, ms);
      this.rests.add(end);
    });
  }

  /** Until `until`, a wake-up since generation `seen`, or stop. */
  private async sleep(seen: number, until: number): Promise<void> {
    if (this.stopped || this.generation !== seen) return;
    const woken = new Promise<void>((resolve) => this.waiters.push(resolve));
    this.schedule(until);
    await woken;
  }
}
