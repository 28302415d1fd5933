import { ruleError, type RuleError } from '../../engine/types.js';
import { BAR_MIN, BAR_NAMES, TILES, type CardKind, type TileType, type ZoneCard } from './data.js';
import { cardKind } from './editions.js';
import { WATER, WIDTH, districtMap, distinctOrientations, footprint, linked, pieceOf, tileById, tileIndex } from './board.js';
import type { MilestoneCityState } from './state.js';

/** What placement checks need, computed once per state. */
export interface BoardContext {
  /** Tile index (in state.tiles) on each square, or -1. */
  occupied: number[];
  /** District id of each square, -1 on face-down pieces (shared: board.ts `districtMap`). */
  district: readonly number[];
  /** Districts that already hold a utility building. */
  utilityDistricts: number[];
}

export function boardContext(state: MilestoneCityState): BoardContext {
  const district = districtMap(state.faceUp);
  const occupied = new Array<number>(district.length).fill(-1);
  const utilityDistricts: number[] = [];
  state.tiles.forEach((placed, index) => {
    for (const s of placed.squares) occupied[s] = index;
    if (cardKind(state, placed.card)?.type === 'utility') utilityDistricts.push(district[placed.squares[0]!]!);
  });
  return { occupied, district, utilityDistricts };
}

/** Why a tile cannot lie somewhere: a rule error code, and the sentence naming the rule. */
const PLACEMENT_PROBLEMS = {
  offGrid: ['OFF_THE_EDGE', 'The tile must fit into the grid of squares, not over the edge of the playing area.'],
  faceDown: ['OFF_THE_EDGE', 'Tiles go only on face-up board pieces.'],
  water: ['ON_WATER', 'Tiles may not be placed on the water.'],
  taken: ['SQUARE_TAKEN', 'Tiles may not be placed on other tiles.'],
  street: ['ACROSS_STREET', 'Tiles may not be placed across a street.'],
  utility: ['ONE_UTILITY_PER_DISTRICT', 'This city district already has a utility building; each district may hold only one.'],
} as const;
type PlacementProblem = keyof typeof PLACEMENT_PROBLEMS;

/**
 * The first rule a tile laid there breaks, or null when it can lie there. Allocates no error: the
 * legal-action search asks this for every square, orientation and tile.
 */
function placementProblem(
  state: MilestoneCityState,
  ctx: BoardContext,
  tile: TileType,
  orientation: number,
  x: number,
  y: number,
  utility: boolean,
): PlacementProblem | null {
  const squares = footprint(tile, orientation, x, y);
  if (squares === null) return 'offGrid';
  for (const s of squares) if (!state.faceUp[pieceOf(s)]) return 'faceDown';
  for (const s of squares) if (WATER[s]) return 'water';
  for (const s of squares) if (ctx.occupied[s] !== -1) return 'taken';
  for (const a of squares) {
    for (const b of squares) {
      const side = Math.abs(a - b) === WIDTH || (Math.abs(a - b) === 1 && Math.floor(a / WIDTH) === Math.floor(b / WIDTH));
      if (a < b && side && !linked(a, b)) return 'street';
    }
  }
  if (utility && ctx.utilityDistricts.includes(ctx.district[squares[0]!]!)) return 'utility';
  return null;
}

/** Why a tile cannot lie there, or null when it can. */
export function placementError(
  state: MilestoneCityState,
  ctx: BoardContext,
  tile: TileType,
  orientation: number,
  x: number,
  y: number,
  utility: boolean,
): RuleError | null {
  const problem = placementProblem(state, ctx, tile, orientation, x, y, utility);
  if (problem === null) return null;
  const [code, message] = PLACEMENT_PROBLEMS[problem];
  return ruleError(code, message);
}

export function validAnchors(state: MilestoneCityState, ctx: BoardContext, tile: TileType, orientation: number, utility: boolean): Array<{ x: number; y: number }> {
  const out: Array<{ x: number; y: number }> = [];
  for (let s = 0; s < ctx.district.length; s++) {
    if (ctx.district[s] === -1) continue;
    const x = s % WIDTH;
    const y = Math.floor(s / WIDTH);
    if (placementProblem(state, ctx, tile, orientation, x, y, utility) === null) out.push({ x, y });
  }
  return out;
}

export function hasAnchor(state: MilestoneCityState, ctx: BoardContext, tile: TileType, orientation: number, utility: boolean): boolean {
  for (let s = 0; s < ctx.district.length; s++) {
    if (ctx.district[s] === -1) continue;
    if (placementProblem(state, ctx, tile, orientation, s % WIDTH, Math.floor(s / WIDTH), utility) === null) return true;
  }
  return false;
}

export function fittingOrientations(state: MilestoneCityState, ctx: BoardContext, tile: TileType, utility: boolean): number[] {
  return distinctOrientations(tile).filter((o) => hasAnchor(state, ctx, tile, o, utility));
}

/** Tiles this card may take: its printed tile, or any tile of its zone category, while the supply has one. */
export function tileOptions(state: MilestoneCityState, card: CardKind): TileType[] {
  const options = card.type === 'zone' ? TILES.filter((tile) => tile.category === card.category) : TILES.filter((tile) => tile.id === card.tile);
  return options.filter((tile) => (state.supply[tileIndex(tile.id)] ?? 0) > 0);
}

export function tileFits(state: MilestoneCityState, ctx: BoardContext, tileId: string, card: CardKind): boolean {
  const tile = tileById(tileId);
  return tile !== undefined && distinctOrientations(tile).some((o) => hasAnchor(state, ctx, tile, o, card.type === 'utility'));
}

/** Why a card in hand cannot be built now (money, bars, room), or null. */
export function playError(state: MilestoneCityState, ctx: BoardContext, card: CardKind): RuleError | null {
  if (card.type !== 'zone' && card.cost > state.treasury) {
    return ruleError('NOT_ENOUGH_MONEY', `The ${card.name} costs ${card.cost} money; the treasury holds ${state.treasury}.`);
  }
  for (const bar of BAR_NAMES) {
    const change = card.effects[bar] ?? 0;
    if (change < 0 && state.bars[bar] + change < BAR_MIN) {
      return ruleError('BAR_SHORTAGE', `Not enough ${bar}: building the ${card.name} would take the ${bar} bar below ${BAR_MIN}.`);
    }
  }
  const tiles = tileOptions(state, card);
  if (tiles.length === 0) return ruleError('TILE_SOLD_OUT', `No tile for the ${card.name} is left in the supply.`);
  if (!tiles.some((tile) => tileFits(state, ctx, tile.id, card))) {
    return ruleError('NO_ROOM', `There is no place on the face-up board where the ${card.name} fits.`);
  }
  return null;
}

/**
 * Does a new zone on `squares` use the service on its card? Only a service building already on the
 * board counts: a Stage I service must touch the zone directly (a shared side, not across a street),
 * a Stage II service serves its whole district.
 */
export function benefitApplies(state: MilestoneCityState, ctx: BoardContext, card: ZoneCard, squares: readonly number[]): boolean {
  return state.tiles.some((placed) => {
    const kind = cardKind(state, placed.card);
    if (!kind || kind.type !== 'service' || kind.provides !== card.benefit.service) return false;
    if (kind.stage === 2) return ctx.district[placed.squares[0]!] === ctx.district[squares[0]!];
    return placed.squares.some((a) => squares.some((b) => linked(a, b)));
  });
}
