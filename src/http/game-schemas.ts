import { Type, type TSchema } from '@sinclair/typebox';
import { schemas as constructionYard } from '../games/construction-yard/schemas.js';
import { schemas as guildTown } from '../games/guild-town/schemas.js';
import { schemas as milestoneCity } from '../games/milestone-city/schemas.js';
import { schemas as urbanization } from '../games/urbanization/schemas.js';
import * as constructionYardCatalog from '../games/construction-yard/catalog.js';
import * as guildTownCatalog from '../games/guild-town/catalog.js';
import * as milestoneCityCatalog from '../games/milestone-city/catalog.js';
import * as urbanizationCatalog from '../games/urbanization/catalog.js';

/**
 * Per-game types in the OpenAPI document. Each game publishes its action union, options and view
 * as named components (src/games/<id>/schemas.ts). Documents with a game type (GameDetail,
 * GameSummary) become a `oneOf` discriminated by `type`, each member fixing `options` and `view`
 * to that game's components; where the game type is not in the body (legal actions, a submitted
 * move's answer, log events) the field is an `anyOf` of every game's schema.
 *
 * The routes keep serializing the generic shapes (a move's answer is not slowed down by a union
 * check); test/games/published-schemas.test.ts validates what the engines produce in random games
 * against these components, and test/api/generated-client.test.ts every answer of a whole game.
 */
export const PUBLISHED: Record<string, { action: TSchema; options: TSchema; view: TSchema; catalog: TSchema }> = {
  urbanization: { ...urbanization, catalog: urbanizationCatalog.UrbanizationCatalog },
  'construction-yard': { ...constructionYard, catalog: constructionYardCatalog.ConstructionYardCatalog },
  'guild-town': { ...guildTown, catalog: guildTownCatalog.GuildTownCatalog },
  'milestone-city': { ...milestoneCity, catalog: milestoneCityCatalog.MilestoneCityCatalog },
};

/**
 * Each game's catalog: the printed components (card faces, board layout) its views name by id,
 * from the game's data module (src/games/<id>/catalog.ts), so that clients draw boards without a
 * copy of the edition (GET /v1/game-types/{id}/catalog, GraphQL `GameType.catalog`).
 */
export const CATALOGS: Record<string, unknown> = {
  urbanization: urbanizationCatalog.catalog,
  'construction-yard': constructionYardCatalog.catalog,
  'guild-town': guildTownCatalog.catalog,
  'milestone-city': milestoneCityCatalog.catalog,
};

const resultFields = {
  scores: Type.Array(Type.Number(), { description: 'Final score per seat' }),
  winners: Type.Array(Type.Integer(), { description: 'Seats that won (several on a shared victory; none when a cooperative game is lost)' }),
  ranking: Type.Array(Type.Integer(), { description: 'Seats from first to last' }),
  abandoned: Type.Optional(Type.Boolean({ description: 'Closed because no person was left' })),
};
export const GameResult = Type.Object(
  { ...resultFields, details: Type.Optional(Type.Unknown({ description: 'Game-specific final scoring breakdown (each game\'s `<Game>Result` types it)' })) },
  { $id: 'GameResult', description: 'The outcome of a finished game' },
);

type ObjectSchema = TSchema & { properties: Record<string, TSchema> };
/** A property of a published view, without its `null` (views show a game's final scoring once it is over). */
const viewPart = (view: TSchema, name: string): TSchema => {
  const part = (view as ObjectSchema).properties[name]!;
  const members = ((part.anyOf as TSchema[] | undefined) ?? [part]).filter((member) => member.type !== 'null');
  return members.length === 1 ? members[0]! : { ...part, anyOf: members };
};
const strict = { additionalProperties: false } as const;

