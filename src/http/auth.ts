import type { FastifyRequest } from 'fastify';
import type { Principal, TokenService } from '../auth/tokens.js';
import { forbidden, ServiceError, unauthenticated } from '../errors.js';

/** Reads `Authorization: Bearer <jwt>`. No header: null. A bad token is always an error, never anonymous. */
export async function principalFromHeader(tokens: TokenService, header: string | undefined): Promise<Principal | null> {
  if (header === undefined || header === '') return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match) throw new ServiceError(401, 'INVALID_TOKEN', 'The Authorization header must be "Bearer <token>".');
  const principal = await tokens.verify(match[1]!);
  if (!principal) throw new ServiceError(401, 'INVALID_TOKEN', 'The token is invalid or expired; log in again.');
  return principal;
}

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
}

export function requireUser(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthenticated();
  return request.principal;
}

export function requireAdmin(request: FastifyRequest): Principal {
  const principal = requireUser(request);
  if (principal.role !== 'admin') throw forbidden('ADMIN_ONLY', 'This needs an admin account.');
  return principal;
}
