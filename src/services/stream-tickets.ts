import { createHash, randomBytes } from 'node:crypto';
import type { Principal } from '../auth/tokens.js';
import { ServiceError } from '../errors.js';
import { insertStreamTicket, takeStreamTicket } from '../store/changes.js';
import type { ServiceContext } from './context.js';

/**
 * Stream tickets: browsers' native EventSource cannot send an Authorization header, so a signed-in
 * client asks for a ticket and opens `GET /v1/me/events?ticket=…`. A ticket opens the stream once,
 * within STREAM_TICKET_TTL_MS, with the `read` scope only. Stored as its SHA-256 in PostgreSQL and
 * deleted when taken, so it works once whichever process the browser reaches. The stream it opens
 * follows the credential that asked for it: it ends when that API token is revoked or that login
 * token expires (services/stream-access.ts).
 */
export const STREAM_TICKET_TTL_MS = 60_000;

const hashOf = (ticket: string) => createHash('sha256').update(ticket).digest('hex');

export async function createStreamTicket(ctx: ServiceContext, principal: Principal): Promise<{ ticket: string; expiresAt: string }> {
  const ticket = `st_${randomBytes(24).toString('base64url')}`;
  const expiresAt = new Date(ctx.now().getTime() + STREAM_TICKET_TTL_MS);
  await insertStreamTicket(ctx.db, hashOf(ticket), principal.userId, expiresAt, {
    apiTokenId: principal.tokenId ?? null,
    credentialExpiresAt: principal.expiresAt === undefined ? null : new Date(principal.expiresAt),
  });
  return { ticket, expiresAt: expiresAt.toISOString() };
}

/** The principal a ticket stands for (read scope), taking the ticket; 401 INVALID_TICKET when unknown, used or expired. */
export async function redeemStreamTicket(ctx: ServiceContext, ticket: string): Promise<Principal> {
  const taken = await takeStreamTicket(ctx.db, hashOf(ticket));
  if (!taken || taken.expiresAt.getTime() <= ctx.now().getTime() || (await ctx.accounts.isDisabled(taken.userId))) {
    throw new ServiceError(401, 'INVALID_TICKET', 'The ticket is unknown, already used or expired: ask POST /v1/me/stream-tickets for a new one.');
  }
  return {
    userId: taken.userId, username: taken.username, role: taken.role, scopes: ['read'], via: 'login',
    ...(taken.apiTokenId ? { tokenId: taken.apiTokenId } : {}),
    ...(taken.credentialExpiresAt ? { expiresAt: taken.credentialExpiresAt.getTime() } : {}),
  };
}
