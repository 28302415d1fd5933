import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../../src/engine/canonical.js';
import { BUILDING_CARDS, moneyCardsFor, SCORING_A, SCORING_B } from '../../../src/games/construction-yard/data.js';
import { constructionYardGame } from '../../../src/games/construction-yard/index.js';
import type { CYState } from '../../../src/games/construction-yard/state.js';
import { expectNoLeak, playRandomGame } from '../../support/engine-properties.js';

/**
 * Random legal games for every player count. PROPERTY_GAMES sets the games per player count
 * (default 40: the whole file stays well under a minute); a quarter run with deep checks and all
 * legal actions applied, the rest fast.
 */
const GAMES = Number(process.env.PROPERTY_GAMES ?? 40);

function checkInvariants(state: CYState): void {
  // Conservation: every money card of the edition is in exactly one place, every building too.
  const pendingPaid = state.pending ? state.pending.paid : [];
  const money = [...state.hands.flat(), ...state.moneyDeck, ...state.moneyDisplay, ...state.discard, ...pendingPaid];
  const scoringCards = money.filter((id) => id === SCORING_A || id === SCORING_B);
  const cards = money.filter((id) => id !== SCORING_A && id !== SCORING_B);
  expect(cards.length).toBe(state.seats === 2 ? 72 : 108);
  expect([...cards].sort()).toEqual(moneyCardsFor(state.seats).sort());
  const scored = state.scorings.filter((record) => record.round !== 'C').length;
  expect(scoringCards.length + scored).toBe(2);
  const buildings = [...state.buildingDeck, ...state.yard.filter((id): id is number => id !== null), ...state.owned.flat()];
  expect(buildings.length).toBe(BUILDING_CARDS.length);
  expect(new Set(buildings).size).toBe(BUILDING_CARDS.length);
  // Shape: at most four face-up money cards, no negative score, hands sorted, the turn's action limit.
  expect(state.moneyDisplay.length).toBeLessThanOrEqual(4);
  expect(state.scores.every((score) => score >= 0)).toBe(true);
  for (const hand of state.hands) expect(hand).toEqual([...hand].sort());
  expect(state.actionsThisTurn).toBeLessThan(5);
  if (!state.over) expect(state.yard.every((id) => id !== null) || state.actionsThisTurn > 0 || state.pending !== null).toBe(true);
}

describe.each([2, 3, 4, 5, 6])('construction-yard random games with %i players', (seats) => {
  it(`${GAMES} games end, conserve every card, replay identically and leak no hand`, () => {
    for (let game = 0; game < GAMES; game++) {
      const deep = game % 4 === 0;
      const seed = `cy-${seats}-${game}`;
      const result = playRandomGame(constructionYardGame, {
        seats,
        seed,
        deep,
        checkAllLegal: deep,
        check: (state) => checkInvariants(state as CYState),
      });
      const final = result.state as CYState;
      expect(final.over).toBe(true);
      expect(final.scorings.at(-1)?.round).toBe('C');
      // No seat's view or visible log names a card id of another seat's hand; spectators see none.
      for (let seat = 0; seat < seats; seat++) {
        const secrets = final.hands.flatMap((hand, other) => (other === seat ? [] : hand));
        expectNoLeak(constructionYardGame, final, result.log, seat, secrets);
      }
      expectNoLeak(constructionYardGame, final, result.log, null, final.hands.flat());
      expect(canonicalJson(constructionYardGame.view(final, null))).not.toContain('rng');
    }
  });
});
