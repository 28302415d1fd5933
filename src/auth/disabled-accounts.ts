import { disabledUserIds, isUserDisabled } from '../store/admin.js';
import { isApiTokenRevoked, revokedApiTokenIds } from '../store/api-tokens.js';
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
 *
 * Revoked API tokens travel the same way (`{tokenId, revoked: true}` on the same channel, sent by the
 * revoking transaction): a request looks its API token up anyway, but a live stream opened with one
 * must end when it is revoked (services/stream-access.ts), without asking the database per event.
 * Streams `watch` the changes to end at once rather than at their next event.
 */
export const ACCOUNT_STATUS_CHANNEL = 'account_status';

/** A change heard (or made here): an account disabled or enabled, or an API token revoked. */
export type CredentialChange = { userId: string; disabled: boolean } | { tokenId: string; revoked: true };

export interface AccountStatus {
  isDisabled(userId: string): boolean | Promise<boolean>;
  /** This process changed it (the others hear it from the NOTIFY of the same transaction). */
  changed(userId: string, disabled: boolean): void;
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
  let revoked = new Set<string>();
  let trusted = false;
  /** Notifications heard while the Sets are being (re)read: applied after them, in order. */
  let queued: CredentialChange[] | null = null;
  let listener: Listener | null = null;
  const watchers = new Set<(change: CredentialChange) => void>();
  const apply = (change: CredentialChange) => {
    if ('tokenId' in change) revoked.add(change.tokenId);
    else if (change.disabled) disabled.add(change.userId);
    else disabled.delete(change.userId);
  };
  const tell = (change: CredentialChange) => {
    for (const watcher of watchers) watcher(change);
  };
  /** While LISTEN is down the database answers; when it cannot either, the last Set known does (nobody can disable or revoke anything now). */
  const ask = (known: Set<string>, id: string, read: () => Promise<boolean>) => (trusted ? known.has(id) : read().catch((error: unknown) => {
    if (isDatabaseUnavailable(error)) return known.has(id);
    throw error;
  }));
  return {
    isDisabled: (userId) => ask(disabled, userId, () => isUserDisabled(db, userId)),
    changed: (userId, value) => {
      apply({ userId, disabled: value });
      tell({ userId, disabled: value });
    },
    isTokenRevoked: (tokenId) => ask(revoked, tokenId, () => isApiTokenRevoked(db, tokenId)),
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
            const valid = 'tokenId' in change ? typeof change.tokenId === 'string' && change.revoked === true : typeof change.userId === 'string' && typeof change.disabled === 'boolean';
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
            const fresh = new Set(await disabledUserIds(db));
            revoked = new Set(await revokedApiTokenIds(db));
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
