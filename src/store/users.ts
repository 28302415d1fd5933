import { Prisma, type Db } from './db.js';
import type { Role } from '../auth/tokens.js';

export interface UserRecord {
  id: string;
  username: string;
  passwordHash: string;
  role: Role;
  createdAt: Date;
  /** Disabled by an admin (services/admin-moderation.ts). */
  disabledAt: Date | null;
}

/** Null when the username is taken (the unique index decides, so concurrent registrations are safe). */
export async function insertUser(db: Db, data: { username: string; passwordHash: string; role: Role }): Promise<UserRecord | null> {
  try {
    return await db.user.create({ data });
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
