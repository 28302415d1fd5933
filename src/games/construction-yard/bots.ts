import type { Bot } from '../../engine/bots.js';
import { openRng, seedRng } from '../../engine/rng.js';
import type { Seat } from '../../engine/types.js';
import type { CYAction } from './actions.js';
import { CURRENCIES, buildingCard, moneyCard } from './data.js';
import { legalActions, moneyTakes } from './legal.js';
import { determinize } from './determinize.js';
import type { CYState } from './state.js';
import type { CYView } from './view.js';

/** Smallest sum of a subset of `values` that reaches `price` (subset-sum over small integers). */
export function cheapestPayment(values: readonly number[], price: number): number | null {
  const limit = price + 9;
  let reachable = new Set<number>([0]);
  for (const value of values) {
    const next = new Set(reachable);
    for (const sum of reachable) if (sum + value <= limit) next.add(sum + value);
    reachable = next;
  }
  const sums = [...reachable].filter((sum) => sum >= price).sort((a, b) => a - b);
  return sums[0] ?? null;
}

function currencyValues(state: CYState, seat: Seat, slot: number): number[] {
  return state.hands[seat]!.map(moneyCard)
    .filter((card) => card.currency === CURRENCIES[slot])
    .map((card) => card.value);
}

/** The take with the highest total (ties: the first listed). */
export function bestTake(state: CYState): CYAction | null {
  let best: number[] | null = null;
  let bestTotal = -1;
  for (const slots of moneyTakes(state)) {
    const total = slots.reduce((sum, slot) => sum + moneyCard(state.moneyDisplay[slot]!).value, 0);
    if (total > bestTotal) [best, bestTotal] = [slots, total];
  }
  return best === null ? null : { type: 'takeMoney', slots: best };
}

/**
 * Greedy: buy a building it can pay exactly (the most valuable type first), else one it overpays by at
 * most 1, else take the most money. While paying it keeps to a cheapest payment.
 */
export function greedyBot(state: CYState, seat: Seat): CYAction {
  const legal = legalActions(state, seat);
  const pending = state.pending;
  if (pending) {
    const values = currencyValues(state, seat, pending.slot);
    const paid = pending.paid.reduce((sum, id) => sum + moneyCard(id).value, 0);
    const need = buildingCard(state.yard[pending.slot]!).price - paid;
    const target = cheapestPayment(values, need);
    // Pay a card that keeps the cheapest total reachable with the cards left.
    for (const value of [...new Set(values)].sort((a, b) => b - a)) {
      const rest = values.slice();
      rest.splice(rest.indexOf(value), 1);
      if (target !== null && (value >= need ? value === target : cheapestPayment(rest, need - value) === target - value)) return { type: 'pay', value };
    }
    return legal[0]!;
  }
  let choice: { slot: number; over: number; rank: number } | null = null;
  state.yard.forEach((building, slot) => {
    if (building === null || !legal.some((action) => action.type === 'buy' && action.slot === slot)) return;
    const card = buildingCard(building);
    const total = cheapestPayment(currencyValues(state, seat, slot), card.price);
    if (total === null) return;
    const over = total - card.price;
    if (over > 1) return;
    if (!choice || over < choice.over || (over === choice.over && card.price > choice.rank)) choice = { slot, over, rank: card.price };
  });
  const picked = choice as { slot: number } | null;
  if (picked) return { type: 'buy', slot: picked.slot };
  return bestTake(state) ?? legal[0]!;
}

/**
 * The greedy bot as a seat plays it: from the seat's view. Its rules read only the seat's own hand
 * and the table, so it runs on any state consistent with the view (the hidden cards dealt at random).
 */
export const greedy: Bot<CYView, CYAction> = ({ view, seat, seed, rules }) =>
  greedyBot(determinize(view, seat, openRng(seedRng(`${seed}/deal`)), rules), seat);
