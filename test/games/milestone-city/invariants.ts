import { isRuleError } from '../../../src/engine/types.js';
import { BAR_MAX, BAR_MIN, BAR_NAMES, TILES } from '../../../src/games/milestone-city/data.js';
import { WATER, pieceOf } from '../../../src/games/milestone-city/board.js';
import { editionOf } from '../../../src/games/milestone-city/editions.js';
import type { MilestoneCityState } from '../../../src/games/milestone-city/state.js';
import { game } from './helpers.js';

function assert(condition: boolean, message: string): void {
  if (!condition) throw new Error(`invariant broken: ${message}`);
}

/** What must hold after every action of every game (plain checks: this runs hundreds of thousands of times). */
export function checkInvariants(state: MilestoneCityState): void {
  for (const bar of BAR_NAMES) assert(state.bars[bar] >= BAR_MIN && state.bars[bar] <= BAR_MAX, `${bar} bar ${state.bars[bar]} out of range`);
  assert(Number.isInteger(state.treasury) && state.treasury >= 0, `treasury ${state.treasury}`);
  // Cards: every card of the stages in play is in exactly one place.
  const edition = editionOf(state);
  const stageTwo = state.milestone >= edition.stageTwoAt && state.goal > edition.stageTwoAt;
  const expected = [...edition.stageCards[1], ...(stageTwo ? edition.stageCards[2] : [])].sort();
  const seen = [...state.hands.flat(), ...state.deck, ...state.discard].sort();
  assert(seen.length === expected.length && seen.every((card, i) => card === expected[i]), 'cards not conserved');
  for (const hand of state.hands) assert(hand.length <= state.handSize, 'hand too big');
  if (state.deck.length > 0 && state.phase !== 'over') for (const hand of state.hands) assert(hand.length === state.handSize, 'hand not refilled');
  // Tiles: supply plus board is the box, never below zero; no square holds two tiles, water, or lies face down.
  TILES.forEach((tile, i) => {
    const placed = state.tiles.filter((t) => t.tile === tile.id).length;
    assert(state.supply[i]! >= 0 && state.supply[i]! + placed === edition.supply[i], `tile ${tile.id} not conserved`);
  });
  const squares = state.tiles.flatMap((placed) => placed.squares);
  assert(new Set(squares).size === squares.length, 'two tiles on one square');
  for (const s of squares) assert(!WATER[s] && state.faceUp[pieceOf(s)] === true, `tile on water or face-down square ${s}`);
  for (const placed of state.tiles) assert(state.discard.includes(placed.card), 'built card not discarded');
  // One piece per milestone begun.
  const up = state.faceUp.filter(Boolean).length;
  if (state.phase === 'turn') assert(up === state.milestone + 1, 'face-up pieces vs milestones');
  if (state.phase === 'piece') assert(up === state.milestone, 'face-up pieces vs milestones');
  // An idle seat always has a legal timeout action.
  if (state.phase !== 'over') {
    const result = game.apply(state, state.active, game.timeoutAction(state, state.active));
    assert(!isRuleError(result), `timeout action refused: ${isRuleError(result) ? result.code : ''}`);
  }
}
