import type { FastifyRequest } from 'fastify';
import type { Principal, Scope } from '../auth/tokens.js';
import { forbidden, ServiceError, unauthenticated } from '../errors.js';

/**
 * Reads `Authorization: Bearer <login JWT or personal API token>`. No header: null (anonymous).
 * A bad credential is always an error, never anonymous.
 */
export async function principalFromHeader(authenticate: (bearer: string) => Promise<Principal | null>, header: string | undefined): Promise<Principal | null> {
  if (header === undefined || header === '') return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match) throw new ServiceError(401, 'INVALID_TOKEN', 'The Authorization header must be "Bearer <token>".');
  const principal = await authenticate(match[1]!);
  if (!principal) throw new ServiceError(401, 'INVALID_TOKEN', 'The token is invalid, expired or revoked.');
  return principal;
}

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
  interface FastifyContextConfig {
    /** Only the account's login token may call this route, never a personal API token, whatever its scopes (account care). */
    loginOnly?: boolean;
  }
}

/** A login token, not a personal API token: account care (a leaked API token must not change the password, delete or export the account). */
export function requireLoginToken(principal: Principal): Principal {
  if (principal.via !== 'login') throw forbidden('LOGIN_REQUIRED', 'This needs your login, not a personal API token.');
  return principal;
}

/** The caller, who must be signed in with a credential that carries `scope`. */
export function requirePrincipal(principal: Principal | null, scope: Scope): Principal {
  if (!principal) throw unauthenticated();
  if (!principal.scopes.includes(scope)) throw forbidden('INSUFFICIENT_SCOPE', `This needs a token with the "${scope}" scope.`);
  return principal;
}

export const requireUser = (request: FastifyRequest, scope: Scope): Principal => requirePrincipal(request.principal, scope);

/** Optional sign-in (spectators welcome), but a signed-in caller still needs `read`. */
export function optionalUser(request: FastifyRequest): Principal | null {
  return request.principal ? requirePrincipal(request.principal, 'read') : null;
}

export const requireAdmin = (request: FastifyRequest): Principal => adminPrincipal(request.principal);

/** An admin account with a credential carrying the `admin` scope (REST and GraphQL alike). */
export function adminPrincipal(principal: Principal | null): Principal {
  if (principal && principal.role !== 'admin') throw forbidden('ADMIN_ONLY', 'This needs an admin account.');
  return requirePrincipal(principal, 'admin');
}
