import { expect } from 'vitest';
import { isRuleError, type LogEntry, type RuleError } from '../../../src/engine/types.js';
import { BUILDING_CARDS, type BuildingType } from '../../../src/games/construction-yard/data.js';
import { constructionYardGame, type CYAction } from '../../../src/games/construction-yard/index.js';
import type { CYState } from '../../../src/games/construction-yard/state.js';

export const game = constructionYardGame;

export function fresh(seats: number, seed = 'unit'): CYState {
  return game.setup({ seats, options: {}, seed });
}

/** Apply and expect success. */
export function play(state: CYState, seat: number, action: CYAction): { state: CYState; log: LogEntry[] } {
  const result = game.apply(state, seat, action);
  if (isRuleError(result)) throw new Error(`refused: ${result.code}: ${result.message}`);
  return result;
}

/** Apply and expect a refusal with this code. */
export function refuse(state: CYState, seat: number, action: CYAction, code: string): RuleError {
  const result = game.apply(state, seat, action);
  expect(isRuleError(result), JSON.stringify(action)).toBe(true);
  expect((result as RuleError).code).toBe(code);
  return result as RuleError;
}

/** The id of an unused building card of this type and price. */
export function building(type: BuildingType, price: number, except: readonly number[] = []): number {
  const card = BUILDING_CARDS.find((candidate) => candidate.type === type && candidate.price === price && !except.includes(candidate.id));
  if (!card) throw new Error(`no ${type} ${price}`);
  return card.id;
}

/**
 * Move money cards into a seat's hand (out of wherever they are) so a test controls the hand;
 * the card stays conserved. Returns a new state.
 */
export function giveHand(state: CYState, seat: number, ids: string[]): CYState {
  const strip = (list: string[]) => list.filter((id) => !ids.includes(id));
  const next: CYState = {
    ...state,
    hands: state.hands.map((hand) => strip(hand)),
    moneyDeck: strip(state.moneyDeck),
    moneyDisplay: strip(state.moneyDisplay),
    discard: strip(state.discard),
  };
  // Cards the seat held before go to the discard pile, so its hand is exactly `ids`.
  next.discard = [...next.discard, ...next.hands[seat]!];
  next.hands[seat] = [...ids].sort();
  return next;
}

/** Put these buildings on the yard (taking them out of the deck and collections); the old ones go to the deck's bottom. */
export function setYard(state: CYState, yard: (number | null)[]): CYState {
  const placed = yard.filter((id): id is number => id !== null);
  const old = state.yard.filter((id): id is number => id !== null && !placed.includes(id));
  return {
    ...state,
    yard,
    buildingDeck: [...state.buildingDeck.filter((id) => !placed.includes(id)), ...old],
    owned: state.owned.map((owned) => owned.filter((id) => !placed.includes(id))),
  };
}
