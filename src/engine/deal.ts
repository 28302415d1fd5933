import { createHash, createHmac } from 'node:crypto';
import type { SetupInput } from './types.js';

/**
 * Where a game's deal comes from (docs/fairness.md is the specification; keep the two in step).
 *
 * The server picks a seed when the game is created and publishes its commitment, SHA-256 of the
 * seed. Seated players may each contribute a client seed before the start. The seed `setup` gets
 * (the deal seed) is derived from both, by the game's seed derivation, fixed at creation:
 * - derivation 1 (games created before client seeds existed): the server seed itself;
 * - derivation 2: `g2:` + hex HMAC-SHA-256 keyed by the server seed over the domain line and the
 *   client seeds of the seats in seat order (JSON, null for a seat that gave none).
 * The server cannot steer the deal (its seed is committed before any client seed is known) and no
 * player can (the server seed stays secret until the end).
 */
export type SeedDerivation = 1 | 2;
/** What new games use. */
export const CURRENT_SEED_DERIVATION: SeedDerivation = 2;
export const SEED_DERIVATIONS: readonly SeedDerivation[] = [1, 2];
export const DEAL_DOMAIN = 'boardgame-server/deal/v2\n';

/** A client seed: 1 to 64 characters from a small, JSON-safe alphabet (no escaping, no ambiguity). */
export const CLIENT_SEED_PATTERN = '^[A-Za-z0-9._~:-]{1,64}$';
const clientSeedPattern = new RegExp(CLIENT_SEED_PATTERN);
export const isClientSeed = (value: unknown): value is string => typeof value === 'string' && clientSeedPattern.test(value);

/** The commitment published from creation: SHA-256 (hex) of the server seed's UTF-8 bytes. */
export function seedCommitment(seed: string): string {
  return createHash('sha256').update(seed).digest('hex');
}

export interface DealSeedInput {
  /** The server seed (the one committed to). */
  seed: string;
  /** 1 when absent (records and rows from before derivations existed). */
  seedDerivation?: number;
  /** Derivation 2: one entry per seat of the started game, in seat order. */
  clientSeeds?: readonly (string | null)[] | null;
}

/** The seed `setup` deals from. Throws on a derivation this build does not know (callers check first). */
export function dealSeed(input: DealSeedInput): string {
  const derivation = input.seedDerivation ?? 1;
  if (derivation === 1) return input.seed;
  if (derivation !== 2) throw new Error(`unknown seed derivation ${derivation}`);
  const clientSeeds = input.clientSeeds ?? [];
  const mac = createHmac('sha256', input.seed).update(DEAL_DOMAIN + JSON.stringify(clientSeeds)).digest('hex');
  return `g2:${mac}`;
}

/** The setup input of a stored or recorded game: the deal seed, not the server seed, goes to `setup`. */
export const setupInputOf = (
  game: { seatCount: number; options: unknown; rulesVersion: number } & DealSeedInput,
): SetupInput<unknown> => ({ seats: game.seatCount, options: game.options, seed: dealSeed(game), rulesVersion: game.rulesVersion });

/** The domain line of a bot's seed (docs/bots.md): keeps it unrelated to the deal seed and the generator. */
export const BOT_SEED_DOMAIN = 'boardgame-server/bot/v1\n';

/**
 * The seed of a bot's choice at game `version` in `seat`: `g2:` + hex HMAC-SHA-256 keyed by the
 * server seed over the domain line and `version/seat`. One-way: a bot (which sees this and its
 * seat's view, nothing else) learns nothing of the server seed, so it cannot rebuild the deal; the
 * server, holding the seed, reproduces every choice (replays, audits).
 */
export function botSeed(serverSeed: string, version: number, seat: number): string {
  return `g2:${createHmac('sha256', serverSeed).update(`${BOT_SEED_DOMAIN}${version}/${seat}`).digest('hex')}`;
}
