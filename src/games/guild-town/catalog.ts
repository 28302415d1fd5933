import { Type, type Static } from '@sinclair/typebox';
import { BUILD_COST, BUILDINGS, BUY_PRICE, COLOURS, COVER_POINTS_PER_YEAR, FINALS, MONEY, MONEY_SET_STEP, SHIP_GOODS, STORE_GOODS } from './data.js';

/**
 * The printed components a client needs to draw guild town (GET /v1/game-types/guild-town/catalog):
 * the views name building and money cards by id (their index here); these are their faces.
 */
export const GuildTownCatalog = Type.Object(
  {
    colours: Type.Array(Type.String(), { description: 'Colour names by colour number' }),
    buildings: Type.Array(
      Type.Object(
        {
          id: Type.Integer(),
          name: Type.String(),
          tier: Type.String(),
          product: Type.String(),
          inputs: Type.Array(Type.String()),
          top: Type.Integer({ description: 'Colour number of the top half' }),
          bottom: Type.Integer({ description: 'Colour number of the bottom half' }),
          points: Type.Integer(),
          buyPrice: Type.Integer({ description: 'What buying it at the notary costs, paid with money cards of its colours (0: a lumber mill, never for sale)' }),
          buildCost: Type.Integer({ description: 'What raising it at the builders costs, paid with money cards of any colour' }),
        },
        { additionalProperties: false },
      ),
      { description: 'Building cards by id' },
    ),
    money: Type.Array(Type.Object({ id: Type.Integer(), colour: Type.Integer(), value: Type.Integer() }, { additionalProperties: false }), { description: 'Money cards by id' }),
    finalGoods: Type.Array(Type.String()),
    shipGoods: Type.Array(Type.String(), { description: 'Goods shipped from the harbour' }),
    storeGoods: Type.Array(Type.String(), { description: 'Goods kept in the storehouse' }),
    moneySetStep: Type.Integer({ description: 'Two or more money cards of one colour may pay as a set worth moneySetStep × (cards − 1) instead of their printed values' }),
    coverPointsPerYear: Type.Integer({
      description: "Covering another player's helper on a paying space (3 to 5 players, any space but the last) costs one money card or coverPointsPerYear × the year in points, given to that player",
    }),
  },
  { additionalProperties: false, $id: 'GuildTownCatalog', description: 'The printed components of guild town: building and money cards, colours and goods, and what payments are worth' },
);

export const catalog: Static<typeof GuildTownCatalog> = {
  colours: [...COLOURS],
  buildings: BUILDINGS.map(({ id, name, tier, product, inputs, top, bottom, points }) => ({
    id, name, tier, product, inputs: [...inputs], top, bottom, points, buyPrice: BUY_PRICE[tier], buildCost: BUILD_COST[tier],
  })),
  money: MONEY.map(({ id, colour, value }) => ({ id, colour, value })),
  finalGoods: [...FINALS],
  shipGoods: [...SHIP_GOODS],
  storeGoods: [...STORE_GOODS],
  moneySetStep: MONEY_SET_STEP,
  coverPointsPerYear: COVER_POINTS_PER_YEAR,
};
