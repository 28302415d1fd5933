import type { Bot } from '../../engine/bots.js';
import { openRng, seedRng, type Rng } from '../../engine/rng.js';
import type { UrbanizationAction } from './actions.js';
import type { UrbanizationView } from './view.js';

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

/** The greedy choice among `legal`: the best preference; ties broken by `rng`. */
export function greedyChoice(legal: readonly UrbanizationAction[], rng: Rng): UrbanizationAction {
  const best = Math.max(...legal.map((a) => PREFERENCE[a.type]));
  return rng.pick(legal.filter((a) => PREFERENCE[a.type] === best));
}

/** Greedy: it needs only the legal actions (and a seed for its ties). */
export const greedyBot: Bot<UrbanizationView, UrbanizationAction> = ({ legal, seed }) => greedyChoice(legal, openRng(seedRng(seed)));
