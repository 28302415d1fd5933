import { hashPassword, verifyPassword } from '../auth/passwords.js';
import { isLocale, LOCALES, negotiateLocale, type Locale } from '../shared/i18n/locales.js';
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
  /** The account's language (mails, pushes, pages), or null: the browser's languages decide. */
  language: Locale | null;
}

/** A stored language, as the API answers it (a value the site no longer speaks reads as none). */
export const accountLanguage = (value: string | null | undefined): Locale | null => (isLocale(value) ? value : null);

export const publicUser = (user: Pick<UserRecord, 'id' | 'username' | 'role' | 'createdAt' | 'language'>): PublicUser => ({ id: user.id, username: user.username, role: user.role, createdAt: user.createdAt.toISOString(), language: accountLanguage(user.language) });
// A login token carries the account's token generation: raising it ends the token (services/account-care.ts).
const principalOf = (user: UserRecord) => ({ userId: user.id, username: user.username, role: user.role, generation: user.tokenGeneration });

const USERNAME = /^[A-Za-z0-9_.-]{3,32}$/;

/**
 * A language as asked for (`PUT /v1/me/language`, `setLanguage`, registration): one the site speaks,
 * or null for none; anything else is refused (400 UNKNOWN_LANGUAGE) and changes nothing.
 */
export function checkLanguage(value: unknown): Locale | null {
  if (value === null) return null;
  if (isLocale(value)) return value;
  throw badRequest('UNKNOWN_LANGUAGE', `The language is one of ${LOCALES.map((locale) => `"${locale}"`).join(', ')} or null; ${JSON.stringify(String(value).slice(0, 32))} is none.`);
}

/**
 * The language of a new account: the one asked for; when none is given, the request's
 * Accept-Language if it names a language the site speaks (the pseudo-locale only by name), else none.
 */
export function registrationLanguage(asked: unknown, acceptLanguage: string | undefined): Locale | null {
  if (asked !== undefined) return checkLanguage(asked);
  if (!acceptLanguage) return null;
  const negotiated = negotiateLocale(acceptLanguage);
  // negotiateLocale answers English when nothing matches: English counts only when the header names it.
  const namesEnglish = acceptLanguage.split(',').some((range) => /^\s*en(-[^;]*)?\s*(;|$)/i.test(range) && !/;\s*q\s*=\s*0(\.0*)?\s*$/i.test(range));
  if (negotiated === 'en' && !namesEnglish) return null;
  return negotiated;
}

export async function register(ctx: ServiceContext, username: string, password: string, language: Locale | null = null): Promise<{ user: PublicUser; token: string }> {
  if (!USERNAME.test(username)) throw badRequest('INVALID_USERNAME', 'A username is 3 to 32 letters, digits, dots, dashes or underscores.');
  const user = await insertUser(ctx.db, { username, passwordHash: await hashPassword(checkPassword(password)), role: 'player', language });
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

/** Sets (or, with null, removes) the account's language; the same rules as registration's. */
export async function setLanguage(ctx: ServiceContext, principal: Principal, language: unknown): Promise<{ language: Locale | null }> {
  const chosen = checkLanguage(language);
  const updated = await ctx.db.user.updateMany({ where: { id: principal.userId, deletedAt: null }, data: { language: chosen } });
  if (updated.count === 0) throw notFound('User');
  return { language: chosen };
}

export async function ensureAdmin(ctx: ServiceContext, username: string, password: string): Promise<void> {
  await upsertAdmin(ctx.db, username, await hashPassword(password));
}
