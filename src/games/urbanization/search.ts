import type { SearchBotProfile } from '../../engine/search-bot.js';
import type { UrbanizationAction } from './actions.js';
import { greedyChoice } from './bots.js';
import type { UrbanizationState } from './state.js';

/** Money counts a little: it buys land, grain and buildings on later turns. */
const MONEY_WEIGHT = 0.2;

/** How the search bots judge a position: points plus a little for money. Rollouts play the greedy preferences. */
export const searchProfile: SearchBotProfile<UrbanizationState, UrbanizationAction> = {
  standing: (state) => state.players.map((player) => player.points + MONEY_WEIGHT * player.money),
  scale: 6,
  depth: () => 40,
  rolloutMove: (_state, _seat, legal, rng) => greedyChoice(legal, rng),
  preferred: (_state, _seat, legal, rng) => greedyChoice(legal, rng),
  iterationsPerMs: 0.3,
};
