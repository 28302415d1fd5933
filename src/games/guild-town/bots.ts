import type { Bot } from '../../engine/bots.js';
import { openRng, seedRng, type Rng } from '../../engine/rng.js';
import type { GuildTownAction } from './actions.js';
import type { GuildTownView } from './view.js';

/** Preference of each action type for the greedy bot (higher first). */
const PRIORITY: Partial<Record<GuildTownAction['type'], number>> = {
  produceFinal: 9, produceHalf: 8, trade: 7, produceRaw: 6, craftPrivilege: 6, raise: 6, bankPrivilege: 5, buy: 5,
  buyHalf: 4, bankDraw: 4, send: 3, invest: 3, hall: 3, keep: 2, pay: 1, discard: 1, fold: 1, buildDone: 0, done: 0,
};

export function score(action: GuildTownAction): number {
  let base = PRIORITY[action.type] ?? 0;
  // Never waste a product, prefer free ship spaces and the storehouse over bribes.
  if ((action.type === 'produceFinal' || action.type === 'produceHalf') && action.to.kind === 'lost') base -= 10;
  if ((action.type === 'produceFinal' || action.type === 'produceHalf') && action.to.kind === 'ship' && action.to.bribe !== undefined) base -= 1;
  if (action.type === 'produceRaw' && action.to.kind === 'slot') base += 1;
  if (action.type === 'send' && action.pay !== undefined) base -= 2;
  if (action.type === 'buyHalf' && action.card === undefined) base += 1;
  return base;
}

/** The greedy choice among `legal`: produce whenever possible, build, then buy; ties broken by `rng`. */
export function greedyChoice(legal: readonly GuildTownAction[], rng: Rng): GuildTownAction {
  const best = Math.max(...legal.map(score));
  return rng.pick(legal.filter((action) => score(action) === best));
}

/** Greedy: it needs only the legal actions (and a seed for its ties). */
export const greedyBot: Bot<GuildTownView, GuildTownAction> = ({ legal, seed }) => greedyChoice(legal, openRng(seedRng(seed)));
