import { Type, type Static } from '@sinclair/typebox';
import { BUILDING_COLOURS, BUILDING_TYPES, CURRENCIES } from './data.js';

/** The printed components a client needs to draw construction yard (GET /v1/game-types/construction-yard/catalog). */
export const ConstructionYardCatalog = Type.Object(
  {
    buildingTypes: Type.Array(Type.Object({ type: Type.String(), colour: Type.String({ description: "The colour of the type's cards" }) }, { additionalProperties: false }), {
      description: 'The building types in the order of the score sheet',
    }),
    currencies: Type.Array(Type.String(), { description: 'The four currencies' }),
  },
  { additionalProperties: false, $id: 'ConstructionYardCatalog', description: 'The printed components of construction yard: building types and currencies' },
);

export const catalog: Static<typeof ConstructionYardCatalog> = {
  buildingTypes: BUILDING_TYPES.map((type) => ({ type, colour: BUILDING_COLOURS[type] })),
  currencies: [...CURRENCIES],
};
