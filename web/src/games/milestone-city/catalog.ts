/**
 * The printed components this board draws, read from the engine's edition data (a plain constants
 * module with no rules code): the board pieces' water, the tile names and the card names. The API
 * sends ids (`clinic-2`, `res3L`, squares as y * WIDTH + x).
 */
import { BAR_MAX, BAR_NAMES, EDITION_V1, LAYOUT_COLS, PIECES, PIECE_H, PIECE_W, TILES } from '../../../../src/games/milestone-city/data';

export { BAR_MAX, BAR_NAMES, PIECES, TILES };
/** Board pieces are PIECE_WIDTH × PIECE_HEIGHT squares, laid out PIECE_COLUMNS across. */
export { LAYOUT_COLS as PIECE_COLUMNS, PIECE_H as PIECE_HEIGHT, PIECE_W as PIECE_WIDTH };
export const WIDTH = PIECE_W * LAYOUT_COLS;
export const HEIGHT = PIECE_H * (PIECES.length / LAYOUT_COLS);

/** The piece a square lies on (pieces are laid out LAYOUT_COLS across). */
export function pieceOf(square: number): number {
  const x = square % WIDTH;
  const y = Math.floor(square / WIDTH);
  return Math.floor(y / PIECE_H) * LAYOUT_COLS + Math.floor(x / PIECE_W);
}

/** Water squares as the pieces' art draws them ('~' at the square's place). */
export function isWater(square: number): boolean {
  const x = square % WIDTH;
  const y = Math.floor(square / WIDTH);
  const art = PIECES[pieceOf(square)]!.art;
  return art[2 * (y % PIECE_H) + 1]?.[2 * (x % PIECE_W) + 1] === '~';
}

const cardNames = new Map(EDITION_V1.cards.map((card) => [card.kind, card.name]));

/** "resHealth-2" → "Residential (healthcare)". */
export function cardName(id: string): string {
  const kind = id.replace(/-\d+$/, '');
  return cardNames.get(kind) ?? kind;
}

export function tileName(id: string): string {
  return TILES.find((tile) => tile.id === id)?.name ?? id;
}

export function tileCategory(id: string): string {
  return TILES.find((tile) => tile.id === id)?.category ?? 'building';
}
