import { Type, type Static } from '@sinclair/typebox';
import { BUILDING_COLOURS, BUILDING_PRICES, BUILDING_TYPES, CURRENCIES, MAX_ACTIONS_PER_TURN, POINTS, TAKE_LIMIT } from './data.js';

const RankPoints = Type.Array(Type.Integer(), { description: 'Points of the collectors with the most buildings of the type, the second most, … (ties share the ranks they take)' });

/** The printed components a client needs to draw construction yard (GET /v1/game-types/construction-yard/catalog). */
export const ConstructionYardCatalog = Type.Object(
  {
    buildingTypes: Type.Array(
      Type.Object(
        {
          type: Type.String(),
          colour: Type.String({ description: "The colour of the type's cards" }),
          prices: Type.Array(Type.Integer(), { description: 'The price of each card of the type (one entry a card)' }),
          points: Type.Object(
            { A: RankPoints, B: RankPoints, C: RankPoints },
            { additionalProperties: false, description: 'The reference card: what the type scores by rank at scorings A, B and C' },
          ),
        },
        { additionalProperties: false },
      ),
      { description: 'The building types in the order of the score sheet' },
    ),
    currencies: Type.Array(Type.String(), { description: 'The four currencies' }),
    takeLimit: Type.Integer({ description: 'Several money cards may be taken at once when they total at most this' }),
    actionsPerTurn: Type.Integer({ description: 'Most actions in one turn (an exact payment grants another action up to this)' }),
  },
  { additionalProperties: false, $id: 'ConstructionYardCatalog', description: 'The printed components of construction yard: building types with their prices and points, currencies, turn limits' },
);

export const catalog: Static<typeof ConstructionYardCatalog> = {
  buildingTypes: BUILDING_TYPES.map((type) => ({
    type,
    colour: BUILDING_COLOURS[type],
    prices: [...BUILDING_PRICES[type]],
    points: { A: [...POINTS[type].A], B: [...POINTS[type].B], C: [...POINTS[type].C] },
  })),
  currencies: [...CURRENCIES],
  takeLimit: TAKE_LIMIT,
  actionsPerTurn: MAX_ACTIONS_PER_TURN,
};
