import { Type, type Static } from '@sinclair/typebox';
import { BUILDING_COST, BUILDING_POINTS, COLOURS, FACTORIES, GRAIN_PRICES, INVENTIONS, TERRITORY_COLUMNS, TERRITORY_ROWS } from './data.js';

/**
 * The printed components a client needs to draw urbanization (GET /v1/game-types/urbanization/catalog):
 * the views name factories by number and inventions by id; these are their faces. Read from data.ts.
 */
const Colour = Type.Union(COLOURS.map((colour) => Type.Literal(colour)));
export const UrbanizationCatalog = Type.Object(
  {
    territories: Type.Object({ rows: Type.Integer(), columns: Type.Integer() }, { additionalProperties: false, description: 'The territory grid: territory n (from 0) is at row ⌊n / columns⌋, column n mod columns; its triangle points up when row + column is even' }),
    factories: Type.Array(
      Type.Object(
        {
          number: Type.Integer({ description: 'The number the views use' }),
          name: Type.String(),
          colour: Colour,
          spaces: Type.Array(Type.Object({ colour: Colour, count: Type.Integer() }, { additionalProperties: false }), { description: 'Work-order spaces, left to right' }),
          production: Type.Integer({ description: 'Goods produced' }),
        },
        { additionalProperties: false },
      ),
    ),
    inventions: Type.Array(Type.Object({ id: Type.String(), name: Type.String(), group: Type.String() }, { additionalProperties: false })),
    buildings: Type.Array(
      Type.Object({ building: Type.Union([Type.Literal('house'), Type.Literal('skyscraper'), Type.Literal('admin')]), cost: Type.Integer(), points: Type.Integer() }, { additionalProperties: false }),
      { description: 'What erecting each building costs and scores' },
    ),
    grainPrices: Type.Array(Type.Integer(), { description: 'The price of one grain at barns 1–4, then the field (the `source` of buyGrain)' }),
  },
  { additionalProperties: false, $id: 'UrbanizationCatalog', description: "The printed components of urbanization: factory cards, inventions, the territory grid" },
);

export const catalog: Static<typeof UrbanizationCatalog> = {
  territories: { rows: TERRITORY_ROWS, columns: TERRITORY_COLUMNS },
  factories: FACTORIES.map(({ number, name, colour, spaces, production }) => ({ number, name, colour, spaces: spaces.map(({ colour, count }) => ({ colour, count })), production })),
  inventions: INVENTIONS.map(({ id, name, group }) => ({ id, name, group })),
  buildings: (['house', 'skyscraper', 'admin'] as const).map((building) => ({ building, cost: BUILDING_COST[building], points: BUILDING_POINTS[building] })),
  grainPrices: [...GRAIN_PRICES],
};