/** What each game's outcome() puts in `details` (src/games/<id>/index.ts), from the view's own parts. */
const RESULT_DETAILS: Record<string, TSchema> = {
  urbanization: viewPart(urbanization.view, 'final'),
  'construction-yard': Type.Object({
    scorings: viewPart(constructionYard.view, 'scorings'),
    finalAssignments: viewPart(constructionYard.view, 'finalAssignments'),
    neutralScore: Type.Union([Type.Integer(), Type.Null()], { description: "The neutral collector's score (null without one)" }),
    buildings: Type.Array(Type.Integer(), { description: 'Buildings owned per seat' }),
  }, strict),
  'guild-town': Type.Object({ final: viewPart(guildTown.view, 'final'), years: viewPart(guildTown.view, 'yearScores') }, strict),
  'milestone-city': Type.Object({
    result: viewPart(milestoneCity.view, 'result'),
    milestonesEnded: Type.Integer({ description: 'Milestones reached' }),
    goal: Type.Integer(),
    score: Type.Number(),
    breakdown: Type.Object({ milestones: Type.Number(), victory: Type.Number(), zones: Type.Number(), happiness: Type.Number(), money: Type.Number() }, strict),
    bars: viewPart(milestoneCity.view, 'bars'),
    treasury: Type.Integer(),
  }, strict),
};

/** The name prefix of a game's components: UrbanizationView -> Urbanization. */
const prefixOf = (type: string) => String(PUBLISHED[type]!.view.$id).replace(/View$/, '');

/** `<Game>Result`: the outcome with that game's `details`. */
const gameResults = (): TSchema[] => Object.keys(PUBLISHED).map((type) => Type.Object(
  { ...resultFields, details: { ...RESULT_DETAILS[type]!, description: 'The final scoring breakdown' } },
  { $id: `${prefixOf(type)}Result`, description: `The outcome of a finished ${type} game` },
));

/** Every component to register with Fastify (they then appear under components.schemas). */
export const gameComponents = (): TSchema[] => [GameResult, ...gameResults(), ...Object.values(PUBLISHED).flatMap(({ action, options, view, catalog }) => [action, options, view, catalog])];

type Schema = Record<string, unknown>;
const ref = (schema: TSchema) => ({ $ref: `#/components/schemas/${String(schema.$id)}` });
const refTo = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const anyOfGames = (part: 'action' | 'view', description: string) => ({ anyOf: Object.values(PUBLISHED).map((game) => ref(game[part])), description });
const orNull = (schema: Schema, description: string) => ({ anyOf: [schema, { type: 'null' }], description });

/**
 * Makes `name` a union discriminated by `discriminator`: one component `<Game><name>` per game, each
 * a copy of the generic object (kept as `<name>Base` where `keepBase`) with the discriminator fixed
 * to the game's type and the given properties typed for that game.
 */
function discriminate(schemas: Record<string, Schema>, name: string, discriminator: string, typed: (type: string, prefix: string) => Record<string, Schema>) {
  const base = schemas[name]!;
  const mapping: Record<string, string> = {};
  for (const type of Object.keys(PUBLISHED)) {
    const variant = `${prefixOf(type)}${name}`;
    const properties = { ...(base.properties as Record<string, Schema>), [discriminator]: { type: 'string', const: type, description: 'The game type' }, ...typed(type, prefixOf(type)) };
    const required = [...new Set([...((base.required as string[] | undefined) ?? []), discriminator])];
    schemas[variant] = { ...base, description: `${String(base.description ?? name)} (${type})`, properties, required };
    mapping[type] = `#/components/schemas/${variant}`;
  }
  schemas[name] = { description: base.description, oneOf: Object.values(mapping).map(($ref) => ({ $ref })), discriminator: { propertyName: discriminator, mapping } };
}

