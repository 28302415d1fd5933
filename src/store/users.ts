import { Prisma, type Db } from './db.js';
import type { Role } from '../auth/tokens.js';
import { usernameLockSql } from './account-care.js';

export interface UserRecord {
  id: string;
  username: string;
  passwordHash: string;
  role: Role;
  createdAt: Date;
  /** Disabled by an admin (services/admin-moderation.ts). */
  disabledAt: Date | null;
  /** Raised to end every login token issued before (services/account-care.ts). */
  tokenGeneration: number;
  /** Deleted by its owner: a tombstone. */
  deletedAt: Date | null;
  /** The account's language ('en', 'de', 'pseudo'), or null. */
  language: string | null;
}

/**
 * Null when the username is taken, or retired by a deleted account (the unique index decides, so
 * concurrent registrations are safe; the name's advisory lock, which a deletion takes too, orders
 * a registration after a deletion retiring the same name, so it then sees it retired).
 */
export async function insertUser(db: Db, data: { username: string; passwordHash: string; role: Role; language?: string | null }): Promise<UserRecord | null> {
  try {
    return await db.$transaction(async (tx) => {
      await tx.$executeRawUnsafe(usernameLockSql, data.username);
      if (await tx.retiredUsername.findUnique({ where: { username: data.username }, select: { username: true } })) return null;
      return tx.user.create({ data });
    });
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') return null;
    throw error;
  }
}

export const findUserByUsername = (db: Db, username: string): Promise<UserRecord | null> => db.user.findUnique({ where: { username } });
export const findUserById = (db: Db, id: string): Promise<UserRecord | null> => db.user.findUnique({ where: { id } });

/** Creates the admin account, or makes sure an existing account of that name is admin with that password. */
export async function upsertAdmin(db: Db, username: string, passwordHash: string): Promise<void> {
  await db.user.upsert({ where: { username }, create: { username, passwordHash, role: 'admin' }, update: { passwordHash, role: 'admin' } });
}
