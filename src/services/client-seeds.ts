import { CLIENT_SEED_PATTERN, isClientSeed } from '../engine/deal.js';
import { badRequest, conflict } from '../errors.js';
import type { GameRecord, LockedGame } from '../store/games.js';

/**
 * Client seeds (docs/fairness.md): before the start each seated player may give a seed of their
 * own; the deal comes from the committed server seed and every seat's client seed together
 * (engine/deal.ts), so neither the server nor any player can choose it. A seat's seed can be
 * replaced until the start and goes when its player leaves. They are public: without the server
 * seed, which stays secret until the end, nobody learns anything of the deal from them.
 */

/** Checks a client seed given in a request (the route schemas check it too; GraphQL passes strings). */
export function checkClientSeed(value: string): string {
  if (!isClientSeed(value)) throw badRequest('VALIDATION_FAILED', `A client seed is 1 to 64 letters, digits or . _ ~ : - (pattern ${CLIENT_SEED_PATTERN}).`, { errors: [`clientSeed must match ${CLIENT_SEED_PATTERN}`] });
  return value;
}

/** Inside the game's lock: `seat` of the open `game` gives `clientSeed` (its previous one, if any, is replaced). */
export async function giveClientSeed(game: GameRecord, locked: LockedGame, seat: number, clientSeed: string): Promise<void> {
  if (game.status !== 'open') throw conflict('GAME_NOT_OPEN', 'Client seeds are given before the game starts; the deal is fixed now.');
  if (game.seedDerivation === 1) throw conflict('CLIENT_SEEDS_UNSUPPORTED', 'This game was created before client seeds existed: it deals from its server seed alone.');
  const seeds = game.clientSeeds?.slice() ?? game.seats.map(() => null);
  seeds[seat] = clientSeed;
  await locked.setClientSeeds(seeds);
}

/** Inside the game's lock: the seed of a seat its player leaves before the start goes with them. */
export async function dropClientSeed(game: GameRecord, locked: LockedGame, seat: number): Promise<void> {
  if (game.clientSeeds?.[seat] == null) return;
  await locked.setClientSeeds(game.clientSeeds.map((seed, index) => (index === seat ? null : seed)));
}

/** The client seeds by seat as every caller sees them (null: a game of derivation 1, which takes none). */
export const publicClientSeeds = (game: GameRecord): (string | null)[] | null =>
  game.seedDerivation === 1 ? null : game.clientSeeds ?? game.seats.map(() => null);
