import { openRng, seedRng } from '../../engine/rng.js';
import type { UrbanizationAction } from './actions.js';
import { legalActionsOf } from './rules.js';
import type { UrbanizationState } from './state.js';

/** A rough preference per action type for the greedy bot: points and engines first, passing last. */
const PREFERENCE: Record<UrbanizationAction['type'], number> = {
  placeFactory: 100,
  attractIndustry: 90,
  produce: 85,
  produceUnion: 84,
  takeInvention: 80,
  erect: 70,
  takeOrders: 60,
  collectTaxes: 55,
  buyLand: 50,
  swapPrice: 50,
  sow: 45,
  sowFarmer: 45,
  buyGrain: 40,
  millWorker: 42,
  acquireInvention: 30,
  steamEngine: 20,
  hire: 20,
  place: 20,
  movePrice: 20,
  sellGrain: 5,
  done: 3,
  removeInventionMarker: 0,
  pass: 1,
};

/** Greedy: the legal action with the best preference; ties broken by a seeded random pick. */
export function greedyBot(state: UrbanizationState, seat: number, seed: string): UrbanizationAction {
  const legal = legalActionsOf(state, seat);
  const best = Math.max(...legal.map((a) => PREFERENCE[a.type]));
  const top = legal.filter((a) => PREFERENCE[a.type] === best);
  return openRng(seedRng(seed)).pick(top);
}
