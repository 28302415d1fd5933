import type { Db, Prisma } from './db.js';

type Tx = Prisma.TransactionClient;

/**
 * A per-account quota that holds under concurrency: the account's row is locked (FOR NO KEY UPDATE,
 * which leaves foreign-key checks of other writers alone), then the account's rows are counted in a
 * NEW statement (one that waited for the lock would have seen the rows as of before the wait), and
 * the insert runs in the same transaction. Two requests of one account take turns; other accounts
 * do not wait. Count-then-insert without the lock let a burst of 40 through a quota of 20.
 * `used` counts what the quota counts, `refuse` is the answer when it is reached.
 */
export async function withinAccountQuota<T>(
  db: Db,
  userId: string,
  quota: { limit: number; used: (tx: Tx) => Promise<number>; refuse: () => Error },
  insert: (tx: Tx) => Promise<T>,
): Promise<T> {
  return db.$transaction(
    async (tx) => {
      await tx.$queryRaw`SELECT 1 FROM users WHERE id = ${userId}::uuid FOR NO KEY UPDATE`;
      if ((await quota.used(tx)) >= quota.limit) throw quota.refuse();
      return insert(tx);
    },
    { maxWait: 20_000, timeout: 30_000 },
  );
}
