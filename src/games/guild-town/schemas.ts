import { Type } from '@sinclair/typebox';
import { FINALS, GUILDS } from './data.js';
import { guildTownGame } from './index.js';

/**
 * The published shapes of guild-town (OpenAPI components GuildTownAction, GuildTownOptions,
 * GuildTownView): the view is what `viewState` returns (no other hand, no deck order, no seed),
 * checked against every view of random games in test/games/published-schemas.test.ts.
 * Change it together with view.ts and state.ts.
 */
const strict = { additionalProperties: false } as const;
const Seat = Type.Integer({ minimum: 0 });
const Count = Type.Integer({ minimum: 0 });
const Card = Type.Integer({ minimum: 0, description: 'A building card id' });
const literals = <T extends string>(values: readonly T[], description?: string) => Type.Union(values.map((value) => Type.Literal(value)), description ? { description } : {});
const Guild = literals(GUILDS, 'A guild');
const Row = literals(['basic', 'expanded', 'advanced'] as const, 'A building row');
const Phase = literals(['swap', 'helpers', 'guilds', 'discard', 'invest', 'over'] as const);
const Helper = Type.Object({ seat: Seat, priv: Type.Boolean({ description: 'It used a privilege this round' }) }, { ...strict, description: 'One helper disc on a guild track' });
const Raised = Type.Object(
  { card: Card, slots: Type.Array(Type.Boolean(), { description: "Which input icons hold one of the owner's cubes" }) },
  { ...strict, description: 'A raised building' },
);
const rowsOf = <T extends Parameters<typeof Type.Array>[0]>(item: T) => Type.Object({ basic: Type.Array(item), expanded: Type.Array(item), advanced: Type.Array(item) }, strict);

const Prompt = Type.Union(
  [
    Type.Object({ kind: Type.Literal('main') }, strict),
    Type.Object({ kind: Type.Literal('bankDiscard'), left: Count, privileged: Type.Boolean() }, strict),
    Type.Object({ kind: Type.Literal('build'), raised: Type.Integer(), cost: Type.Integer() }, strict),
    Type.Object(
      {
        kind: Type.Literal('pay'), seat: Seat, cost: Type.Integer(), selected: Type.Array(Count), colours: Type.Array(Count), reason: Type.String(),
        buying: Type.Optional(Type.Object({ row: Row, slot: Count, card: Card }, { ...strict, description: 'Rules version 5: the face-up building being bought, taken once paid (until then `cancel` gives it up)' })),
      },
      strict,
    ),
    Type.Object({ kind: Type.Literal('notaryAfter') }, strict),
    Type.Object(
      { kind: Type.Literal('look'), row: Row, cards: Type.Array(Card, { description: 'Seen by the looking player only (empty for the others)' }), chosen: Type.Integer(), then: literals(['main', 'end'] as const) },
      strict,
    ),
    Type.Object({ kind: Type.Literal('hall'), done: Type.Array(Type.String()) }, strict),
  ],
  { description: 'What the acting player of a guild turn is in the middle of (by `kind`)' },
);

const PlayerView = Type.Object(
  {
    seat: Seat,
    points: Type.Integer(),
    town: Type.Array(Raised, { description: 'Raised buildings, left to right' }),
    supply: Count,
    market: Count,
    privTokens: Count,
    workTokens: Count,
    helpers: Count,
    passed: Type.Boolean(),
    bonus: Type.Array(literals(FINALS), { description: 'Bonus tokens won (final products)' }),
    moneyCount: Count,
    handCount: Count,
  },
  { ...strict, description: 'What everybody sees of a player' },
);

