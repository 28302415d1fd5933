import type { Scope } from '../auth/tokens.js';
import type { Db, Prisma } from './db.js';
import { isUuid } from './ids.js';

export interface ApiTokenRecord {
  id: string;
  name: string;
  scopes: Scope[];
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

const select = { id: true, name: true, scopes: true, createdAt: true, lastUsedAt: true, revokedAt: true } as const;
const toRecord = (row: { scopes: string[] } & Omit<ApiTokenRecord, 'scopes'>): ApiTokenRecord => ({ ...row, scopes: row.scopes as Scope[] });

export async function insertApiToken(db: Prisma.TransactionClient, data: { userId: string; name: string; tokenHash: string; scopes: Scope[] }): Promise<ApiTokenRecord> {
  return toRecord(await db.apiToken.create({ data, select }));
}

/** Live (unrevoked) tokens of an account: what the token quota counts. */
export const countLiveApiTokens = (db: Prisma.TransactionClient, userId: string): Promise<number> => db.apiToken.count({ where: { userId, revokedAt: null } });

export async function listApiTokens(db: Db, userId: string): Promise<ApiTokenRecord[]> {
  return (await db.apiToken.findMany({ where: { userId }, select, orderBy: { createdAt: 'desc' } })).map(toRecord);
}

/**
 * True if a live token of this user was revoked now. The same transaction NOTIFYs `channel`, so
 * every process ends the live streams opened with the token when it commits (auth/disabled-accounts.ts).
 */
export async function revokeApiToken(db: Db, userId: string, id: string, channel: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  return db.$transaction(async (tx) => {
    const { count } = await tx.apiToken.updateMany({ where: { id, userId, revokedAt: null }, data: { revokedAt: new Date() } });
    if (count > 0) await tx.$executeRaw`SELECT pg_notify(${channel}, ${JSON.stringify({ tokenId: id, revoked: true })})`;
    return count > 0;
  });
}

/** The ids of every revoked token (a process's list of them, reread when its LISTEN reconnects). */
export async function revokedApiTokenIds(db: Db): Promise<string[]> {
  return (await db.apiToken.findMany({ where: { revokedAt: { not: null } }, select: { id: true } })).map((row) => row.id);
}

export async function isApiTokenRevoked(db: Db, id: string): Promise<boolean> {
  return (await db.apiToken.findUnique({ where: { id }, select: { revokedAt: true } }))?.revokedAt != null;
}

export async function findLiveApiToken(db: Db, tokenHash: string) {
  const row = await db.apiToken.findUnique({ where: { tokenHash }, include: { user: { select: { id: true, username: true, role: true } } } });
  if (!row || row.revokedAt !== null) return null;
  // Recorded for the owner's overview; at most once a minute per token.
  if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > 60_000) {
    await db.apiToken.update({ where: { id: row.id }, data: { lastUsedAt: new Date() } });
  }
  return { id: row.id, scopes: row.scopes as Scope[], user: row.user };
}
