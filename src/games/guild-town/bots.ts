import { openRng, seedRng } from '../../engine/rng.js';
import type { GuildTownAction } from './actions.js';
import { legalActions } from './legal.js';
import type { GuildTownState } from './state.js';

/** Preference of each action type for the greedy bot (higher first). */
const PRIORITY: Partial<Record<GuildTownAction['type'], number>> = {
  produceFinal: 9, produceHalf: 8, trade: 7, produceRaw: 6, craftPrivilege: 6, raise: 6, bankPrivilege: 5, buy: 5,
  buyHalf: 4, bankDraw: 4, send: 3, invest: 3, hall: 3, keep: 2, pay: 1, discard: 1, fold: 1, buildDone: 0, done: 0,
};

function score(action: GuildTownAction): number {
  let base = PRIORITY[action.type] ?? 0;
  // Never waste a product, prefer free ship spaces and the storehouse over bribes.
  if ((action.type === 'produceFinal' || action.type === 'produceHalf') && action.to.kind === 'lost') base -= 10;
  if ((action.type === 'produceFinal' || action.type === 'produceHalf') && action.to.kind === 'ship' && action.to.bribe !== undefined) base -= 1;
  if (action.type === 'produceRaw' && action.to.kind === 'slot') base += 1;
  if (action.type === 'send' && action.pay !== undefined) base -= 2;
  if (action.type === 'buyHalf' && action.card === undefined) base += 1;
  return base;
}

/** Greedy: produce whenever possible, build, then buy; ties broken by a seeded draw. */
export function greedyBot(state: GuildTownState, seat: number, seed: string): GuildTownAction {
  const legal = legalActions(state, seat);
  const best = Math.max(...legal.map(score));
  const top = legal.filter((action) => score(action) === best);
  return openRng(seedRng(seed)).pick(top);
}
