import { Type } from '@sinclair/typebox';
import { constructionYardGame } from './index.js';
import { BUILDING_TYPES, CURRENCIES } from './data.js';

/**
 * The published shapes of construction yard (OpenAPI components ConstructionYardAction, …Options,
 * …View): what `viewFor` returns, checked against every view of random games in
 * test/games/published-schemas.test.ts. Change them together with view.ts.
 */
const strict = { additionalProperties: false } as const;
const Seat = Type.Integer({ minimum: 0 });
const Currency = Type.Union(CURRENCIES.map((currency) => Type.Literal(currency)));
const Building = Type.Object({ id: Type.Integer({ minimum: 0 }), type: Type.Union(BUILDING_TYPES.map((type) => Type.Literal(type))), price: Type.Integer() }, strict);
const MoneyFace = Type.Object({ currency: Currency, value: Type.Integer({ minimum: 1, maximum: 9 }) }, strict);
const MoneyCard = Type.Object({ id: Type.String(), currency: Currency, value: Type.Integer({ minimum: 1, maximum: 9 }) }, strict);

export const ConstructionYardView = Type.Object(
  {
    seats: Type.Integer(),
    neutral: Type.Boolean({ description: 'Two players: the neutral third collector takes part' }),
    over: Type.Boolean(),
    current: Type.Union([Seat, Type.Null()], { description: 'The seat to act (null once over)' }),
    startPlayer: Seat,
    turn: Type.Integer(),
    actionsThisTurn: Type.Integer(),
    yard: Type.Array(Type.Object({ slot: Type.Integer(), currency: Currency, building: Type.Union([Building, Type.Null()]) }, strict)),
    moneyDisplay: Type.Array(MoneyFace),
    moneyDeckSize: Type.Integer(),
    discard: Type.Array(MoneyFace),
    buildingDeckSize: Type.Integer(),
    players: Type.Array(Type.Object({ seat: Seat, handSize: Type.Integer(), buildings: Type.Array(Building), score: Type.Integer() }, strict)),
    neutralCollector: Type.Union([Type.Object({ buildings: Type.Array(Building), score: Type.Integer() }, strict), Type.Null()]),
    hand: Type.Union([Type.Array(MoneyCard), Type.Null()], { description: "Your own hand (null for a spectator)" }),
    pending: Type.Union([
      Type.Object({ slot: Type.Integer(), currency: Currency, building: Building, paid: Type.Array(MoneyFace), total: Type.Integer(), toNeutral: Type.Boolean() }, strict),
      Type.Null(),
    ]),
    scorings: Type.Array(Type.Object({ round: Type.Union([Type.Literal('A'), Type.Literal('B'), Type.Literal('C')]), points: Type.Array(Type.Integer()) }, strict)),
    finalAssignments: Type.Array(Type.Object({ slot: Type.Integer(), building: Type.Integer(), collector: Type.Union([Type.Integer(), Type.Null()]) }, strict)),
    startingCapital: Type.Union([Type.Array(Type.Array(MoneyFace)), Type.Null()], {
      description: "Each seat's starting capital as dealt face up (rules version 2; null in version 1 games)",
    }),
  },
  { ...strict, $id: 'ConstructionYardView', description: 'What a seat (or a spectator) sees of a construction yard game' },
);

export const schemas = {
  action: { ...constructionYardGame.actionSchema, $id: 'ConstructionYardAction', description: 'One construction yard action' },
  options: { ...constructionYardGame.optionsSchema, $id: 'ConstructionYardOptions', description: 'Construction yard options' },
  view: ConstructionYardView,
};
