import { tileById } from './board.js';
import type { MilestoneCityAction } from './actions.js';
import { boardContext, fittingOrientations, playError, tileFits, tileOptions, validAnchors } from './rules-place.js';
import { affordablePieces, milestoneError } from './rules-end.js';
import { cardKind, editionOf } from './editions.js';
import type { MilestoneCityState } from './state.js';

export const activeSeats = (state: MilestoneCityState): number[] => (state.phase === 'over' ? [] : [state.active]);

/** Every action `seat` may take now; each one applies. Placement is split into card, tile, orientation, square. */
export function legalActions(state: MilestoneCityState, seat: number): MilestoneCityAction[] {
  if (state.phase === 'over' || seat !== state.active) return [];
  if (state.phase === 'piece') return affordablePieces(state).map((piece) => ({ type: 'choosePiece', piece }));
  const pending = state.pending;
  const ctx = boardContext(state);
  if (pending) {
    const card = cardKind(state, pending.card)!;
    const out: MilestoneCityAction[] = [];
    if (pending.tile === null) {
      for (const tile of tileOptions(state, card)) if (tileFits(state, ctx, tile.id, card)) out.push({ type: 'chooseTile', tile: tile.id });
    } else {
      const tile = tileById(pending.tile)!;
      const utility = card.type === 'utility';
      if (pending.orientation === null) {
        for (const orientation of fittingOrientations(state, ctx, tile, utility)) out.push({ type: 'orient', orientation });
      } else {
        for (const { x, y } of validAnchors(state, ctx, tile, pending.orientation, utility)) out.push({ type: 'place', x, y });
      }
    }
    out.push({ type: 'cancel' });
    return out;
  }
  const out: MilestoneCityAction[] = [];
  if (milestoneError(state) === null) out.push({ type: 'endMilestone' });
  const hand = state.hands[seat]!;
  for (const card of hand) if (playError(state, ctx, cardKind(state, card)!) === null) out.push({ type: 'play', card });
  if (state.deck.length > 0) for (const card of hand) out.push({ type: 'exchange', card });
  else out.push({ type: 'pass' });
  return out;
}

/** For an idle seat: back out of a half-played card, take the cheapest piece, end the milestone if possible, else pass or exchange. */
export function timeoutAction(state: MilestoneCityState, seat: number): MilestoneCityAction {
  if (state.phase === 'piece') {
    const costs = editionOf(state).pieceCosts;
    const pieces = affordablePieces(state).sort((a, b) => costs[a]! - costs[b]! || a - b);
    return { type: 'choosePiece', piece: pieces[0] ?? 0 };
  }
  if (state.pending) return { type: 'cancel' };
  if (milestoneError(state) === null) return { type: 'endMilestone' };
  if (state.deck.length === 0) return { type: 'pass' };
  return { type: 'exchange', card: state.hands[seat]![0] ?? '' };
}
