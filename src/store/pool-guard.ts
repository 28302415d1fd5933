import { AsyncLocalStorage } from 'node:async_hooks';
import type pg from 'pg';

/**
 * The pool rule (docs/architecture.md): code that holds a pool connection (a transaction, a raw
 * client checkout) never asks the pool for another one. Once the waiters on a lock hold every
 * pooled connection, the lock's holder would wait for a connection only its own waiters can free:
 * the server stalls until a timeout turns it into 500s (issue 34: the keyed move looked its key up
 * again through the pool inside its transaction).
 *
 * With the guard on (DATABASE_POOL_GUARD, on in the tests that race a pool of 2) the code that holds
 * a connection runs marked (AsyncLocalStorage), and the pool's `connect` (which `pool.query` and
 * Prisma's adapter go through) refuses at once, naming the holder, instead of deadlocking later.
 */
const holder = new AsyncLocalStorage<string>();

export class PoolRuleViolation extends Error {
  override name = 'PoolRuleViolation';
}

/**
 * Every refusal the guard made in this process, newest last: a violation in background work (due
 * work, notifications) is only logged where it happens, so the tests read this list as well.
 */
export const poolRuleViolations: string[] = [];

/** Runs `work` as the holder of a pool connection (`what` names it in the guard's error). */
export const holdingConnection = <T>(what: string, work: () => T): T => holder.run(what, work);

/**
 * Runs `work` as code that holds no connection, whatever its caller holds: for work a transaction
 * only starts and never waits for (a bot's thought in a worker thread), whose callbacks would
 * otherwise run, long after the commit, still marked as the transaction's.
 */
export const detachedFromConnection = <T>(work: () => T): T => holder.exit(work);

/** Makes `pool` refuse a connection to code that holds one of its connections already. */
export function guardPool(pool: pg.Pool): void {
  const connect = pool.connect.bind(pool) as (callback?: (error: Error | undefined, client?: pg.PoolClient, done?: () => void) => void) => Promise<pg.PoolClient> | undefined;
  Object.assign(pool, {
    connect(callback?: (error: Error | undefined, client?: pg.PoolClient, done?: () => void) => void) {
      const holding = holder.getStore();
      if (holding === undefined) return connect(callback);
      const error = new PoolRuleViolation(`${holding} asked the pool for a second connection while holding one (see docs/architecture.md, the pool rule)`);
      poolRuleViolations.push(error.stack ?? error.message);
      if (callback) return void callback(error, undefined, () => {});
      return Promise.reject(error);
    },
  });
}

interface Transacting {
  $transaction: (...args: never[]) => unknown;
}

/** Marks the work of each interactive transaction of `client` (`$transaction(async (tx) => …)`) as holding its connection. */
export function guardTransactions(client: Transacting): void {
  const transaction = client.$transaction.bind(client) as (arg: unknown, options?: unknown) => unknown;
  Object.assign(client, {
    $transaction(arg: unknown, options?: unknown) {
      if (typeof arg !== 'function') return transaction(arg, options);
      // Named by where it was opened, so that a refusal says which transaction broke the rule.
      const openedAt = new Error().stack?.split('\n').slice(2).find((line) => !line.includes('node_modules'))?.trim() ?? 'an unknown place';
      return transaction((tx: unknown) => holdingConnection(`a transaction (opened ${openedAt})`, () => (arg as (tx: unknown) => unknown)(tx)), options);
    },
  });
}
