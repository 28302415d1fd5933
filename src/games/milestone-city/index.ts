import { guardReveals } from '../../engine/reveals.js';
import { versionedSetup } from '../../engine/versions.js';
import type { GameDefinition } from '../../engine/types.js';
import { META } from './meta.js';
import { CURRENT_VERSION, VERSIONS } from './versions.js';
import { actionSchema, optionsSchema, type MilestoneCityAction } from './actions.js';
import { setup, type MilestoneCityOptions, type MilestoneCityState } from './state.js';
import { apply } from './rules.js';
import { activeSeats, legalActions, timeoutAction } from './legal.js';
import { outcome } from './rules-end.js';
import { secretsOf, view, type MilestoneCityView } from './view.js';
import { greedy } from './bots.js';
import { determinize } from './determinize.js';
import { searchProfile } from './search.js';
import { searchBots } from '../../engine/search-bot.js';

export type { MilestoneCityAction, MilestoneCityOptions, MilestoneCityState, MilestoneCityView };

/** Milestone City: a cooperative district-building game (see docs/games/milestone-city.md). */
export const milestoneCityGame: GameDefinition<MilestoneCityState, MilestoneCityAction, MilestoneCityView, MilestoneCityOptions> = {
  id: META.id,
  title: META.title,
  rulesVersion: CURRENT_VERSION,
  rulesVersions: VERSIONS,
  players: { min: META.players.min, max: META.players.max },
  optionsSchema,
  actionSchema,
  setup: versionedSetup(VERSIONS, setup),
  activeSeats,
  // Every tile placed, card discarded or pass counts a turn; choosing the milestone's board piece is part of the starter's turn.
  turnMark: (state) => state.turns,
  // From version 3 a move that shows a hidden card is irreversible (engine/reveals.ts).
  apply: guardReveals(apply, secretsOf),
  legalActions,
  view,
  outcome,
  timeoutAction,
  bots: { greedy, ...searchBots(() => milestoneCityGame, searchProfile) },
  determinize,
};
