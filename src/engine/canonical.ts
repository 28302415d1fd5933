import { createHash } from 'node:crypto';

/**
 * Canonical JSON: object keys sorted, `undefined` members dropped, as a JSON round trip would.
 * Two states are equal exactly when their canonical forms are; PostgreSQL's jsonb reorders keys,
 * so comparisons of stored and replayed states must go through this.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => (item === undefined ? null : sortKeys(item)));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      const member = (value as Record<string, unknown>)[key];
      if (member !== undefined) out[key] = sortKeys(member);
    }
    return out;
  }
  return value;
}

/** sha256 of the canonical JSON: a short fingerprint for fixtures and audits. */
export function stateHash(value: unknown): string {
  return createHash('sha256').update(canonicalJson(value)).digest('hex');
}

/**
 * A deep copy whose object keys come back in a different (reversed, sorted) order, like a state
 * loaded from jsonb. Property tests apply actions to such copies to prove no rule depends on key order.
 */
export function scrambledCopy<T>(value: T): T {
  return JSON.parse(JSON.stringify(value), (_key, member: unknown) => {
    if (member === null || typeof member !== 'object' || Array.isArray(member)) return member;
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(member).sort().reverse()) out[key] = (member as Record<string, unknown>)[key];
    return out;
  }) as T;
}
