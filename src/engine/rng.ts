import { createHash } from 'node:crypto';
import { xoroshiro128plus, xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';
import { uniformInt } from 'pure-rand/distribution/uniformInt';

/**
 * Seeded randomness that lives in the game state. `RngState` is plain JSON (an array of
 * numbers), so it is stored with the state and a replay draws exactly the same numbers.
 *
 * Usage inside `apply` (never mutates the input state):
 *   const rng = openRng(state.rng);
 *   const deck = rng.shuffle(state.deck);
 *   return { state: { ...state, deck, rng: rng.state() }, log };
 */
export type RngState = number[];

/**
 * How a seed becomes the generator's starting state; the seed's own form names it, so a game's
 * seed records its generator for ever and old games keep dealing as they did (no column, no
 * rules version needed; a rules migration keeps the deal).
 * - Generator 1 (seeds without a prefix, every game created before 2026-11-23): FNV-1a over the seed
 *   to 32 bits. Only 2^32 deals are possible, so a player could search them offline for the one
 *   matching their own hand. Kept only so those games replay exactly.
 * - Generator 2 (seeds `g2:<hex>`): the full 128 bits of xoroshiro128+ state come from SHA-256 of the
 *   seed under a domain prefix. The prefix matters: the published commitment is SHA-256 of the bare
 *   seed (fairness.ts), which must say nothing about the generator's state.
 */
export const GENERATOR_PREFIX = 'g2:';
const GENERATOR2_DOMAIN = 'boardgame-server/rng/v2\n';

/** FNV-1a over the seed string: any string seed maps to a 32-bit integer seed (generator 1). */
function hashSeed(seed: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) {
    hash ^= seed.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash | 0;
}

/** The generator a seed uses: 2 for `g2:` seeds, else 1. */
export function generatorOf(seed: string): 1 | 2 {
  return seed.startsWith(GENERATOR_PREFIX) ? 2 : 1;
}

/** The hash generator 2 takes its state from (exported for the entropy test). */
export function generator2Digest(seed: string): Buffer {
  return createHash('sha256').update(GENERATOR2_DOMAIN + seed).digest();
}

export function seedRng(seed: string): RngState {
  if (generatorOf(seed) === 1) return [...xoroshiro128plus(hashSeed(seed)).getState()];
  const digest = generator2Digest(seed);
  const words: number[] = [0, 4, 8, 12].map((offset) => digest.readInt32BE(offset));
  // xoroshiro's one forbidden state is all zeros (a 2^-128 chance): nudge it rather than fail.
  if (!words.some((word) => word !== 0)) words[3] = 1;
  return [...xoroshiro128plusFromState(words).getState()];
}

export interface Rng {
  /** Uniform integer in [min, max], both included. */
  int(min: number, max: number): number;
  /** A shuffled copy (Fisher–Yates); the input array is left alone. */
  shuffle<T>(items: readonly T[]): T[];
  /** One element chosen uniformly; the array must not be empty. */
  pick<T>(items: readonly T[]): T;
  /** The RNG state after the draws made so far, to store back into the game state. */
  state(): RngState;
}

/** A local generator continuing from `state`. Drawing from it never changes `state` itself. */
export function openRng(state: RngState): Rng {
  return new LocalRng(xoroshiro128plusFromState(state));
}

/** A class, not an object of closures: searches open an RNG per rollout, and closures cost an allocation each. */
class LocalRng implements Rng {
  constructor(private readonly generator: ReturnType<typeof xoroshiro128plusFromState>) {}

  int(min: number, max: number): number {
    return uniformInt(this.generator, min, max);
  }

  shuffle<T>(items: readonly T[]): T[] {
    const copy = items.slice();
    for (let i = copy.length - 1; i > 0; i--) {
      const j = this.int(0, i);
      [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
    }
    return copy;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[this.int(0, items.length - 1)] as T;
  }

  state(): RngState {
    return [...this.generator.getState()];
  }
}
