import type { SearchBotProfile } from '../../engine/search-bot.js';
import type { CYAction } from './actions.js';
import { greedyBot } from './bots.js';
import { moneyCard } from './data.js';
import { scoreRound } from './scoring.js';
import { handTotal } from './setup.js';
import type { CYState } from './state.js';
import { applyAction } from './rules.js';

const ROUNDS = ['A', 'B', 'C'] as const;
/** Money in hand counts a little: it buys buildings later (a building costs about 8). */
const MONEY_WEIGHT = 0.1;

/**
 * How the search bots judge a position: points so far plus what the scorings still to come would
 * pay for the buildings owned now, plus a little for money in hand. Rollouts play the greedy bot.
 */
export const searchProfile: SearchBotProfile<CYState, CYAction> = {
  standing(state) {
    const done = new Set(state.scorings.map((record) => record.round));
    const projected = state.scores.slice(0, state.seats);
    for (const round of ROUNDS) {
      if (done.has(round)) continue;
      scoreRound(state.owned, round).points.slice(0, state.seats).forEach((points, seat) => (projected[seat]! += points));
    }
    return projected.map((points, seat) => points + MONEY_WEIGHT * handTotal(state.hands[seat]!));
  },
  scale: 8,
  // Eight turns of every seat, at least 24 plies: with 4 to 6 players a fixed 24 left each seat 4 to
  // 6 turns, and the hard bot barely beat greedy with 6 (docs/bots.md, "Construction yard with many players").
  depth: (state) => Math.max(24, 8 * state.seats),
  rolloutMove: (state, seat) => greedyBot(state, seat),
  significance: 1.645,
  preferred: (state, seat) => greedyBot(state, seat),
  // Takes within 2 of the richest and every single card (which currency), purchases for the seat
  // itself (giving one to the neutral collector is rarely worth a turn); payments all.
  shortlist(state, _seat, legal) {
    const totalOf = (slots: number[]) => slots.reduce((sum, slot) => sum + moneyCard(state.moneyDisplay[slot]!).value, 0);
    const richest = Math.max(0, ...legal.map((action) => (action.type === 'takeMoney' ? totalOf(action.slots) : 0)));
    return legal.filter((action) =>
      action.type === 'takeMoney' ? action.slots.length === 1 || totalOf(action.slots) >= richest - 2 : action.type !== 'buy' || action.toNeutral !== true,
    );
  },
  retreat: (action) => action.type === 'cancel',
  apply: applyAction,
  iterationsPerMs: 1.2,
};
