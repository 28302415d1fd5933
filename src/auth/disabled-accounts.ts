import { disabledUserIds, isUserDisabled } from '../store/admin.js';
import type { Db } from '../store/db.js';
import { listenChannel, type Listener } from '../store/listen.js';
import { isDatabaseUnavailable } from '../store/unavailable.js';

/**
 * Which accounts are disabled, known to every process at once. A login JWT is stateless and a
 * verified one is cached (auth/tokens.ts), so a disabled account is refused after the token
 * check, on every request: from a Set of disabled ids each process keeps, which is read whole at
 * start and after every reconnection of its LISTEN, and kept current by the `account_status`
 * NOTIFY that the disabling transaction sends (delivered on commit, to every process). While a
 * process's LISTEN is down it cannot trust its Set and asks the database on every request instead
 * (when the database cannot be reached either, the last Set known answers).
 * The check costs a Set lookup (a few tens of nanoseconds) on the request path, the move included.
 */
export const ACCOUNT_STATUS_CHANNEL = 'account_status';

export interface AccountStatus {
  isDisabled(userId: string): boolean | Promise<boolean>;
  /** This process changed it (the others hear it from the NOTIFY of the same transaction). */
  changed(userId: string, disabled: boolean): void;
}

export interface AccountStatusService extends AccountStatus {
  /** Resolves once the Set is loaded and LISTEN is up (or the first attempt failed: then the database is asked). */
  start(): Promise<void>;
  close(): Promise<void>;
}

export function createAccountStatus(db: Db, databaseUrl: string, log: { warn(message: string): void }): AccountStatusService {
  let disabled = new Set<string>();
  let trusted = false;
  /** Notifications heard while the Set is being (re)read: applied after it, in order. */
  let queued: { userId: string; disabled: boolean }[] | null = null;
  let listener: Listener | null = null;
  const apply = (change: { userId: string; disabled: boolean }) => (change.disabled ? disabled.add(change.userId) : disabled.delete(change.userId));
  return {
    isDisabled: (userId) => (trusted ? disabled.has(userId) : isUserDisabled(db, userId).catch((error: unknown) => {
      // The database is down too (nobody can disable anyone now): the last set known answers, and the request meets the outage where it needs the database.
      if (isDatabaseUnavailable(error)) return disabled.has(userId);
      throw error;
    })),
    changed: (userId, value) => void apply({ userId, disabled: value }),
    async start() {
      listener = listenChannel(databaseUrl, ACCOUNT_STATUS_CHANNEL, {
        onMessage(raw) {
          try {
            const change = JSON.parse(raw) as { userId: string; disabled: boolean };
            if (typeof change.userId !== 'string' || typeof change.disabled !== 'boolean') throw new Error('bad payload');
            if (queued) queued.push(change);
            else apply(change);
          } catch {
            log.warn(`ignored a malformed ${ACCOUNT_STATUS_CHANNEL} notification`);
          }
        },
        async onConnected() {
          // LISTEN is up before the read: a change committed after the read's snapshot is heard (queued), none is lost.
          queued = [];
          try {
            const fresh = new Set(await disabledUserIds(db));
            disabled = fresh;
            for (const change of queued) apply(change);
            trusted = true;
          } finally {
            queued = null;
          }
        },
        onLost() {
          trusted = false;
        },
      }, log, 'boardgame-server-accounts');
      await listener.ready;
    },
    async close() {
      trusted = false;
      await listener?.close();
    },
  };
}
