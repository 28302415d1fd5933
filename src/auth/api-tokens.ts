import { createHash, randomBytes } from 'node:crypto';

/**
 * Personal API tokens: `bgs_` and 32 random bytes. Only their sha256 is stored, so a leaked
 * database does not leak usable tokens; a token is shown once, when it is created.
 */
export const API_TOKEN_PREFIX = 'bgs_';

export function newApiToken(): { token: string; hash: string } {
  const token = API_TOKEN_PREFIX + randomBytes(32).toString('base64url');
  return { token, hash: hashApiToken(token) };
}

export const hashApiToken = (token: string) => createHash('sha256').update(token).digest('hex');
export const looksLikeApiToken = (token: string) => token.startsWith(API_TOKEN_PREFIX);
