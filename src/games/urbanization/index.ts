import { versionedSetup } from '../../engine/versions.js';
import type { GameDefinition, Outcome } from '../../engine/types.js';
import { actionSchema, optionsSchema, type UrbanizationAction } from './actions.js';
import { greedyBot } from './bots.js';
import { determinize } from './determinize.js';
import { searchProfile } from './search.js';
import { searchBots } from '../../engine/search-bot.js';
import { currentSeat, newestFactory } from './helpers.js';
import { meta } from './meta.js';
import { CURRENT_VERSION, VERSIONS } from './versions.js';
import { applyAction, legalActionsOf } from './rules.js';
import { setupState, type UrbanizationOptions, type UrbanizationState } from './state.js';
import { viewOf, type UrbanizationView } from './view.js';

export type { UrbanizationAction } from './actions.js';
export type { UrbanizationState, UrbanizationOptions } from './state.js';
export type { UrbanizationView } from './view.js';

export function outcomeOf(state: UrbanizationState): Outcome | null {
  if (state.phase !== 'over') return null;
  const scores = state.players.map((p) => p.points);
  const newest = state.players.map((p) => newestFactory(p) ?? 0);
  const ranking = scores.map((_, seat) => seat).sort((a, b) => scores[b]! - scores[a]! || newest[b]! - newest[a]! || a - b);
  const best = Math.max(...scores);
  const tied = ranking.filter((seat) => scores[seat] === best);
  const bestNewest = Math.max(...tied.map((seat) => newest[seat]!));
  const winners = tied.filter((seat) => newest[seat] === bestNewest).sort((a, b) => a - b);
  return { scores, winners, ranking, details: state.final };
}

export const urbanizationGame: GameDefinition<UrbanizationState, UrbanizationAction, UrbanizationView, UrbanizationOptions> = {
  ...meta,
  rulesVersion: CURRENT_VERSION,
  rulesVersions: VERSIONS,
  players: { ...meta.players },
  optionsSchema,
  actionSchema,
  setup: versionedSetup(VERSIONS, ({ seats, options }, rules) => setupState(seats, { inventions: options.inventions === true }, rules)),
  activeSeats(state) {
    const seat = currentSeat(state);
    return seat === null ? [] : [seat];
  },
  // A turn is one seat's step of a round (placement, hiring, an action phase) or its Steam Engine answer;
  // a price, a trade or a building chosen after the action is a step of that turn (`pending`).
  turnMark: (state) => [state.phase, state.turn, state.actionPhase, state.step, state.steamQueue.length],
  apply: applyAction,
  legalActions: legalActionsOf,
  view: viewOf,
  outcome: outcomeOf,
  timeoutAction(state, seat) {
    const legal = legalActionsOf(state, seat);
    const safe =
      legal.find((a) => a.type === 'pass') ??
      legal.find((a) => a.type === 'done') ??
      legal.find((a) => a.type === 'steamEngine' && !a.exchange) ??
      legal[0];
    return safe ?? { type: 'pass' };
  },
  bots: { greedy: greedyBot, ...searchBots(() => urbanizationGame, searchProfile) },
  determinize,
};
