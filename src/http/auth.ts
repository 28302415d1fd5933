import type { FastifyRequest } from 'fastify';
import type { Access } from '../auth/scopes.js';
import type { Principal } from '../auth/tokens.js';
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
    /** Who may call this route: its entry in auth/scopes.ts (set when the route is added, app.ts). */
    access?: Access;
  }
}

/** A login token, not a personal API token: account care (a leaked API token must not change the password, delete or export the account). */
export function requireLoginToken(principal: Principal): Principal {
  if (principal.via !== 'login') throw forbidden('LOGIN_REQUIRED', 'This needs your login, not a personal API token.');
  return principal;
}

/**
 * The signed-in caller. Its scope (and admin role) was checked before the handler ran, by the
 * route's entry in auth/scopes.ts: handlers name no scope of their own.
 */
export function requireUser(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthenticated();
  return request.principal;
}

/** The caller, if signed in (operations open to spectators; the scope was checked as above). */
export const optionalUser = (request: FastifyRequest): Principal | null => request.principal;
