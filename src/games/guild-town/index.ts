import { Type } from '@sinclair/typebox';
import { guardReveals } from '../../engine/reveals.js';
import { versionedSetup } from '../../engine/versions.js';
import type { GameDefinition, Outcome } from '../../engine/types.js';
import { actionSchema, type GuildTownAction } from './actions.js';
import { greedyBot } from './bots.js';
import { determinize } from './determinize.js';
import { searchProfile } from './search.js';
import { searchBots } from '../../engine/search-bot.js';
import { legalActions } from './legal.js';
import { meta } from './meta.js';
import { CURRENT_VERSION, VERSIONS } from './versions.js';
import { activeSeats, applyAction, turnMark } from './rules.js';
import { rankSeats } from './scoring.js';
import { setupGame, type GuildTownOptions } from './setup.js';
import type { GuildTownState } from './state.js';
import { secretsOf, viewState, type GuildTownView } from './view.js';

export type { GuildTownAction, GuildTownOptions, GuildTownState, GuildTownView };

const optionsSchema = Type.Object(
  { swap: Type.Boolean({ default: true, description: 'Offer the one optional building-card swap before play.' }) },
  { additionalProperties: false },
);

function outcome(state: GuildTownState): Outcome | null {
  if (state.phase !== 'over' || !state.final) return null;
  const ranking = rankSeats(state);
  const scores = state.final.map((f) => f.points);
  const top = state.final[ranking[0]];
  const winners = ranking.filter((seat) => state.final![seat].points === top.points && state.final![seat].moneyCards === top.moneyCards).slice(0, 1);
  return { scores, winners, ranking, details: { final: state.final, years: state.yearScores } };
}

/** Safest choice for an idle seat: stop (done / fold / pass), else the first legal step. */
const SAFE: GuildTownAction['type'][] = ['noSwap', 'resign', 'fold', 'done', 'buildDone', 'investDone', 'discard', 'pay', 'keep'];

export const guildTownGame: GameDefinition<GuildTownState, GuildTownAction, GuildTownView, GuildTownOptions> = {
  ...meta,
  rulesVersion: CURRENT_VERSION,
  rulesVersions: VERSIONS,
  players: { ...meta.players },
  optionsSchema,
  actionSchema,
  setup: versionedSetup(VERSIONS, ({ seats, options, seed }) => setupGame(seats, { swap: options?.swap ?? true }, seed)),
  activeSeats,
  turnMark,
  // From version 4 a move that shows its mover a hidden card is irreversible (engine/reveals.ts).
  apply: guardReveals(applyAction, secretsOf),
  legalActions,
  view: viewState,
  outcome,
  timeoutAction(state, seat) {
    const legal = legalActions(state, seat);
    for (const type of SAFE) {
      const found = legal.find((action) => action.type === type);
      if (found) return found;
    }
    return legal[0];
  },
  bots: { greedy: greedyBot, ...searchBots(() => guildTownGame, searchProfile) },
  determinize,
};
