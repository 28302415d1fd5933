import { seedRng, type Rng, type RngState } from './rng.js';

/**
 * Helpers for the games' `determinize` (a full state consistent with a seat's view, for search bots).
 */

/** A fresh RNG state for a dealt state, drawn from `rng` (so the game's later draws are as unknown as they are). */
export function forkRng(rng: Rng): RngState {
  return seedRng(`deal:${rng.int(0, 0x7fffffff)}:${rng.int(0, 0x7fffffff)}`);
}

/** `pool` without the first occurrence of each of `taken` (cards are multisets: ids may repeat). */
export function without<T>(pool: readonly T[], taken: Iterable<T>): T[] {
  const rest = pool.slice();
  for (const item of taken) {
    const at = rest.indexOf(item);
    if (at >= 0) rest.splice(at, 1);
  }
  return rest;
}
