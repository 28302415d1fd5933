import type { Seat } from '../../engine/types.js';
import type { CYAction } from './actions.js';
import { CURRENCIES, TAKE_LIMIT, moneyCard } from './data.js';
import { canBuy, canTakeMoney } from './rules.js';
import type { CYState } from './state.js';

/** Every way to take money: any one card, or any several totalling at most five. */
export function moneyTakes(state: CYState): number[][] {
  const takes: number[][] = [];
  const size = state.moneyDisplay.length;
  const values = state.moneyDisplay.map((id) => moneyCard(id).value);
  // Subsets in the order of their bit masks (slot 0 = lowest bit), slots ascending in each.
  for (let mask = 1; mask < 1 << size; mask++) {
    const slots: number[] = [];
    let total = 0;
    for (let slot = 0; slot < size; slot++) {
      if ((mask & (1 << slot)) === 0) continue;
      slots.push(slot);
      total += values[slot]!;
    }
    if (slots.length === 1 || total <= TAKE_LIMIT) takes.push(slots);
  }
  return takes;
}

export function legalActions(state: CYState, seat: Seat): CYAction[] {
  if (state.over || seat !== state.current) return [];
  const pending = state.pending;
  if (pending) {
    const currency = CURRENCIES[pending.slot]!;
    const values = [...new Set(state.hands[seat]!.map(moneyCard).filter((card) => card.currency === currency).map((card) => card.value))];
    return [...values.sort((a, b) => a - b).map((value): CYAction => ({ type: 'pay', value })), { type: 'cancel' }];
  }
  const actions: CYAction[] = moneyTakes(state).map((slots) => ({ type: 'takeMoney', slots }));
  state.yard.forEach((_, slot) => {
    if (!canBuy(state, seat, slot)) return;
    actions.push({ type: 'buy', slot });
    if (state.neutral) actions.push({ type: 'buy', slot, toNeutral: true });
  });
  if (actions.length === 0 && !canTakeMoney(state)) actions.push({ type: 'pass' });
  return actions;
}
