import { hashPassword, verifyPassword } from '../auth/passwords.js';
import type { Principal } from '../auth/tokens.js';
import { badRequest, conflict, notFound, ServiceError } from '../errors.js';
import { findUserById, findUserByUsername, insertUser, upsertAdmin, type UserRecord } from '../store/users.js';
import { accountDisabled } from './api-tokens.js';
import type { ServiceContext } from './context.js';

export interface PublicUser {
  id: string;
  username: string;
  role: 'player' | 'admin';
  createdAt: string;
}

export const publicUser = (user: Pick<UserRecord, 'id' | 'username' | 'role' | 'createdAt'>): PublicUser => ({ id: user.id, username: user.username, role: user.role, createdAt: user.createdAt.toISOString() });
// A login token carries the account's token generation: raising it ends the token (services/account-care.ts).
const principalOf = (user: UserRecord) => ({ userId: user.id, username: user.username, role: user.role, generation: user.tokenGeneration });

const USERNAME = /^[A-Za-z0-9_.-]{3,32}$/;

export async function register(ctx: ServiceContext, username: string, password: string): Promise<{ user: PublicUser; token: string }> {
  if (!USERNAME.test(username)) throw badRequest('INVALID_USERNAME', 'A username is 3 to 32 letters, digits, dots, dashes or underscores.');
  const user = await insertUser(ctx.db, { username, passwordHash: await hashPassword(checkPassword(password)), role: 'player' });
  // Taken, or retired by a deleted account (names are never given again): the same answer.
  if (!user) throw conflict('USERNAME_TAKEN', `The username "${username}" is already taken.`);
  return { user: publicUser(user), token: await ctx.tokens.issue(principalOf(user)) };
}

/** A new password: 8 to 200 characters. */
export function checkPassword(password: unknown): string {
  if (typeof password !== 'string' || password.length < 8 || password.length > 200) throw badRequest('WEAK_PASSWORD', 'A password is 8 to 200 characters long.');
  return password;
}

// A hash to compare against when the user does not exist, so the response time does not tell.
const decoyHash = hashPassword('decoy password for unknown users');

export async function login(ctx: ServiceContext, username: string, password: string): Promise<{ token: string; user: PublicUser }> {
  const found = await findUserByUsername(ctx.db, username);
  // A deleted account's tombstone has no password: the decoy keeps its answer's timing like an unknown name's.
  const user = found?.deletedAt ? null : found;
  const valid = await verifyPassword(password, user?.passwordHash ?? (await decoyHash));
  if (!user || !valid) throw new ServiceError(401, 'INVALID_CREDENTIALS', 'Unknown username or wrong password.');
  // Said only to whoever knows the password.
  if (user.disabledAt !== null) throw accountDisabled();
  return { token: await ctx.tokens.issue(principalOf(user)), user: publicUser(user) };
}

export async function me(ctx: ServiceContext, principal: Principal): Promise<PublicUser> {
  const user = await findUserById(ctx.db, principal.userId);
  if (!user) throw notFound('User');
  return publicUser(user);
}

export async function ensureAdmin(ctx: ServiceContext, username: string, password: string): Promise<void> {
  await upsertAdmin(ctx.db, username, await hashPassword(password));
}
