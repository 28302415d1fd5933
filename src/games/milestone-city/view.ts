import { secretsIn, type HiddenPlace } from '../../engine/reveals.js';
import { PIECES, TILES } from './data.js';
import { editionOf } from './editions.js';
import { districtsOf } from './board.js';
import { emptyDistricts, score } from './rules-end.js';
import type { Bars, MilestoneCityState, Pending, PlacedTile, Phase, Result } from './state.js';

export interface MilestoneCityView {
  seat: number | null;
  phase: Phase;
  active: number | null;
  starter: number;
  milestone: number;
  goal: number;
  nextMilestone: { name: string; needs: Partial<Bars> } | null;
  pieces: Array<{ id: string; cost: number; faceUp: boolean }>;
  treasury: number;
  bars: Bars;
  tiles: PlacedTile[];
  supply: Array<{ tile: string; left: number }>;
  /** Hands lie open on the table: everybody sees them. */
  hands: string[][];
  deckSize: number;
  discard: string[];
  pending: Pending | null;
  districts: Array<{ id: number; squares: number[]; empty: boolean }>;
  passes: number;
  result: Result | null;
  score: number;
  turns: number;
}

/** Everything but the draw order and the RNG: hands are open in this cooperative game. */
export function view(state: MilestoneCityState, seat: number | null): MilestoneCityView {
  const empty = emptyDistricts(state);
  const edition = editionOf(state);
  const milestone = edition.milestones[state.milestone];
  return {
    seat,
    phase: state.phase,
    active: state.phase === 'over' ? null : state.active,
    starter: state.starter,
    milestone: state.milestone,
    goal: state.goal,
    nextMilestone: state.phase === 'over' || !milestone ? null : { name: milestone.name, needs: milestone.needs },
    pieces: PIECES.map((piece, p) => ({ id: piece.id, cost: edition.pieceCosts[p]!, faceUp: state.faceUp[p]! })),
    treasury: state.treasury,
    bars: state.bars,
    tiles: state.tiles,
    supply: TILES.map((tile, i) => ({ tile: tile.id, left: state.supply[i]! })),
    hands: state.hands,
    deckSize: state.deck.length,
    discard: state.discard,
    pending: state.pending,
    districts: districtsOf(state.faceUp).map((d) => ({ id: d.id, squares: d.squares, empty: empty.includes(d.id) })),
    passes: state.passes,
    result: state.result,
    score: score(state).total,
    turns: state.turns,
  };
}

/**
 * What is hidden from every seat, for the kernel's reveal guard (engine/reveals.ts, from rules
 * version 3): the draw pile's cards (hands and discard lie open).
 */
export function* secretsOf(state: MilestoneCityState): Iterable<HiddenPlace> {
  yield secretsIn('deck', state.deck);
}
