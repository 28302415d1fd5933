import { ServiceError } from '../errors.js';

/** Seconds a refused request should wait before trying again: one game's writes take milliseconds each. */
export const GAME_BUSY_RETRY_AFTER_SECONDS = 1;

export const gameBusy = () => new ServiceError(409, 'GAME_BUSY',
  'Too many requests are waiting to change this game right now; nothing was changed. Reload it and try again shortly.',
  { retryAfterSeconds: GAME_BUSY_RETRY_AFTER_SECONDS });

/**
 * This process's queue for each game's row lock (store/games.ts#withGameLock). One writer per game
 * holds a pooled connection at a time and at most `waiters` more wait here, holding none; the rest
 * are refused at once with GAME_BUSY. So one game's crowd (a client retrying with fresh
 * Idempotency-Keys, N tabs) never holds more than one connection of the pool, and never makes its
 * own members wait longer than a few writes. Other processes' writers of the game still meet at the
 * row lock, where the connections' lock_timeout bounds their wait (DATABASE_LOCK_TIMEOUT_MS).
 */
export class GameLockGate {
  private readonly queues = new Map<string, (() => void)[]>();

  constructor(private readonly waiters: number) {}

  /** Runs `work` once this process's earlier writers of `gameId` are done; throws GAME_BUSY when too many wait already. */
  async run<T>(gameId: string, work: () => Promise<T>): Promise<T> {
    const queue = this.queues.get(gameId);
    if (!queue) this.queues.set(gameId, []);
    else if (queue.length >= this.waiters) throw gameBusy();
    else await new Promise<void>((turn) => queue.push(turn));
    try {
      return await work();
    } finally {
      this.next(gameId);
    }
  }

  private next(gameId: string): void {
    const queue = this.queues.get(gameId)!;
    const turn = queue.shift();
    if (turn) turn();
    else this.queues.delete(gameId);
  }
}
