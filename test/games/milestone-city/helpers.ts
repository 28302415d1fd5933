import { expect } from 'vitest';
import { isRuleError } from '../../../src/engine/types.js';
import { milestoneCityGame as game, type MilestoneCityAction, type MilestoneCityState } from '../../../src/games/milestone-city/index.js';

export { game };

/** Piece indices in the 3 × 2 layout. */
export const A = 0;
export const B = 1;
export const C = 2;
export const D = 3;

/** A one-player game in its turn phase with the given pieces face up (default: A only); first edition, whose numbers the unit tests use. */
export function turnState(patch: Partial<MilestoneCityState> = {}, faceUp: number[] = [A]): MilestoneCityState {
  const state = game.setup({ seats: 1, options: { milestones: 4 }, seed: 'unit', rulesVersion: 1 });
  return { ...state, phase: 'turn', faceUp: state.faceUp.map((_, p) => faceUp.includes(p)), ...patch };
}

export function ok(state: MilestoneCityState, seat: number, action: MilestoneCityAction): MilestoneCityState {
  const result = game.apply(state, seat, action);
  if (isRuleError(result)) throw new Error(`${JSON.stringify(action)} refused: ${result.code} ${result.message}`);
  return result.state;
}

export function refused(state: MilestoneCityState, seat: number, action: MilestoneCityAction, code: string): void {
  const result = game.apply(state, seat, action);
  expect(isRuleError(result) ? result.code : 'APPLIED').toBe(code);
}

/** Put `card` in the active seat's hand and run every step up to the final placement. */
export function prepare(state: MilestoneCityState, card: string, tile: string | null, orientation: number): MilestoneCityState {
  const seat = state.active;
  const hands = state.hands.map((hand, s) => (s === seat && !hand.includes(card) ? [...hand, card] : hand));
  let next = ok({ ...state, hands }, seat, { type: 'play', card });
  if (tile !== null) next = ok(next, seat, { type: 'chooseTile', tile });
  return ok(next, seat, { type: 'orient', orientation });
}

/** Build `card` with `tile` (null for the building's printed tile) turned `orientation`, top-left at (x, y). */
export function build(state: MilestoneCityState, card: string, tile: string | null, orientation: number, x: number, y: number): MilestoneCityState {
  return ok(prepare(state, card, tile, orientation), state.active, { type: 'place', x, y });
}

export const square = (x: number, y: number): number => y * 15 + x;
