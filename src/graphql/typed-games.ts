import type { IFieldResolver, IResolvers } from 'mercurius';
import { PUBLISHED } from '../http/game-schemas.js';
import type { GameSummary } from '../services/lobby.js';
import { JSONScalar } from './scalars.js';

/**
 * The per-game typing of the GraphQL schema (schema.graphql): the `GameTypeId` enum, one scalar per
 * game and part (`UrbanizationAction`, `…Options`, `…View`, `…Result`, each exactly the OpenAPI
 * component of that name, named by its @specifiedBy URL), the `TypedGame` union of one object type
 * per game, and the `GameMove` @oneOf input. On the wire the scalars are JSON as before: what they add
 * is a name a generated client maps to the published type (examples/graphql: graphql-codegen maps
 * each to the type openapi-typescript generates for the component).
 */

/** `construction-yard` -> `construction_yard` (enum values cannot hold `-`); null for a game type the schema does not name. */
export const typeIdOf = (type: string): string | null => (Object.hasOwn(PUBLISHED, type) ? type.replaceAll('-', '_') : null);
/** `construction_yard` -> `construction-yard`. */
export const typeOfId = (typeId: string): string => typeId.replaceAll('_', '-');
/** `construction-yard` -> `constructionYard`: the game's field of `GameMove`. */
export const moveFieldOf = (type: string): string => type.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase());
/** `construction-yard` -> `ConstructionYard`: the prefix of the game's GraphQL names (its OpenAPI components' prefix). */
const prefixOf = (type: string) => String(PUBLISHED[type]!.view.$id).replace(/View$/, '');

/** The action of a `GameMove` and the game type it names (the input is @oneOf: exactly one field is set). */
export function unpackMove(move: Record<string, unknown>): { gameType: string; action: unknown } {
  const [field, action] = Object.entries(move)[0]!;
  const gameType = Object.keys(PUBLISHED).find((type) => moveFieldOf(type) === field)!;
  return { gameType, action };
}

/** `view` and `legalActions` of a typed game are the Game's own (resolvers.ts): the same values, typed. */
export function typedGameResolvers(game: { view: IFieldResolver<GameSummary>; legalActions: IFieldResolver<GameSummary> }): IResolvers {
  const resolvers: IResolvers = {
    TimeControl: JSONScalar,
    TypedGame: { resolveType: (parent: GameSummary) => `${prefixOf(parent.type)}Game` },
    GameRecord: { typeId: (record: { type: string }) => typeIdOf(record.type) },
  };
  for (const type of Object.keys(PUBLISHED)) {
    const prefix = prefixOf(type);
    for (const part of ['Action', 'Options', 'View', 'Result']) resolvers[`${prefix}${part}`] = JSONScalar;
    resolvers[`${prefix}Game`] = {
      typeId: (parent: GameSummary) => typeIdOf(parent.type),
      view: game.view,
      legalActions: game.legalActions,
    };
  }
  return resolvers;
}
