import { openRng, seedRng } from './rng.js';
import type { AnyGameDefinition, Seat } from './types.js';

/** The bot every game has: a seeded uniform choice among the legal actions. */
export function randomBot(definition: AnyGameDefinition, state: unknown, seat: Seat, seed: string): unknown {
  const actions = definition.legalActions(state, seat);
  if (actions.length === 0) throw new Error(`${definition.id}: seat ${seat} has no legal action to choose from`);
  return openRng(seedRng(seed)).pick(actions);
}
