import { ACCOUNT_STATUS_CHANNEL } from '../auth/disabled-accounts.js';
import { looksLikeApiToken, newApiToken, hashApiToken } from '../auth/api-tokens.js';
import { SCOPES, type Principal, type Scope } from '../auth/tokens.js';
import { badRequest, forbidden, notFound, ServiceError } from '../errors.js';
import { countLiveApiTokens, findLiveApiToken, insertApiToken, listApiTokens, revokeApiToken } from '../store/api-tokens.js';
import { withinAccountQuota } from '../store/quotas.js';
import type { ServiceContext } from './context.js';


/**
 * Resolves a bearer credential: a login JWT or a personal API token. Null when it is neither valid,
 * or a login token its account has ended since (a lower `gen` than the account's token generation:
 * password change or reset, "log out everywhere", deletion); 403 ACCOUNT_DISABLED when it is valid
 * but its account was disabled. Both are checked on every request, after the token: a Set and a Map
 * lookup (auth/disabled-accounts.ts).
 */
export async function authenticate(ctx: ServiceContext, bearer: string): Promise<Principal | null> {
  const principal = await credential(ctx, bearer);
  if (!principal) return null;
  // In-memory (no await: no extra turn of the event loop), a promise while the memory cannot be trusted.
  const known = ctx.accounts.standing(principal.userId);
  const standing = known instanceof Promise ? await known : known;
  if (principal.via === 'login' && (principal.generation ?? 0) < standing.generation) return null;
  if (standing.disabled) throw accountDisabled();
  return principal;
}

export const accountDisabled = () => forbidden('ACCOUNT_DISABLED', 'This account is disabled: it cannot log in and its tokens do not work. Ask an admin.');

async function credential(ctx: ServiceContext, bearer: string): Promise<Principal | null> {
  if (!looksLikeApiToken(bearer)) return ctx.tokens.verify(bearer);
  const found = await findLiveApiToken(ctx.db, hashApiToken(bearer));
  if (!found) return null;
  // An admin scope on a token whose owner is no longer admin gives nothing.
  const scopes = found.scopes.filter((scope) => scope !== 'admin' || found.user.role === 'admin');
  return { userId: found.user.id, username: found.user.username, role: found.user.role, scopes, via: 'api-token', tokenId: found.id };
}

/** Managing tokens needs the account's own login, not another token. */
function requireLogin(principal: Principal): void {
  if (principal.via !== 'login') throw forbidden('LOGIN_REQUIRED', 'API tokens are managed with a login token, not with another API token.');
}

export async function createApiToken(ctx: ServiceContext, principal: Principal, input: { name: string; scopes: Scope[] }) {
  requireLogin(principal);
  const scopes = [...new Set(input.scopes)];
  if (scopes.length === 0) throw badRequest('INVALID_SCOPES', `Give the token at least one scope: ${SCOPES.join(', ')}.`);
  if (scopes.includes('admin') && principal.role !== 'admin') throw forbidden('ADMIN_ONLY', 'Only admins can create tokens with the admin scope.');
  const { token, hash } = newApiToken();
  // Counted and inserted under the account's lock, so a burst cannot pass the quota together (store/quotas.ts).
  const quota = ctx.quotas.apiTokensPerAccount;
  const record = await withinAccountQuota(ctx.db, principal.userId, {
    limit: quota,
    used: (tx) => countLiveApiTokens(tx, principal.userId),
    refuse: () => new ServiceError(409, 'TOO_MANY_TOKENS', `An account can hold at most ${quota} live API tokens; revoke some first.`, { quota }),
  }, (tx) => insertApiToken(tx, { userId: principal.userId, name: input.name, tokenHash: hash, scopes }));
  return { ...publicToken(record), token };
}

const publicToken = (record: Awaited<ReturnType<typeof listApiTokens>>[number]) => ({
  id: record.id, name: record.name, scopes: record.scopes, createdAt: record.createdAt.toISOString(),
  lastUsedAt: record.lastUsedAt?.toISOString() ?? null, revokedAt: record.revokedAt?.toISOString() ?? null,
});

export async function apiTokens(ctx: ServiceContext, principal: Principal) {
  requireLogin(principal);
  return (await listApiTokens(ctx.db, principal.userId)).map(publicToken);
}

export async function revokeToken(ctx: ServiceContext, principal: Principal, id: string): Promise<void> {
  requireLogin(principal);
  if (!(await revokeApiToken(ctx.db, principal.userId, id, ACCOUNT_STATUS_CHANNEL))) throw notFound('Live API token');
  // Streams opened with it end now in this process; in the others when the NOTIFY of that commit reaches them.
  ctx.accounts.tokenRevoked(id);
}
