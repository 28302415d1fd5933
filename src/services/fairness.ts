import { randomBytes } from 'node:crypto';
import { seedCommitment } from '../engine/deal.js';
import { GENERATOR_PREFIX } from '../engine/rng.js';

/**
 * Provably fair dealing. Every game's seed is fixed at creation; from the start everybody sees its
 * commitment (SHA-256 of the seed, hex) and when the game is over the seed itself. Anyone can then
 * check the commitment and replay the whole game from its public record (GET /v1/games/:id/record,
 * scripts/verify-record.ts): nobody, the server included, can have changed the deal mid-game.
 * Before the end the seed must never leave the server except to admins.
 */

/** A fresh seed for a new game: 128 random bits, expanded by the newest generator (rng.ts). */
export function newSeed(): string {
  return GENERATOR_PREFIX + randomBytes(16).toString('hex');
}

export { seedCommitment };

/** The seed, revealed only once the game is over: finished, or aborted (null before). */
export function revealedSeed(game: { status: string; seed: string }): string | null {
  return game.status === 'finished' || game.status === 'aborted' ? game.seed : null;
}