export const GuildTownView = Type.Object(
  {
    viewer: Type.Union([Seat, Type.Null()], { description: 'Your seat (null for a spectator)' }),
    year: Type.Integer(),
    season: Type.Integer(),
    phase: Phase,
    guildsThisSeason: Type.Array(Guild),
    active: Type.Array(Seat, { description: 'The seats to act' }),
    order: Type.Array(Seat, { description: 'Player order: seats from first to last' }),
    moneyRow: Type.Array(Type.Union([Count, Type.Null()])),
    moneyDeckCount: Count,
    moneyDiscardCount: Count,
    rows: rowsOf(Type.Union([Card, Type.Null()])),
    pileCounts: Type.Object({ basic: Count, expanded: Count, advanced: Count }, strict),
    lumberBox: Type.Array(Card, { description: 'Lumber mills not dealt' }),
    players: Type.Array(PlayerView),
    myMoney: Type.Union(
      [Type.Array(Type.Object({ id: Count, colour: Type.Integer({ minimum: 0, maximum: 3 }), value: Type.Integer({ minimum: 1 }) }, strict)), Type.Null()],
      { description: 'Your own money cards (null for a spectator)' },
    ),
    myHand: Type.Union([Type.Array(Card), Type.Null()], { description: 'Your own building cards (null for a spectator)' }),
    guilds: Type.Array(Type.Object({ guild: Guild, spaces: Type.Array(Type.Array(Helper), { description: 'Stacks of helpers per space, bottom first' }) }, strict)),
    changeOrder: Type.Array(Seat),
    storehouse: Type.Array(Type.Array(Type.Integer({ minimum: -1 })), { description: 'Markers per storehouse good, bottom first; -1 is a natural cube' }),
    naturalOff: Count,
    ships: Type.Array(Type.Array(Type.Array(Type.Integer({ minimum: -1 }))), { description: 'ships[ship][good] = the storage spaces left to right: the seat whose marker is there, or -1 when empty' }),
    bonusTaken: Type.Array(Type.Union([Seat, Type.Null()]), { description: 'Seat holding each final product\'s bonus token' }),
    privBank: Count,
    workBank: Count,
    stage: Type.Union([Guild, Type.Null()], { description: 'The guild whose turns are played (guilds phase only)' }),
    turn: Type.Union([
      Type.Object({ seat: Seat, guild: Guild, gold: Type.Boolean(), privUsed: Type.Boolean(), wp: Type.Integer(), freeRaw: Type.Integer(), prompt: Prompt }, strict),
      Type.Null(),
    ]),
    auction: Type.Union([
      Type.Object(
        {
          row: Row,
          slot: Count,
          card: Card,
          initiator: Seat,
          high: Type.Integer(),
          highSeat: Seat,
          bidders: Type.Array(Seat, { description: 'Seats still bidding, in bidding order' }),
          toAct: Seat,
          raised: Type.Boolean(),
          opening: Type.Boolean({ description: 'The opener has not named the opening bid yet' }),
          mayor: Type.Union([Type.Integer(), Type.Null()], { description: 'The mayor\'s bid, once made' }),
        },
        strict,
      ),
      Type.Null(),
    ]),
    final: Type.Union([Type.Array(Type.Object({ seat: Seat, points: Type.Integer(), bonus: Type.Integer(), moneyCards: Count }, strict)), Type.Null()], {
      description: 'Final per-seat scoring, once over',
    }),
    yearScores: Type.Array(
      Type.Object({ year: Type.Integer(), ships: Type.Array(Type.Integer()), colours: Type.Array(Type.Integer()), storehouse: Type.Array(Type.Integer()), invest: Type.Array(Type.Integer()) }, strict),
      { description: 'Scoring history by year' },
    ),
  },
  { ...strict, $id: 'GuildTownView', description: 'What a seat (or a spectator) sees of a guild-town game: no other hand, no deck order' },
);

export const schemas = {
  action: { ...guildTownGame.actionSchema, $id: 'GuildTownAction', description: 'One guild-town action' },
  options: { ...guildTownGame.optionsSchema, $id: 'GuildTownOptions', description: 'guild-town options' },
  view: GuildTownView,
};
