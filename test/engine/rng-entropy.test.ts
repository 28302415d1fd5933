import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { generator2Digest, generatorOf, openRng, seedRng } from '../../src/engine/rng.js';
import { newSeed, seedCommitment } from '../../src/services/fairness.js';

const deal = (seed: string) => openRng(seedRng(seed)).shuffle(Array.from({ length: 52 }, (_, i) => i));

/** Two seeds whose `key` (a 32-bit number) is equal, by the birthday search (deterministic). */
function collision(seedAt: (i: number) => string, key: (seed: string) => number): [string, string] {
  const seen = new Map<number, string>();
  for (let i = 0; i < 2_000_000; i++) {
    const seed = seedAt(i);
    const other = seen.get(key(seed));
    if (other !== undefined) return [other, seed];
    seen.set(key(seed), seed);
  }
  throw new Error('no collision found');
}

describe('seed entropy', () => {
  it('deals differently from two new seeds whose hashes agree in their first 32 bits', () => {
    const [a, b] = collision((i) => `g2:${i.toString(16).padStart(32, '0')}`, (seed) => generator2Digest(seed).readUInt32BE(0));
    expect(generator2Digest(a).subarray(0, 4)).toEqual(generator2Digest(b).subarray(0, 4));
    expect(seedRng(a)).not.toEqual(seedRng(b));
    expect(deal(a)).not.toEqual(deal(b));
  });

  it('shows why: two old seeds with the same 32-bit hash deal exactly alike (generator 1, kept for old games)', () => {
    const fnv = (seed: string) => {
      let hash = 0x811c9dc5;
      for (let i = 0; i < seed.length; i++) hash = Math.imul(hash ^ seed.charCodeAt(i), 0x01000193);
      return hash >>> 0;
    };
    const [a, b] = collision((i) => i.toString(16).padStart(32, '0'), fnv);
    expect(a).not.toBe(b);
    expect(deal(a)).toEqual(deal(b));
  });

  it('gives new games 128-bit seeds of generator 2 and old seeds generator 1', () => {
    const seed = newSeed();
    expect(seed).toMatch(/^g2:[0-9a-f]{32}$/);
    expect(generatorOf(seed)).toBe(2);
    expect(generatorOf('0123456789abcdef0123456789abcdef')).toBe(1);
  });

  it('publishes a commitment that says nothing about the generator state (a different hash input)', () => {
    const seed = newSeed();
    expect(seedCommitment(seed)).toBe(createHash('sha256').update(seed).digest('hex'));
    expect(seedCommitment(seed)).not.toBe(generator2Digest(seed).toString('hex'));
    const words = [0, 4, 8, 12].map((offset) => Buffer.from(seedCommitment(seed), 'hex').readInt32BE(offset));
    expect(seedRng(seed)).not.toEqual(expect.arrayContaining(words));
  });
});
