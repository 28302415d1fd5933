import type { SearchBotProfile } from '../../engine/search-bot.js';
import type { Seat } from '../../engine/types.js';
import type { MilestoneCityAction } from './actions.js';
import { greedyMove } from './bots.js';
import { BAR_MAX, BAR_NAMES } from './data.js';
import { cardKind, editionOf } from './editions.js';
import { legalActions } from './legal.js';
import { milestoneError, score } from './rules-end.js';
import type { MilestoneCityState } from './state.js';
import { apply } from './rules.js';

/**
 * What building `cardId` now is worth in points at the last milestone (a zone tile, happiness, half
 * the money), or null when it would leave a bar short of what ending the milestone needs.
 */
function finalValue(state: MilestoneCityState, cardId: string): number | null {
  const card = cardKind(state, cardId)!;
  const needs = editionOf(state).milestones[state.milestone]?.needs ?? {};
  const bars = { ...state.bars };
  for (const bar of BAR_NAMES) {
    bars[bar] = Math.min(BAR_MAX, bars[bar] + (card.effects[bar] ?? 0));
    if (bars[bar] < (needs[bar] ?? 0)) return null;
  }
  const happiness = bars.happiness - state.bars.happiness;
  const money = (card.effects.money ?? 0) - (card.type === 'zone' ? 0 : card.cost);
  let value = happiness + money / 2 + (card.type === 'zone' ? 1 : 0);
  if (card.type === 'utility') {
    // A utility earns nothing itself: it is worth building when its bar holds up the zones in hand.
    const low = (bar: 'power' | 'water') => (card.effects[bar] ?? 0) > 0 && state.bars[bar] <= (needs[bar] ?? 0) + 1;
    if (low('power') || low('water')) value += 2;
  }
  return value;
}

/**
 * The rollout policy and the search's preferred move: the greedy bot, except at the last milestone.
 * There the greedy ends the game as soon as it may, with cards left to build; this keeps building
 * (every zone tile and every point of happiness scores) while the milestone stays within reach, digs
 * for playable cards by exchanging while the draw pile lasts, and ends the milestone when nothing
 * left is worth a point.
 */
export function plannerMove(state: MilestoneCityState, seat: Seat, legal: MilestoneCityAction[] = legalActions(state, seat)): MilestoneCityAction {
  if (state.phase !== 'turn' || state.pending || state.milestone + 1 < state.goal) return greedyMove(state, seat, legal);
  const end = legal.find((a) => a.type === 'endMilestone');
  if (!end) return greedyMove(state, seat, legal);
  let best: MilestoneCityAction | null = null;
  let bestValue = 0;
  for (const action of legal) {
    if (action.type !== 'play') continue;
    const value = finalValue(state, action.card);
    if (value !== null && value > bestValue) {
      best = action;
      bestValue = value;
    }
  }
  if (best) return best;
  if (state.deck.length > 0) {
    // Nothing worth building: exchange the card worth least, while the draw pile lasts.
    const hand = state.hands[seat]!;
    const worth = (card: string) => finalValue(state, card) ?? -99;
    const card = hand.slice().sort((a, b) => worth(a) - worth(b))[0];
    const exchange = legal.find((a) => a.type === 'exchange' && a.card === card);
    if (exchange) return exchange;
  }
  return end;
}

/**
 * A cooperative game: the search bots judge a position by the team's score (milestones, zones,
 * happiness, money; the victory bonus once won) against the score where the search started.
 * Rollouts play the planner above.
 */
export const searchProfile: SearchBotProfile<MilestoneCityState, MilestoneCityAction> = {
  standing(state) {
    // At the last milestone, once it may end, the team can claim it and the victory whenever it likes:
    // counted already, so that building on (the rollout stops short of the end) does not look like a loss.
    const points = editionOf(state).score;
    const claimable = state.phase === 'turn' && state.milestone + 1 === state.goal && milestoneError(state) === null;
    const total = score(state).total + (claimable ? points.milestone + points.victory : 0);
    return Array.from({ length: state.seats }, () => total);
  },
  cooperative: true,
  scale: 20,
  margin: 0.005,
  depth: () => 40,
  // No uniform moves in the rollouts, at either level: at the last milestone a uniform move (an
  // industrial zone at the least happiness the milestone needs, an end with cards left) cuts short
  // the building on that the planner plays, and ending at once looked better than building on.
  rolloutExplore: 0,
  rolloutMove: (state, seat, legal) => plannerMove(state, seat, legal),
  preferred: (state, seat, legal) => plannerMove(state, seat, legal),
  retreat: (action) => action.type === 'cancel',
  apply,
  iterationsPerMs: 0.3,
};
