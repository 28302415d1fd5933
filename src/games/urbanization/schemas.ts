import { Type } from '@sinclair/typebox';
import { CHARACTERS, COLOURS, INVENTIONS } from './data.js';
import { urbanizationGame } from './index.js';

/**
 * The published shapes of urbanization (OpenAPI components UrbanizationAction, UrbanizationOptions,
 * UrbanizationView): the view is what `viewOf` returns (the whole state, nothing is hidden, plus a few
 * derived values), checked against every view of random games in test/games/published-schemas.test.ts.
 * Change it together with state.ts and view.ts.
 */
const strict = { additionalProperties: false } as const;
const Seat = Type.Integer({ minimum: 0 });
const Count = Type.Integer({ minimum: 0 });
const literals = <T extends string>(values: readonly T[], description?: string) => Type.Union(values.map((value) => Type.Literal(value)), description ? { description } : {});
const Character = literals(CHARACTERS, 'A character card');
const Invention = literals(INVENTIONS.map((card) => card.id), 'An invention card');
const Orders = Type.Object(Object.fromEntries(COLOURS.map((colour) => [colour, Count])), { ...strict, description: 'Work orders by colour' });

const Factory = Type.Object(
  {
    territory: Count,
    ground: Count,
    cards: Type.Array(Count, { description: 'Factory cards, oldest first; the last one is active' }),
    producedThisTurn: Type.Boolean(),
    output: { ...Orders, description: 'Work orders on the production space, returned in the factories phase' },
  },
  strict,
);

const Player = Type.Object(
  {
    money: Type.Integer(),
    points: Type.Integer(),
    grain: Count,
    orders: Orders,
    houseLine: Type.Integer(),
    citizens: Type.Integer(),
    taxLine: Type.Integer(),
    character: Type.Union([Character, Type.Null()]),
    characterUsed: Type.Boolean(),
    mayor: Type.Boolean(),
    farmerSeeds: Type.Integer({ minimum: 0, description: 'Seeds on the Farmer card, harvested with the rest' }),
    factories: Type.Array(Factory),
    inventions: Type.Array(Invention),
    inventionMarkers: Type.Array(Count, { description: "Docking-space index of each of this player's action markers on the invention track" }),
  },
  strict,
);

const Territory = Type.Object(
  {
    id: Count,
    covered: Type.Boolean(),
    owner: Type.Union([Seat, Type.Null()]),
    price: Count,
    grounds: Type.Array(
      Type.Object(
        {
          building: Type.Union([literals(['house', 'skyscraper', 'factory'] as const), Type.Null()]),
          grain: Type.Integer({ minimum: 0, description: 'Seeds sown on this ground (1, or 2 with the Iron Plow)' }),
        },
        strict,
      ),
    ),
    admin: Type.Integer({ minimum: 0, description: 'Administrative buildings standing on this territory' }),
  },
  strict,
);

const Pending = Type.Union(
  [
    Type.Object({ kind: Type.Literal('price'), count: Count, placement: Type.Boolean() }, strict),
    Type.Object({ kind: Type.Literal('broker'), territory: Count }, strict),
    Type.Object({ kind: Type.Literal('erect'), building: literals(['house', 'skyscraper', 'admin'] as const), architect: Type.Boolean() }, strict),
    Type.Object({ kind: Type.Literal('trade'), mode: literals(['buy', 'sell'] as const), barnsUsed: Type.Array(Type.Boolean()) }, strict),
    Type.Object({ kind: Type.Literal('sow'), farmer: Type.Boolean() }, strict),
    Type.Object({ kind: Type.Literal('produce') }, strict),
    Type.Object({ kind: Type.Literal('factory'), card: Count }, strict),
    Type.Object({ kind: Type.Literal('invention'), space: Count }, strict),
  ],
  { description: 'What the acting seat is in the middle of (by `kind`)' },
);

export const UrbanizationView = Type.Object(
  {
    rules: Type.Optional(
      Type.Object(
        {
          atLeastTwoIfOrdersAllow: Type.Optional(Type.Boolean()),
          factoryBacks: Type.Optional(Type.Integer()),
        },
        { ...strict, description: 'The rules profile of versions after 1 (absent: version 1)' },
      ),
    ),
    seats: Type.Integer({ minimum: 1 }),
    options: Type.Object({ inventions: Type.Boolean() }, strict),
    phase: literals(['placement', 'hire', 'actions', 'steam', 'over'] as const),
    turn: Type.Integer({ description: 'Game turn 1..6 (the placement round happens before turn 1)' }),
    actionPhase: Type.Integer({ description: "Action phase 1..4 during 'actions'" }),
    startPlayer: Seat,
    step: Type.Integer({ description: 'Position in the clockwise order from the start player of the seat to act' }),
    pending: Type.Union([Pending, Type.Null()]),
    steamQueue: Type.Array(Seat, { description: 'Seats still to answer the Steam Engine question in the factories phase' }),
    players: Type.Array(Player),
    territories: Type.Array(Territory),
    display: Type.Array(
      Type.Object(
        {
          card: Type.Union([Count, Type.Null()]),
          spaces: Type.Array(Type.Union([Seat, Type.Null()]), { description: 'Who placed an action marker on each work-order space (left to right)' }),
        },
        strict,
      ),
    ),
    deck: Type.Array(Count, { description: 'The factory deck, face up in number order' }),
    removedCards: Type.Array(Count),
    grainArea: Type.Object({ barns: Type.Array(Count), field: Count, returnArea: Count, outOfPlay: Count }, strict),
    supply: Orders,
    pool: Type.Object({ houses: Count, skyscrapers: Count, admin: Count, factories: Count }, strict),
    priceOutOfPlay: Count,
    docks: Type.Array(Type.Array(Invention), { description: 'The invention cards on each dock' }),
    final: Type.Union([
      Type.Object(
        {
          factorySums: Type.Array(Type.Integer()),
          factoryBonus: Type.Union([Seat, Type.Null()]),
          inventionBonus: Type.Array(Type.Integer()),
          newestFactory: Type.Array(Type.Union([Type.Integer(), Type.Null()])),
        },
        { ...strict, description: 'The final scoring details, once over' },
      ),
      Type.Null(),
    ]),
    you: Type.Union([Seat, Type.Null()], { description: 'Your seat (null for a spectator)' }),
    activeSeat: Type.Union([Seat, Type.Null()], { description: 'The seat to act (null once over)' }),
    expected: Type.String({ description: 'What the seat to act is expected to do, in words' }),
    freeMarkers: Type.Array(Count, { description: 'Free action markers per seat' }),
    availableCharacters: Type.Array(Character, { description: 'Characters that can still be hired' }),
  },
  { ...strict, $id: 'UrbanizationView', description: 'What a seat (or a spectator) sees of a urbanization game: the whole state (nothing is hidden) and a few derived values' },
);

export const schemas = {
  action: { ...urbanizationGame.actionSchema, $id: 'UrbanizationAction', description: 'One urbanization action' },
  options: { ...urbanizationGame.optionsSchema, $id: 'UrbanizationOptions', description: 'urbanization options' },
  view: UrbanizationView,
};
