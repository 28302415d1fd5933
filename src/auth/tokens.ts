import { jwtVerify, SignJWT, errors } from 'jose';

/**
 * Login tokens: HS256 JWTs signed with JWT_SECRET. Verification pins the algorithm list (so
 * `alg: none` or an RS/HS confusion is refused), the issuer and the expiry.
 */
export type Role = 'player' | 'admin';
/**
 * What a credential allows: `read` games and logs, `play` (act, create, join…), `account` (what
 * redirects, silences or hands out the account's access: address, notifications, push, webhooks,
 * tokens), `admin` endpoints (admins only). Which operation needs which: auth/scopes.ts.
 */
export type Scope = 'read' | 'play' | 'account' | 'admin';
export const SCOPES: readonly Scope[] = ['read', 'play', 'account', 'admin'];

export interface Principal {
  userId: string;
  username: string;
  role: Role;
  /** A login token carries every scope its role allows; a personal API token only the ones chosen for it. */
  scopes: Scope[];
  via: 'login' | 'api-token';
  /** When the credential stops working (ms since the epoch): a login JWT's `exp`. Live streams end then (services/stream-access.ts). */
  expiresAt?: number;
  /** The personal API token's id (`via: 'api-token'`): live streams end when it is revoked. */
  tokenId?: string;
  /** A login token's `gen` claim: the account's token generation when it was issued (0 for tokens from before it existed). */
  generation?: number;
}

export const loginScopes = (role: Role): Scope[] => (role === 'admin' ? ['read', 'play', 'account', 'admin'] : ['read', 'play', 'account']);

export interface TokenService {
  /** `generation`: the account's token generation now (users.token_generation); a later one ends the token (auth/disabled-accounts.ts). */
  issue(principal: Pick<Principal, 'userId' | 'username' | 'role'> & { generation?: number }): Promise<string>;
  /** The principal, or null for any invalid, expired, forged or malformed token. */
  verify(token: string): Promise<Principal | null>;
}

const ALGORITHM = 'HS256';
/** Verified login tokens kept per process (a bounded LRU), so a token's HMAC is checked once, not per request. */
const VERIFIED_CACHE_SIZE = 10_000;

export function createTokenService(secret: string, issuer: string, ttlSeconds: number): TokenService {
  const key = new TextEncoder().encode(secret);
  const verified = new Map<string, { principal: Principal; expiresAt: number }>();
  return {
    issue: (principal) =>
      new SignJWT({ username: principal.username, role: principal.role, gen: principal.generation ?? 0 })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(principal.userId)
        .setIssuer(issuer)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key),
    async verify(token) {
      // A login token's signature and expiry do not change, so a verified one is kept until its `exp`.
      // What ends it earlier is its account's token generation passing its `gen`, checked on every
      // request after this (services/api-tokens.ts#authenticate). API tokens never come here
      // (services/api-tokens.ts looks each one up, so revoking one works at once).
      const known = verified.get(token);
      if (known) {
        verified.delete(token);
        if (known.expiresAt > Date.now()) {
          verified.set(token, known);
          return known.principal;
        }
      }
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: [ALGORITHM], issuer, requiredClaims: ['sub', 'exp'] });
        const role = payload.role;
        const generation = payload.gen ?? 0;
        if (typeof payload.sub !== 'string' || typeof payload.username !== 'string' || (role !== 'player' && role !== 'admin') || !Number.isInteger(generation)) return null;
        const principal: Principal = { userId: payload.sub, username: payload.username, role, scopes: loginScopes(role), via: 'login', expiresAt: payload.exp! * 1000, generation: generation as number };
        verified.set(token, { principal, expiresAt: principal.expiresAt! });
        if (verified.size > VERIFIED_CACHE_SIZE) verified.delete(verified.keys().next().value!);
        return principal;
      } catch (error) {
        if (error instanceof errors.JOSEError || error instanceof TypeError) return null;
        throw error;
      }
    },
  };
}