/** Rewrites the generated document's generic game fields to the per-game components (swagger's transformObject). */
export function typeGameFields<T>(document: T): T {
  const schemas = (document as { components: { schemas: Record<string, Schema> } }).components.schemas;
  const properties = (name: string) => (schemas[name]!.properties ?? {}) as Record<string, Schema>;
  for (const name of ['GameSummary', 'GameDetail']) {
    const base = schemas[name]!;
    properties(name).result = orNull(ref(GameResult), 'The outcome once finished');
    schemas[`${name}Base`] = base;
    const mapping: Record<string, string> = {};
    for (const [type, game] of Object.entries(PUBLISHED)) {
      // UrbanizationGameDetail, ConstructionYardGameSummary, …: named types for generated clients.
      const variant = `${prefixOf(type)}${name}`;
      schemas[variant] = {
        description: `${base.description ?? name} of a ${type} game`,
        allOf: [
          { $ref: `#/components/schemas/${name}Base` },
          {
            type: 'object',
            properties: {
              type: { const: type }, options: ref(game.options), result: orNull(refTo(`${prefixOf(type)}Result`), 'The outcome once finished'),
              ...(name === 'GameDetail' ? { view: orNull(ref(game.view), 'Your view (null before the game starts)') } : {}),
            },
          },
        ],
      };
      mapping[type] = `#/components/schemas/${variant}`;
    }
    schemas[name] = { description: base.description, oneOf: Object.values(mapping).map(($ref) => ({ $ref })), discriminator: { propertyName: 'type', mapping } };
  }
  // Where the body has no game type of its own, `gameType` says which game's union a field holds.
  discriminate(schemas, 'LegalActions', 'gameType', (_type, prefix) => ({ actions: { type: 'array', items: refTo(`${prefix}Action`), description: 'Each one ready to submit as is' } }));
  discriminate(schemas, 'MoveResult', 'gameType', (_type, prefix) => ({ view: orNull(refTo(`${prefix}View`), 'Your view after the move') }));
  // Events the engine does not apply (the start, take-backs, resignations, rules moves, seat changes, aborts) record the service's own action.
  schemas.ServiceEventAction = {
    type: 'object', required: ['type'], description: 'The action of an event of kind start, undo, resign, rules, replace or abort',
    properties: { type: { type: 'string', enum: ['start', 'undo', 'resign', 'rules', 'replace', 'abort'] } },
  };
  discriminate(schemas, 'GameRecord', 'type', (_type, prefix) => {
    const events = properties('GameRecord').events as { items: { properties: Record<string, Schema> } & Schema } & Schema;
    return {
      events: { ...events, items: { ...events.items, properties: { ...events.items.properties, action: { anyOf: [refTo(`${prefix}Action`), refTo('ServiceEventAction')], description: 'The action as submitted (a move\'s), or the service\'s for its own events' } } } },
      result: orNull(refTo(`${prefix}Result`), 'The outcome (null: not over, or aborted)'),
    };
  });
  properties('PlayerEvent').action = { anyOf: [...anyOfGames('action', '').anyOf, { type: 'null' }], description: 'The action, only on your own events' };

  const paths = (document as { paths: Record<string, Record<string, Schema & { responses: Record<string, { content?: Record<string, { schema: Schema }> }> }>> }).paths;
  // The body of a move: one member per game, so that a generated client refuses another game's action.
  const moveBody = (paths['/v1/games/{id}/actions']!.post!.requestBody as { content: Record<string, { schema: Schema }> }).content['application/json']!;
  const { examples, ...generic } = moveBody.schema;
  const mapping: Record<string, string> = {};
  for (const type of Object.keys(PUBLISHED)) {
    const variant = `${prefixOf(type)}Move`;
    schemas[variant] = {
      ...generic, description: `A ${type} move`, required: ['gameType', 'action'],
      properties: { ...(generic.properties as Record<string, Schema>), gameType: { type: 'string', const: type, description: "The game's type" }, action: refTo(`${prefixOf(type)}Action`) },
    };
    mapping[type] = `#/components/schemas/${variant}`;
  }
  moveBody.schema = {
    description: 'An action of the game\'s type with its `gameType` (older clients may leave `gameType` out: the server still takes any action then)',
    oneOf: Object.values(mapping).map(($ref) => ({ $ref })), discriminator: { propertyName: 'gameType', mapping }, examples,
  };
  // A replay carries the view of its game's type.
  const replay = paths['/v1/games/{id}/replay']!.get!.responses['200']!.content!['application/json']!;
  schemas.Replay = { ...replay.schema, description: 'A finished game as one seat saw it right after event `at`' };
  discriminate(schemas, 'Replay', 'gameType', (_type, prefix) => ({ view: { ...refTo(`${prefix}View`), description: "The seat's view" } }));
  replay.schema = refTo('Replay');
  return document;
}
