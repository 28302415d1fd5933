import type { SearchBotProfile } from '../../engine/search-bot.js';
import type { MilestoneCityAction } from './actions.js';
import { greedyMove } from './bots.js';
import { score } from './rules-end.js';
import type { MilestoneCityState } from './state.js';
import { apply } from './rules.js';

/**
 * A cooperative game: the search bots judge a position by the team's score (milestones, zones,
 * happiness, money; the victory bonus once won) against the score where the search started.
 * Rollouts play the greedy bot.
 */
export const searchProfile: SearchBotProfile<MilestoneCityState, MilestoneCityAction> = {
  standing(state) {
    const total = score(state).total;
    return Array.from({ length: state.seats }, () => total);
  },
  cooperative: true,
  scale: 5,
  depth: 40,
  rolloutMove: (state, seat) => greedyMove(state, seat),
  preferred: (state, seat) => greedyMove(state, seat),
  retreat: (action) => action.type === 'cancel',
  apply,
  iterationsPerMs: 0.3,
};
