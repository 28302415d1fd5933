import { ruleError, type Outcome, type RuleError } from '../../engine/types.js';
import { BAR_NAMES, PIECES } from './data.js';
import { cardKind, editionOf } from './editions.js';
import { PIECE_NEIGHBOURS, districtsOf } from './board.js';
import type { MilestoneCityState } from './state.js';

/** Face-down pieces the starting player may choose: any for the first, else next to a face-up one. */
export function eligiblePieces(state: MilestoneCityState): number[] {
  const first = !state.faceUp.some(Boolean);
  return PIECES.map((_, p) => p).filter(
    (p) => !state.faceUp[p] && (first || PIECE_NEIGHBOURS[p]!.some((n) => state.faceUp[n])),
  );
}

export const affordablePieces = (state: MilestoneCityState): number[] =>
  eligiblePieces(state).filter((p) => editionOf(state).pieceCosts[p]! <= state.treasury);

/** Districts (by id) that hold no tile yet. */
export function emptyDistricts(state: MilestoneCityState): number[] {
  const occupied = new Set(state.tiles.flatMap((placed) => placed.squares));
  return districtsOf(state.faceUp)
    .filter((district) => !district.squares.some((s) => occupied.has(s)))
    .map((district) => district.id);
}

/** Why the current milestone cannot end yet, or null. */
export function milestoneError(state: MilestoneCityState): RuleError | null {
  const empty = emptyDistricts(state);
  if (empty.length > 0) {
    return ruleError('EMPTY_DISTRICT', `A milestone ends only when every city district holds a tile; ${empty.length} district(s) are still empty.`);
  }
  const milestone = editionOf(state).milestones[state.milestone]!;
  for (const bar of BAR_NAMES) {
    const need = milestone.needs[bar];
    if (need !== undefined && state.bars[bar] < need) {
      return ruleError('MILESTONE_GOAL_NOT_MET', `The ${milestone.name} milestone needs ${bar} at ${need} or more (it is ${state.bars[bar]}).`);
    }
  }
  return null;
}

export const zoneTiles = (state: MilestoneCityState): number => state.tiles.filter((placed) => cardKind(state, placed.card)?.type === 'zone').length;

export const taxes = (state: MilestoneCityState): number => zoneTiles(state) * editionOf(state).taxPerZone;

export function score(state: MilestoneCityState): { total: number; milestones: number; victory: number; zones: number; happiness: number; money: number } {
  const zones = zoneTiles(state);
  const points = editionOf(state).score;
  const parts = {
    milestones: state.milestone * points.milestone,
    victory: state.result === 'won' ? points.victory : 0,
    zones: zones * points.zone,
    happiness: state.bars.happiness * points.happiness,
    money: Math.floor(state.treasury / points.moneyPer),
  };
  return { total: parts.milestones + parts.victory + parts.zones + parts.happiness + parts.money, ...parts };
}

export function outcome(state: MilestoneCityState): Outcome | null {
  if (state.phase !== 'over') return null;
  const { total, ...parts } = score(state);
  const seats = Array.from({ length: state.seats }, (_, seat) => seat);
  return {
    scores: seats.map(() => total),
    winners: state.result === 'won' ? seats : [],
    ranking: seats,
    details: { result: state.result, milestonesEnded: state.milestone, goal: state.goal, score: total, breakdown: parts, bars: state.bars, treasury: state.treasury },
  };
}
