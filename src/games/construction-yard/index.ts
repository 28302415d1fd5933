import { guardReveals } from '../../engine/reveals.js';
import { versionedSetup } from '../../engine/versions.js';
import type { GameDefinition } from '../../engine/types.js';
import { actionSchema, optionsSchema, type CYAction, type CYOptions } from './actions.js';
import { bestTake, greedy, greedyBot } from './bots.js';
import { determinize } from './determinize.js';
import { searchProfile } from './search.js';
import { searchBots } from '../../engine/search-bot.js';
import { legalActions } from './legal.js';
import { meta } from './meta.js';
import { CURRENT_VERSION, VERSIONS } from './versions.js';
import { applyAction } from './rules.js';
import { setupGame } from './setup.js';
import type { CYState } from './state.js';
import { secretsOf, viewFor, type CYView } from './view.js';

export type { CYAction, CYOptions } from './actions.js';
export type { CYState } from './state.js';
export type { CYView } from './view.js';

export const constructionYardGame: GameDefinition<CYState, CYAction, CYView, CYOptions> = {
  id: meta.id,
  title: meta.title,
  rulesVersion: CURRENT_VERSION,
  rulesVersions: VERSIONS,
  players: { ...meta.players },
  optionsSchema,
  actionSchema,
  setup: versionedSetup(VERSIONS, setupGame),
  activeSeats: (state) => (state.over ? [] : [state.current]),
  // A turn ends when the money is refilled (flow.ts): buying with exact change, paying and cancelling are steps of it.
  turnMark: (state) => state.turn,
  // From version 3 a move that shows its mover a hidden card is irreversible (engine/reveals.ts).
  apply: guardReveals(applyAction, secretsOf),
  legalActions,
  view: viewFor,
  outcome(state) {
    if (!state.over) return null;
    const scores = state.scores.slice(0, state.seats);
    const best = Math.max(...scores);
    const ranking = scores.map((_, seat) => seat).sort((a, b) => scores[b]! - scores[a]! || a - b);
    return {
      scores,
      winners: ranking.filter((seat) => scores[seat] === best),
      ranking,
      details: {
        scorings: state.scorings,
        finalAssignments: state.finalAssignments,
        neutralScore: state.neutral ? state.scores[state.seats]! : null,
        buildings: state.owned.map((owned) => owned.length),
      },
    };
  },
  /**
   * An idle seat finishes a purchase it started (cheapest payment), else takes the most money it may,
   * else buys or passes. (Cancelling would let a game of idle seats loop for ever.)
   */
  timeoutAction(state, seat) {
    if (state.pending) return greedyBot(state, seat);
    return bestTake(state) ?? legalActions(state, seat)[0] ?? { type: 'pass' };
  },
  bots: { greedy, ...searchBots(() => constructionYardGame, searchProfile) },
  determinize,
};
