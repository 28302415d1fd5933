import { Type, type Static } from '@sinclair/typebox';
import { BAR_MAX, BAR_NAMES, LAYOUT_COLS, PIECE_H, PIECE_W, PIECES, TILES } from './data.js';
import { EDITIONS } from './editions.js';

/**
 * The printed components a client needs to draw milestone city (GET /v1/game-types/milestone-city/catalog):
 * the board pieces' art (water and streets), tile names and shapes, card names by kind. The views
 * name squares as y × width + x, tiles and cards by id (`res3L`, `clinic-2`: kind and copy).
 */
export const MilestoneCityCatalog = Type.Object(
  {
    bars: Type.Object({ names: Type.Array(Type.Union(BAR_NAMES.map((name) => Type.Literal(name)))), max: Type.Integer() }, { additionalProperties: false, description: "The city's bars and their top value" }),
    pieces: Type.Object(
      {
        width: Type.Integer({ description: 'Squares across one piece' }),
        height: Type.Integer({ description: 'Squares down one piece' }),
        columns: Type.Integer({ description: 'Pieces laid out across the board' }),
        list: Type.Array(Type.Object({ id: Type.String(), art: Type.Array(Type.String()) }, { additionalProperties: false }), {
          description: "Each piece's face as text: squares at odd positions ('.' land, '~' water); '|' and '-' between them are streets",
        }),
      },
      { additionalProperties: false },
    ),
    tiles: Type.Array(
      Type.Object({ id: Type.String(), name: Type.String(), category: Type.String(), cells: Type.Array(Type.Array(Type.Integer())) }, { additionalProperties: false }),
    ),
    cards: Type.Array(Type.Object({ kind: Type.String(), name: Type.String() }, { additionalProperties: false }), { description: 'Card names by kind, in every served edition' }),
  },
  { additionalProperties: false, $id: 'MilestoneCityCatalog', description: 'The printed components of milestone city: board pieces, tiles and cards' },
);

const cardNames = new Map<string, string>();
for (const edition of EDITIONS.values()) for (const card of edition.cards) cardNames.set(card.kind, card.name);

export const catalog: Static<typeof MilestoneCityCatalog> = {
  bars: { names: [...BAR_NAMES], max: BAR_MAX },
  pieces: { width: PIECE_W, height: PIECE_H, columns: LAYOUT_COLS, list: PIECES.map(({ id, art }) => ({ id, art: [...art] })) },
  tiles: TILES.map(({ id, name, category, cells }) => ({ id, name, category, cells: cells.map(([x, y]) => [x, y]) })),
  cards: [...cardNames].map(([kind, name]) => ({ kind, name })),
};
