import { Type } from '@sinclair/typebox';
import { milestoneCityGame } from './index.js';
import { BAR_NAMES } from './data.js';

/**
 * The published shapes of milestone city (OpenAPI components MilestoneCityAction, …Options, …View):
 * what `view` returns, checked against every view of random games in test/games/published-schemas.test.ts.
 * Change them together with view.ts.
 */
const strict = { additionalProperties: false } as const;
const Seat = Type.Integer({ minimum: 0 });
const bars = (optional: boolean) =>
  Type.Object(Object.fromEntries(BAR_NAMES.map((name) => [name, optional ? Type.Optional(Type.Integer()) : Type.Integer()])), strict);

export const MilestoneCityView = Type.Object(
  {
    seat: Type.Union([Seat, Type.Null()], { description: 'Your seat (null for a spectator)' }),
    phase: Type.Union([Type.Literal('piece'), Type.Literal('turn'), Type.Literal('over')]),
    active: Type.Union([Seat, Type.Null()]),
    starter: Seat,
    milestone: Type.Integer(),
    goal: Type.Integer(),
    nextMilestone: Type.Union([Type.Object({ name: Type.String(), needs: bars(true) }, strict), Type.Null()]),
    pieces: Type.Array(Type.Object({ id: Type.String(), cost: Type.Integer(), faceUp: Type.Boolean() }, strict)),
    treasury: Type.Integer(),
    bars: bars(false),
    tiles: Type.Array(Type.Object({ tile: Type.String(), card: Type.String(), squares: Type.Array(Type.Integer()) }, strict)),
    supply: Type.Array(Type.Object({ tile: Type.String(), left: Type.Integer() }, strict)),
    hands: Type.Array(Type.Array(Type.String()), { description: 'Hands lie open on the table: everybody sees them' }),
    deckSize: Type.Integer(),
    discard: Type.Array(Type.String()),
    pending: Type.Union([Type.Object({ card: Type.String(), tile: Type.Union([Type.String(), Type.Null()]), orientation: Type.Union([Type.Integer(), Type.Null()]) }, strict), Type.Null()]),
    districts: Type.Array(Type.Object({ id: Type.Integer(), squares: Type.Array(Type.Integer()), empty: Type.Boolean() }, strict)),
    passes: Type.Integer(),
    result: Type.Union([Type.Literal('won'), Type.Literal('bankrupt'), Type.Literal('outOfCards'), Type.Null()]),
    score: Type.Number(),
    turns: Type.Integer(),
  },
  { ...strict, $id: 'MilestoneCityView', description: 'What a seat (or a spectator) sees of a milestone city game: all but the draw order' },
);

export const schemas = {
  action: { ...milestoneCityGame.actionSchema, $id: 'MilestoneCityAction', description: 'One milestone city action' },
  options: { ...milestoneCityGame.optionsSchema, $id: 'MilestoneCityOptions', description: 'Milestone city options' },
  view: MilestoneCityView,
};
