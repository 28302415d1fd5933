import { expect } from 'vitest';
import { isRuleError, type RuleError } from '../../../src/engine/types.js';
import { urbanizationGame } from '../../../src/games/urbanization/index.js';
import type { UrbanizationAction } from '../../../src/games/urbanization/actions.js';
import { setupState, type Factory, type UrbanizationState } from '../../../src/games/urbanization/state.js';

/** A game in action phase 1 of turn 1 with seat 0 to act; `owned` territories per seat (no price markers on them). */
export function actionState(seats: number, owned: number[][], inventions = false): UrbanizationState {
  const s = setupState(seats, { inventions });
  s.phase = 'actions';
  owned.forEach((ids, seat) => {
    for (const id of ids) {
      const t = s.territories[id]!;
      t.owner = seat;
      s.priceOutOfPlay += t.price;
      t.price = 0;
    }
  });
  return s;
}

export function apply(s: UrbanizationState, seat: number, action: UrbanizationAction): UrbanizationState {
  const result = urbanizationGame.apply(s, seat, action);
  if (isRuleError(result)) throw new Error(`${result.code}: ${result.message}`);
  return result.state;
}

export function applyAll(s: UrbanizationState, seat: number, actions: UrbanizationAction[]): UrbanizationState {
  return actions.reduce((state, action) => apply(state, seat, action), s);
}

export function refused(s: UrbanizationState, seat: number, action: UrbanizationAction): string {
  const result = urbanizationGame.apply(s, seat, action);
  expect(isRuleError(result)).toBe(true);
  return (result as RuleError).code;
}

/** Gives `seat` a factory of `cards` (the last is active) on ground 0 of `territory`. */
export function giveFactory(s: UrbanizationState, seat: number, territory: number, cards: number[]): Factory {
  s.territories[territory]!.grounds[0]!.building = 'factory';
  s.pool.factories -= 1;
  const f: Factory = { territory, ground: 0, cards, producedThisTurn: false, output: { white: 0, grey: 0, orange: 0 } };
  s.players[seat]!.factories.push(f);
  return f;
}
