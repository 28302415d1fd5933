import type { Bot } from '../../engine/bots.js';
import { openRng, seedRng } from '../../engine/rng.js';
import type { Seat } from '../../engine/types.js';
import { footprint, tileById } from './board.js';
import type { MilestoneCityAction } from './actions.js';
import { legalActions } from './legal.js';
import { boardContext, benefitApplies } from './rules-place.js';
import { eligiblePieces, emptyDistricts, taxes } from './rules-end.js';
import { cardKind, editionOf } from './editions.js';
import { determinize } from './determinize.js';
import type { MilestoneCityState } from './state.js';
import type { MilestoneCityView } from './view.js';

/**
 * A simple cooperative heuristic: end the milestone when possible; build services while happiness is
 * short of the goal, utilities when power or water runs low, zones otherwise; put tiles into empty
 * districts first, next to a matching service second; exchange when nothing is playable.
 */
export function greedyMove(state: MilestoneCityState, seat: Seat, legal: MilestoneCityAction[] = legalActions(state, seat)): MilestoneCityAction {
  const first = legal[0]!;
  if (state.phase === 'piece') {
    const costs = editionOf(state).pieceCosts;
    const cost = (action: MilestoneCityAction): number => (action.type === 'choosePiece' ? costs[action.piece]! : 99);
    return legal.slice().sort((a, b) => cost(a) - cost(b))[0] ?? first;
  }
  const end = legal.find((a) => a.type === 'endMilestone');
  if (end && (state.deck.length === 0 || state.milestone + 1 >= state.goal || survives(state))) return end;
  const pending = state.pending;
  if (!pending) {
    const plays = legal.filter((a): a is Extract<MilestoneCityAction, { type: 'play' }> => a.type === 'play');
    if (plays.length > 0) return plays.slice().sort((a, b) => cardValue(state, b.card) - cardValue(state, a.card))[0]!;
    return legal.find((a) => a.type === 'pass') ?? legal.find((a) => a.type === 'exchange') ?? first;
  }
  if (pending.tile === null) {
    const tiles = legal.filter((a): a is Extract<MilestoneCityAction, { type: 'chooseTile' }> => a.type === 'chooseTile');
    return tiles.sort((a, b) => (tileById(a.tile)?.cells.length ?? 9) - (tileById(b.tile)?.cells.length ?? 9))[0] ?? first;
  }
  if (pending.orientation === null) return first;
  const card = cardKind(state, pending.card)!;
  const tile = tileById(pending.tile)!;
  const ctx = boardContext(state);
  const empty = emptyDistricts(state);
  let best = first;
  let bestValue = -1;
  for (const action of legal) {
    if (action.type !== 'place') continue;
    const squares = footprint(tile, pending.orientation, action.x, action.y)!;
    let value = empty.includes(ctx.district[squares[0]!]!) ? 2 : 0;
    if (card.type === 'zone' && benefitApplies(state, ctx, card, squares)) value += 1;
    if (value > bestValue) {
      best = action;
      bestValue = value;
    }
  }
  return best;
}

/**
 * The greedy bot as a seat plays it: from the seat's view. Hands are open and its rules read only
 * the table (never the draw order), so it runs on any state consistent with the view.
 */
export const greedy: Bot<MilestoneCityView, MilestoneCityAction> = ({ view, seat, seed, rules }) =>
  greedyMove(determinize(view, seat, openRng(seedRng(`${seed}/deal`)), rules), seat);

/** After taxes the treasury still pays for a board piece next to the city (with a little to spare). */
function survives(state: MilestoneCityState): boolean {
  const costs = editionOf(state).pieceCosts;
  const cheapest = Math.min(...eligiblePieces(state).map((p) => costs[p]!));
  return state.treasury + taxes(state) >= cheapest + 2;
}

function cardValue(state: MilestoneCityState, cardId: string): number {
  const card = cardKind(state, cardId)!;
  const needs = editionOf(state).milestones[state.milestone]?.needs ?? {};
  if (card.type === 'service') return state.bars.happiness < (needs.happiness ?? 0) && state.treasury >= card.cost + 2 ? 3 : 1;
  if (card.type === 'utility') return state.bars.power <= 1 || state.bars.water <= 1 ? 3 : 0;
  return emptyDistricts(state).length > 0 ? 2 : 1;
}
