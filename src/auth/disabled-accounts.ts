import { accountStandings, standingOf } from '../store/admin.js';
import type { Db } from '../store/db.js';
import { listenChannel, type Listener } from '../store/listen.js';
import { isDatabaseUnavailable } from '../store/unavailable.js';

/**
 * Which accounts are disabled, and each account's login-token generation, known to every process
 * at once. A login JWT is stateless and a verified one is cached (auth/tokens.ts), so a disabled
 * account, or a login token older than its account's generation (a password change or reset, "log
 * out everywhere", a deletion: services/account-care.ts), is refused after the token check, on
 * every request: from a Set of disabled ids and a Map of generations above 0 that each process
 * keeps, read whole at start and after every reconnection of its LISTEN, and kept current by the
 * `account_status` NOTIFY that the changing transaction sends (delivered on commit, to every
 * process). While a process's LISTEN is down it cannot trust them and asks the database on every
 * request instead (when the database cannot be reached either, the last ones known answer).
 * The check costs a Set and a Map lookup (tens of nanoseconds) on the request path, the move included.
 */
export const ACCOUNT_STATUS_CHANNEL = 'account_status';

/** What the account_status NOTIFY carries: the account and what changed (either, or both). */
export interface AccountStatusChange {
  userId: string;
  disabled?: boolean;
  /** The account's token generation now (it only grows). */
  generation?: number;
}

export interface Standing {
  disabled: boolean;
  /** Login tokens with a lower `gen` are ended. */
  generation: number;
}

export interface AccountStatus {
  isDisabled(userId: string): boolean | Promise<boolean>;
  /** Disabled, and the token generation: one lookup for the request path. */
  standing(userId: string): Standing | Promise<Standing>;
  /** This process changed it (the others hear it from the NOTIFY of the same transaction). */
  changed(change: AccountStatusChange): void;
}

export interface AccountStatusService extends AccountStatus {
  /** Resolves once the Set is loaded and LISTEN is up (or the first attempt failed: then the database is asked). */
  start(): Promise<void>;
  close(): Promise<void>;
}

export function createAccountStatus(db: Db, databaseUrl: string, log: { warn(message: string): void }): AccountStatusService {
  let disabled = new Set<string>();
  let generations = new Map<string, number>();
  let trusted = false;
  /** Notifications heard while the Set is being (re)read: applied after it, in order. */
  let queued: AccountStatusChange[] | null = null;
  let listener: Listener | null = null;
  const apply = (change: AccountStatusChange) => {
    if (change.disabled === true) disabled.add(change.userId);
    if (change.disabled === false) disabled.delete(change.userId);
    // A generation only grows: a late or repeated notification never lowers it.
    if (change.generation !== undefined && change.generation > (generations.get(change.userId) ?? 0)) generations.set(change.userId, change.generation);
  };
  const known = (userId: string): Standing => ({ disabled: disabled.has(userId), generation: generations.get(userId) ?? 0 });
  const standing = (userId: string): Standing | Promise<Standing> => (trusted ? known(userId) : standingOf(db, userId).catch((error: unknown) => {
    // The database is down too (nobody can change an account now): the last state known answers, and the request meets the outage where it needs the database.
    if (isDatabaseUnavailable(error)) return known(userId);
    throw error;
  }));
  return {
    standing,
    isDisabled: (userId) => {
      const now = standing(userId);
      return now instanceof Promise ? now.then((value) => value.disabled) : now.disabled;
    },
    changed: apply,
    async start() {
      listener = listenChannel(databaseUrl, ACCOUNT_STATUS_CHANNEL, {
        onMessage(raw) {
          try {
            const change = JSON.parse(raw) as AccountStatusChange;
            if (typeof change.userId !== 'string' || (change.disabled !== undefined && typeof change.disabled !== 'boolean')
              || (change.generation !== undefined && !Number.isInteger(change.generation))) throw new Error('bad payload');
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
            const rows = await accountStandings(db);
            disabled = new Set(rows.filter((row) => row.disabled).map((row) => row.userId));
            generations = new Map(rows.filter((row) => row.generation > 0).map((row) => [row.userId, row.generation]));
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
