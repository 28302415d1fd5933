import { chooseBotAction } from '../../../src/engine/bots.js';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../../src/engine/canonical.js';
import { isRuleError } from '../../../src/engine/types.js';
import { BUILDING_CARDS, moneyCardsFor, SCORING_A, SCORING_B } from '../../../src/games/construction-yard/data.js';
import { constructionYardGame } from '../../../src/games/construction-yard/index.js';
import type { CYState } from '../../../src/games/construction-yard/state.js';
import { expectNoLeak, playRandomGame } from '../../support/engine-properties.js';

/**
 * Random legal games for every player count. PROPERTY_GAMES sets the games per player count
 * (default 20: the file runs in about 20 seconds); a fifth run with deep checks and all
 * legal actions applied, the rest fast.
 */
const GAMES = Number(process.env.PROPERTY_GAMES ?? 20);

const EDITION_MONEY = new Map([2, 3, 4, 5, 6].map((seats) => [seats, new Set(moneyCardsFor(seats))]));

function fail(message: string): never {
  throw new Error(message);
}

/** Invariants after every action (plain comparisons: this runs on every step of every game). */
function checkInvariants(state: CYState): void {
  // Conservation: every money card of the edition is in exactly one place, every building too.
  const pendingPaid = state.pending ? state.pending.paid : [];
  const edition = EDITION_MONEY.get(state.seats)!;
  const seen = new Set<string>();
  let cards = 0;
  let scoringCards = 0;
  for (const list of [...state.hands, state.moneyDeck, state.moneyDisplay, state.discard, pendingPaid]) {
    for (const id of list) {
      if (id === SCORING_A || id === SCORING_B) scoringCards++;
      else if (!edition.has(id)) fail(`${id} is not a card of this edition`);
      else {
        seen.add(id);
        cards++;
      }
    }
  }
  if (cards !== edition.size || seen.size !== cards) fail(`${cards} money cards, ${seen.size} distinct, of ${edition.size}`);
  if (edition.size !== (state.seats === 2 ? 72 : 108)) fail('wrong edition size');
  const scored = state.scorings.filter((record) => record.round !== 'C').length;
  if (scoringCards + scored !== 2) fail('a scoring card is lost or duplicated');
  const buildings = [...state.buildingDeck, ...state.yard.filter((id): id is number => id !== null), ...state.owned.flat()];
  if (buildings.length !== BUILDING_CARDS.length || new Set(buildings).size !== BUILDING_CARDS.length) fail('buildings not conserved');
  // Shape: at most four face-up money cards, no negative score, hands sorted, the turn's action limit.
  if (state.moneyDisplay.length > 4) fail('more than four face-up money cards');
  if (state.scores.some((score) => score < 0)) fail('negative score');
  if (state.hands.some((hand) => hand.some((id, i) => i > 0 && hand[i - 1]! > id))) fail('unsorted hand');
  if (state.actionsThisTurn >= 5) fail('a sixth action in one turn');
  // Between turns the yard is full; it has gaps only within a turn (after purchases) or at the end.
  if (!state.over && state.actionsThisTurn === 0 && state.pending === null && state.yard.some((id) => id === null)) fail('yard not refilled');
}

/** Every seat's view (and a spectator's) names no card id of another seat's hand, at every step. */
function viewsHideOtherHands(state: CYState): void {
  for (let seat = -1; seat < state.seats; seat++) {
    const text = JSON.stringify(constructionYardGame.view(state, seat < 0 ? null : seat));
    state.hands.forEach((hand, owner) => {
      if (owner !== seat) for (const id of hand) if (text.includes(id)) fail(`seat ${seat} sees ${id} of seat ${owner}`);
    });
    if (text.includes('scoring-') || text.includes('"rng"')) fail('a view shows the deck or the RNG');
  }
}

/** The timeout action and the greedy bot's choice are legal in every reachable state. */
function timeoutAndBotApply(state: CYState, seed: string): void {
  for (const seat of constructionYardGame.activeSeats(state)) {
    for (const action of [constructionYardGame.timeoutAction(state, seat), chooseBotAction(constructionYardGame, 'greedy', state, seat, seed)]) {
      const result = constructionYardGame.apply(state, seat, action);
      if (isRuleError(result)) fail(`${JSON.stringify(action)} refused: ${result.code}`);
    }
  }
}

/** Games run in chunks of ten per test, so a large PROPERTY_GAMES never meets the per-test timeout. */
const CHUNK = 10;
const CHUNKS = Array.from({ length: Math.ceil(GAMES / CHUNK) }, (_, i) => i * CHUNK);

describe.each([2, 3, 4, 5, 6])('construction-yard random games with %i players', (seats) => {
  it.each(CHUNKS)('games %i.. end, conserve every card, replay identically and leak no hand', (first) => {
    for (let game = first; game < Math.min(first + CHUNK, GAMES); game++) {
      const deep = game % 5 === 0;
      const seed = `cy-${seats}-${game}`;
      const result = playRandomGame(constructionYardGame, {
        seats,
        seed,
        deep,
        checkAllLegal: deep,
        check: (state) => {
          checkInvariants(state as CYState);
          if (deep) {
            viewsHideOtherHands(state as CYState);
            timeoutAndBotApply(state as CYState, seed);
          }
        },
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
