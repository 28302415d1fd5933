import { Type, type Static } from '@sinclair/typebox';
import { BAR_MAX, BAR_NAMES, LAYOUT_COLS, PIECE_H, PIECE_W, PIECES, TILES, type CardKind } from './data.js';
import { EDITIONS } from './editions.js';

const Effects = Type.Record(Type.String(), Type.Integer(), { description: 'Changes to the bars (happiness, power, water, employment) and money' });

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
    cards: Type.Array(
      Type.Object(
        {
          kind: Type.String(),
          name: Type.String(),
          type: Type.Union([Type.Literal('service'), Type.Literal('utility'), Type.Literal('zone')]),
          cost: Type.Union([Type.Integer(), Type.Null()], { description: 'Money a building costs (null: a zone, which costs nothing)' }),
          effects: Effects,
          benefit: Type.Union([Type.Object({ service: Type.String(), effects: Effects }, { additionalProperties: false }), Type.Null()], { description: "A zone's lower half: the service it is served by and what that yields" }),
          provides: Type.Union([Type.String(), Type.Null()], { description: 'The service a service building provides to zones' }),
        },
        { additionalProperties: false },
      ),
      { description: 'The cards by kind, alike in every served edition: name, cost and what building them does' },
    ),
  },
  { additionalProperties: false, $id: 'MilestoneCityCatalog', description: 'The printed components of milestone city: board pieces, tiles and cards' },
);

type CatalogCard = Static<typeof MilestoneCityCatalog>['cards'][number];
const printed = (card: CardKind): CatalogCard => ({
  kind: card.kind,
  name: card.name,
  type: card.type,
  cost: card.type === 'zone' ? null : card.cost,
  effects: { ...card.effects },
  benefit: card.type === 'zone' ? { service: card.benefit.service, effects: { ...card.benefit.effects } } : null,
  provides: card.type === 'zone' ? null : card.provides,
});
const cards = new Map<string, CatalogCard>();
for (const edition of EDITIONS.values()) {
  for (const card of edition.cards) {
    const seen = cards.get(card.kind);
    // One face per kind: an edition that reprints a card differently needs a catalog per rules version.
    if (seen && JSON.stringify(seen) !== JSON.stringify(printed(card))) throw new Error(`milestone-city catalog: editions print ${card.kind} differently`);
    cards.set(card.kind, printed(card));
  }
}

export const catalog: Static<typeof MilestoneCityCatalog> = {
  bars: { names: [...BAR_NAMES], max: BAR_MAX },
  pieces: { width: PIECE_W, height: PIECE_H, columns: LAYOUT_COLS, list: PIECES.map(({ id, art }) => ({ id, art: [...art] })) },
  tiles: TILES.map(({ id, name, category, cells }) => ({ id, name, category, cells: cells.map(([x, y]) => [x, y]) })),
  cards: [...cards.values()],
};
