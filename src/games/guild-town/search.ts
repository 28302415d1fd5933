import type { SearchBotProfile } from '../../engine/search-bot.js';
import type { GuildTownAction } from './actions.js';
import { greedyChoice, score } from './bots.js';
import { cardsValue } from './money.js';
import { bonusValue, colourSetPoints, scoreShips, scoreStorehouse } from './scoring.js';
import type { GuildTownState } from './state.js';
import { applyAction } from './rules.js';

/** Money cards count a little: they buy buildings and pay bribes (a building costs a few). */
const MONEY_WEIGHT = 0.3;
const YEARS = 3;

/**
 * How the search bots judge a position: points so far plus what the ships, the storehouse, the
 * colour sets of the town (at each year end still to come) and the bonus tokens would pay now, plus a little for money in hand.
 * Rollouts play the greedy bot's preferences.
 */
export const searchProfile: SearchBotProfile<GuildTownState, GuildTownAction> = {
  standing(state) {
    if (state.final) return state.final.map((entry) => entry.points);
    const ships = scoreShips(state.ships, state.seats).total;
    const store = scoreStorehouse(state.storehouse, state.seats);
    // The town stays: its colour sets pay at every year end still to come.
    const yearEnds = Math.max(1, YEARS - state.yearScores.length);
    return state.players.map((player, seat) =>
      player.points + ships[seat]! + store[seat]! + yearEnds * colourSetPoints(player.town.map((raised) => raised.card)) + bonusValue(player.bonus) +
      MONEY_WEIGHT * cardsValue(player.money),
    );
  },
  scale: 6,
  depth: () => 40,
  rolloutMove: (_state, _seat, legal, rng) => greedyChoice(legal, rng),
  significance: 1.645,
  preferred: (_state, _seat, legal, rng) => greedyChoice(legal, rng),
  // The greedy's best rank and the two below it (sends that pay, say), and the Bankers' face-up cards;
  // not resigning while helpers can go, nor ending a turn that could still produce.
  shortlist(_state, _seat, legal) {
    const best = Math.max(...legal.map(score));
    return legal.filter((action) => score(action) >= best - 2 || action.type === 'bankTake');
  },
  // Version 5's cancel of a purchase backs out of a step: searched, noise could send the bot round buy, pay, cancel for ever.
  retreat: (action) => action.type === 'cancel',
  apply: applyAction,
  iterationsPerMs: 0.8,
};
