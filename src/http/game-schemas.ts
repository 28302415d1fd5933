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

export const GameResult = Type.Object(
  {
    scores: Type.Array(Type.Number(), { description: 'Final score per seat' }),
    winners: Type.Array(Type.Integer(), { description: 'Seats that won (several on a shared victory; none when a cooperative game is lost)' }),
    ranking: Type.Array(Type.Integer(), { description: 'Seats from first to last' }),
    details: Type.Optional(Type.Unknown({ description: 'Game-specific final scoring breakdown' })),
    abandoned: Type.Optional(Type.Boolean({ description: 'Closed because no person was left' })),
  },
  { $id: 'GameResult', description: 'The outcome of a finished game' },
);

/** Every component to register with Fastify (they then appear under components.schemas). */
export const gameComponents = (): TSchema[] => [GameResult, ...Object.values(PUBLISHED).flatMap(({ action, options, view, catalog }) => [action, options, view, catalog])];

type Schema = Record<string, unknown>;
const ref = (schema: TSchema) => ({ $ref: `#/components/schemas/${String(schema.$id)}` });
const anyOfGames = (part: 'action' | 'view', description: string) => ({ anyOf: Object.values(PUBLISHED).map((game) => ref(game[part])), description });

/** Rewrites the generated document's generic game fields to the per-game components (swagger's transformObject). */
export function typeGameFields<T>(document: T): T {
  const schemas = (document as { components: { schemas: Record<string, Schema> } }).components.schemas;
  const properties = (name: string) => (schemas[name]!.properties ?? {}) as Record<string, Schema>;
  for (const name of ['GameSummary', 'GameDetail']) {
    const base = schemas[name]!;
    properties(name).result = { anyOf: [ref(GameResult), { type: 'null' }], description: 'The outcome once finished' };
    schemas[`${name}Base`] = base;
    const mapping: Record<string, string> = {};
    for (const [type, game] of Object.entries(PUBLISHED)) {
      // UrbanizationGameDetail, ConstructionYardGameSummary, …: named types for generated clients.
      const variant = `${String(game.view.$id).replace(/View$/, '')}${name}`;
      schemas[variant] = {
        description: `${base.description ?? name} of a ${type} game`,
        allOf: [
          { $ref: `#/components/schemas/${name}Base` },
          { type: 'object', properties: { type: { const: type }, options: ref(game.options), ...(name === 'GameDetail' ? { view: { anyOf: [ref(game.view), { type: 'null' }], description: 'Your view (null before the game starts)' } } : {}) } },
        ],
      };
      mapping[type] = `#/components/schemas/${variant}`;
    }
    schemas[name] = { description: base.description, oneOf: Object.values(mapping).map(($ref) => ({ $ref })), discriminator: { propertyName: 'type', mapping } };
  }
  properties('LegalActions').actions = { type: 'array', items: anyOfGames('action', "An action of the game's action union"), description: 'Each one ready to submit as is' };
  properties('PlayerEvent').action = { anyOf: [...anyOfGames('action', '').anyOf, { type: 'null' }], description: 'The action, only on your own events' };
  // A move's (or take-back's) answer carries the view inline, without the game type.
  const paths = (document as { paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: Schema }> }> }>> }).paths;
  const inline = (path: string, method: string, status: string) => paths[path]![method]!.responses[status]!.content!['application/json']!.schema;
  for (const path of ['/v1/games/{id}/actions', '/v1/games/{id}/take-back']) {
    (inline(path, 'post', '201').properties as Record<string, Schema>).view = { anyOf: [...anyOfGames('view', '').anyOf, { type: 'null' }], description: 'Your view after the move' };
  }
  return document;
}
