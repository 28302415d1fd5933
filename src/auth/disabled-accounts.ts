import { accountStandings, standingOf } from '../store/admin.js';
import { isApiTokenRevoked, revokedApiTokenIds } from '../store/api-tokens.js';
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
 *
 * Revoked API tokens travel the same way (`{tokenId, revoked: true}` on the same channel, sent by the
 * revoking transaction): a request looks its API token up anyway, but a live stream opened with one
 * must end when it is revoked (services/stream-access.ts), without asking the database per event.
 * Streams `watch` the changes to end at once rather than at their next event.
 */
export const ACCOUNT_STATUS_CHANNEL = 'account_status';

/** What the account_status NOTIFY carries: the account and what changed (either, or both). */
export interface AccountStatusChange {
  userId: string;
  disabled?: boolean;
  /** The account's token generation now (it only grows). */
  generation?: number;
}

/** A change heard (or made here): an account's standing changed, or an API token was revoked. */
export type CredentialChange = AccountStatusChange | { tokenId: string; revoked: true };

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
  isTokenRevoked(tokenId: string): boolean | Promise<boolean>;
  /** This process revoked the token (the others hear it from the NOTIFY of the same transaction). */
  tokenRevoked(tokenId: string): void;
  /** Calls `listener` with every change from now on; returns the unsubscribe. */
  watch(listener: (change: CredentialChange) => void): () => void;
}

export interface AccountStatusService extends AccountStatus {
  /** Resolves once the Set is loaded and LISTEN is up (or the first attempt failed: then the database is asked). */
  start(): Promise<void>;
  close(): Promise<void>;
}

export function createAccountStatus(db: Db, databaseUrl: string, log: { warn(message: string): void }): AccountStatusService {
  let disabled = new Set<string>();
  let generations = new Map<string, number>();
  let revoked = new Set<string>();
  let trusted = false;
  /** Notifications heard while the Sets are being (re)read: applied after them, in order. */
  let queued: CredentialChange[] | null = null;
  let listener: Listener | null = null;
  const watchers = new Set<(change: CredentialChange) => void>();
  const apply = (change: CredentialChange) => {
    if ('tokenId' in change) return void revoked.add(change.tokenId);
    if (change.disabled === true) disabled.add(change.userId);
    if (change.disabled === false) disabled.delete(change.userId);
    // A generation only grows: a late or repeated notification never lowers it.
    if (change.generation !== undefined && change.generation > (generations.get(change.userId) ?? 0)) generations.set(change.userId, change.generation);
  };
  const tell = (change: CredentialChange) => {
    for (const watcher of watchers) watcher(change);
  };
  /** While LISTEN is down the database answers; when it cannot either, the last state known does (nobody can change an account now). */
  const ask = <T>(known: () => T, read: () => Promise<T>): T | Promise<T> => (trusted ? known() : read().catch((error: unknown) => {
    if (isDatabaseUnavailable(error)) return known();
    throw error;
  }));
  const standing = (userId: string): Standing | Promise<Standing> =>
    ask(() => ({ disabled: disabled.has(userId), generation: generations.get(userId) ?? 0 }), () => standingOf(db, userId));
  return {
    standing,
    isDisabled: (userId) => {
      const now = standing(userId);
      return now instanceof Promise ? now.then((value) => value.disabled) : now.disabled;
    },
    changed: (change) => {
      apply(change);
      tell(change);
    },
    isTokenRevoked: (tokenId) => ask(() => revoked.has(tokenId), () => isApiTokenRevoked(db, tokenId)),
    tokenRevoked: (tokenId) => {
      apply({ tokenId, revoked: true });
      tell({ tokenId, revoked: true });
    },
    watch(watcher) {
      watchers.add(watcher);
      return () => void watchers.delete(watcher);
    },
    async start() {
      listener = listenChannel(databaseUrl, ACCOUNT_STATUS_CHANNEL, {
        onMessage(raw) {
          try {
            const change = JSON.parse(raw) as CredentialChange;
            const valid = 'tokenId' in change ? typeof change.tokenId === 'string' && change.revoked === true
              : typeof change.userId === 'string' && (change.disabled === undefined || typeof change.disabled === 'boolean')
                && (change.generation === undefined || Number.isInteger(change.generation));
            if (!valid) throw new Error('bad payload');
            if (queued) queued.push(change);
            else apply(change);
            tell(change);
          } catch {
            log.warn(`ignored a malformed ${ACCOUNT_STATUS_CHANNEL} notification`);
          }
        },
        async onConnected() {
          // LISTEN is up before the read: a change committed after the read's snapshot is heard (queued), none is lost.
          queued = [];
          try {
            const rows = await accountStandings(db);
            const fresh = new Set(await revokedApiTokenIds(db));
            disabled = new Set(rows.filter((row) => row.disabled).map((row) => row.userId));
            generations = new Map(rows.filter((row) => row.generation > 0).map((row) => [row.userId, row.generation]));
            revoked = fresh;
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
