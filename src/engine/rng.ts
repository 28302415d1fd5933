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

/** FNV-1a over the seed string: any string seed maps to a 32-bit integer seed. */
function hashSeed(seed: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) {
    hash ^= seed.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash | 0;
}

export function seedRng(seed: string): RngState {
  return [...xoroshiro128plus(hashSeed(seed)).getState()];
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
  const generator = xoroshiro128plusFromState(state);
  const int = (min: number, max: number): number => uniformInt(generator, min, max);
  return {
    int,
    shuffle<T>(items: readonly T[]): T[] {
      const copy = items.slice();
      for (let i = copy.length - 1; i > 0; i--) {
        const j = int(0, i);
        [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
      }
      return copy;
    },
    pick<T>(items: readonly T[]): T {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[int(0, items.length - 1)] as T;
    },
    state: () => [...generator.getState()],
  };
}
