/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';
/** What made an event of a game's log. */
export type EventKind =
  /** An admin ended the game without a result. */
  | 'abort'
  /** A move by a player or a bot. */
  | 'action'
  /** An admin gave the seat to a bot. */
  | 'replace'
  /** A player resigned. */
  | 'resign'
  /** An admin moved the game to newer rules. */
  | 'rules'
  /** The game started (event 1 of games started since 2026-11-27, so the start has a version of its own; older games have no such event). */
  | 'start'
  /** A deadline passed: the seat was played for (or its player replaced by a bot). */
  | 'timeout'
  /** A take-back: the event `undoesSeq` and every event after it were taken back. */
  | 'undo';

/** An action with its game type: exactly one field, the game's (a client generated from this schema cannot send one game's action to another game's field). */
export type GameMove =
  {   /** An action of a construction-yard game. */
  constructionYard: import('../../openapi/openapi.js').components['schemas']['ConstructionYardAction']; guildTown?: never; milestoneCity?: never; urbanization?: never; }
  |  { constructionYard?: never;   /** An action of a guild-town game. */
  guildTown: import('../../openapi/openapi.js').components['schemas']['GuildTownAction']; milestoneCity?: never; urbanization?: never; }
  |  { constructionYard?: never; guildTown?: never;   /** An action of a milestone-city game. */
  milestoneCity: import('../../openapi/openapi.js').components['schemas']['MilestoneCityAction']; urbanization?: never; }
  |  { constructionYard?: never; guildTown?: never; milestoneCity?: never;   /** An action of a urbanization game. */
  urbanization: import('../../openapi/openapi.js').components['schemas']['UrbanizationAction']; };

/** Where a game is in its life. */
export type GameStatus =
  /** Ended by an admin without a result. */
  | 'aborted'
  /** Being played. */
  | 'active'
  /** Over, with a result. */
  | 'finished'
  /** Waiting for players: seats can be joined, configured and the game started. */
  | 'open';

/** The game types this schema types, spelt as their REST ids with `_` for `-` (construction_yard is `construction-yard`). */
export type GameTypeId =
  /** The construction-yard game. */
  | 'construction_yard'
  /** The guild-town game. */
  | 'guild_town'
  /** The milestone-city game. */
  | 'milestone_city'
  /** The urbanization game. */
  | 'urbanization';

export type RegisterMutationVariables = Exact<{
  username: string;
  password: string;
}>;


export type RegisterMutation = { register: { token: string, user: { id: string, username: string, createdAt: string } } };

export type CreateGameMutationVariables = Exact<{
  typeId: GameTypeId;
  seats: number;
}>;


export type CreateGameMutation = { createGame: { id: string, status: GameStatus, typeId: GameTypeId | null, gameType: { viewSchema: { [key: string]: unknown } | null, bots: Array<string>, components: { action: string, view: string } | null, botLevels: Array<{ name: string, level: string, description: string }> } } };

export type JoinGameMutationVariables = Exact<{
  gameId: string | number;
}>;


export type JoinGameMutation = { joinGame: { id: string, status: GameStatus, startedAt: string | null } };

export type TurnQueryVariables = Exact<{
  gameId: string | number;
}>;


export type TurnQuery = { game: { status: GameStatus, version: number, yourSeat: number | null, activeSeats: Array<number>, typed:
      | { __typename: 'ConstructionYardGame', constructionYardView: import('../../openapi/openapi.js').components['schemas']['ConstructionYardView'] | null, constructionYardActions: Array<import('../../openapi/openapi.js').components['schemas']['ConstructionYardAction']> }
      | { __typename: 'GuildTownGame', guildTownView: import('../../openapi/openapi.js').components['schemas']['GuildTownView'] | null, guildTownActions: Array<import('../../openapi/openapi.js').components['schemas']['GuildTownAction']> }
      | { __typename: 'MilestoneCityGame', milestoneCityView: import('../../openapi/openapi.js').components['schemas']['MilestoneCityView'] | null, milestoneCityActions: Array<import('../../openapi/openapi.js').components['schemas']['MilestoneCityAction']> }
      | { __typename: 'UrbanizationGame', urbanizationView: import('../../openapi/openapi.js').components['schemas']['UrbanizationView'] | null, urbanizationActions: Array<import('../../openapi/openapi.js').components['schemas']['UrbanizationAction']> }
     | null } };

type TypedView_ConstructionYardGame_Fragment = { __typename: 'ConstructionYardGame', constructionYardView: import('../../openapi/openapi.js').components['schemas']['ConstructionYardView'] | null };

type TypedView_GuildTownGame_Fragment = { __typename: 'GuildTownGame', guildTownView: import('../../openapi/openapi.js').components['schemas']['GuildTownView'] | null };

type TypedView_MilestoneCityGame_Fragment = { __typename: 'MilestoneCityGame', milestoneCityView: import('../../openapi/openapi.js').components['schemas']['MilestoneCityView'] | null };

type TypedView_UrbanizationGame_Fragment = { __typename: 'UrbanizationGame', urbanizationView: import('../../openapi/openapi.js').components['schemas']['UrbanizationView'] | null };

export type TypedViewFragment =
  | TypedView_ConstructionYardGame_Fragment
  | TypedView_GuildTownGame_Fragment
  | TypedView_MilestoneCityGame_Fragment
  | TypedView_UrbanizationGame_Fragment
;

export type PlayMutationVariables = Exact<{
  gameId: string | number;
  move: GameMove;
  expectedVersion?: number | null | undefined;
}>;


export type PlayMutation = { submitAction: { version: number, log: Array<{ message: string }>, typed:
      | { __typename: 'ConstructionYardGame', constructionYardView: import('../../openapi/openapi.js').components['schemas']['ConstructionYardView'] | null }
      | { __typename: 'GuildTownGame', guildTownView: import('../../openapi/openapi.js').components['schemas']['GuildTownView'] | null }
      | { __typename: 'MilestoneCityGame', milestoneCityView: import('../../openapi/openapi.js').components['schemas']['MilestoneCityView'] | null }
      | { __typename: 'UrbanizationGame', urbanizationView: import('../../openapi/openapi.js').components['schemas']['UrbanizationView'] | null }
     | null } };

export type OutcomeQueryVariables = Exact<{
  gameId: string | number;
}>;


export type OutcomeQuery = { game: { status: GameStatus, version: number, finishedAt: string | null, timeControl: import('../../openapi/openapi.js').components['schemas']['TimeControl'], typed:
      | { __typename: 'ConstructionYardGame', constructionYardResult: import('../../openapi/openapi.js').components['schemas']['ConstructionYardResult'] | null }
      | { __typename: 'GuildTownGame', guildTownResult: import('../../openapi/openapi.js').components['schemas']['GuildTownResult'] | null }
      | { __typename: 'MilestoneCityGame', milestoneCityResult: import('../../openapi/openapi.js').components['schemas']['MilestoneCityResult'] | null }
      | { __typename: 'UrbanizationGame', urbanizationResult: import('../../openapi/openapi.js').components['schemas']['UrbanizationResult'] | null }
     | null } };

export type RecordQueryVariables = Exact<{
  gameId: string | number;
}>;


export type RecordQuery = { record: { typeId: GameTypeId | null, seedCommitment: string, seed: string, status: GameStatus, finalStateHash: string, events: Array<{ seq: number, kind: EventKind, seat: number | null }> } };

export type EventsQueryVariables = Exact<{
  gameId: string | number;
  after?: string | null | undefined;
}>;


export type EventsQuery = { game: { events: { totalCount: number, edges: Array<{ cursor: string, node: { seq: number, seat: number | null, kind: EventKind, createdAt: string, log: Array<{ message: string }> } }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } } };

export type GameUpdatesSubscriptionVariables = Exact<{
  gameId: string | number;
}>;


export type GameUpdatesSubscription = { gameUpdated: { version: number, status: GameStatus, activeSeats: Array<number>, typed:
      | { __typename: 'ConstructionYardGame', constructionYardView: import('../../openapi/openapi.js').components['schemas']['ConstructionYardView'] | null }
      | { __typename: 'GuildTownGame', guildTownView: import('../../openapi/openapi.js').components['schemas']['GuildTownView'] | null }
      | { __typename: 'MilestoneCityGame', milestoneCityView: import('../../openapi/openapi.js').components['schemas']['MilestoneCityView'] | null }
      | { __typename: 'UrbanizationGame', urbanizationView: import('../../openapi/openapi.js').components['schemas']['UrbanizationView'] | null }
     | null } };

export const TypedViewFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"TypedView"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"TypedGame"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"UrbanizationGame"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"urbanizationView"},"name":{"kind":"Name","value":"view"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ConstructionYardGame"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"constructionYardView"},"name":{"kind":"Name","value":"view"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"GuildTownGame"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"guildTownView"},"name":{"kind":"Name","value":"view"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"MilestoneCityGame"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"milestoneCityView"},"name":{"kind":"Name","value":"view"}}]}}]}}]} as unknown as DocumentNode<TypedViewFragment, unknown>;
export const RegisterDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"Register"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"username"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"password"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"register"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"username"},"value":{"kind":"Variable","name":{"kind":"Name","value":"username"}}},{"kind":"Argument","name":{"kind":"Name","value":"password"},"value":{"kind":"Variable","name":{"kind":"Name","value":"password"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"token"}},{"kind":"Field","name":{"kind":"Name","value":"user"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"username"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]}}]}}]} as unknown as DocumentNode<RegisterMutation, RegisterMutationVariables>;
export const CreateGameDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateGame"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"typeId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"GameTypeId"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"seats"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createGame"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"typeId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"typeId"}}},{"kind":"Argument","name":{"kind":"Name","value":"seats"},"value":{"kind":"Variable","name":{"kind":"Name","value":"seats"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"typeId"}},{"kind":"Field","name":{"kind":"Name","value":"gameType"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"components"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"action"}},{"kind":"Field","name":{"kind":"Name","value":"view"}}]}},{"kind":"Field","name":{"kind":"Name","value":"viewSchema"}},{"kind":"Field","name":{"kind":"Name","value":"bots"}},{"kind":"Field","name":{"kind":"Name","value":"botLevels"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"level"}},{"kind":"Field","name":{"kind":"Name","value":"description"}}]}}]}}]}}]}}]} as unknown as DocumentNode<CreateGameMutation, CreateGameMutationVariables>;
export const JoinGameDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"JoinGame"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"gameId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"joinGame"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"gameId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"gameId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"startedAt"}}]}}]}}]} as unknown as DocumentNode<JoinGameMutation, JoinGameMutationVariables>;
export const TurnDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Turn"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"gameId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"game"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"gameId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"yourSeat"}},{"kind":"Field","name":{"kind":"Name","value":"activeSeats"}},{"kind":"Field","name":{"kind":"Name","value":"typed"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"UrbanizationGame"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"urbanizationView"},"name":{"kind":"Name","value":"view"}},{"kind":"Field","alias":{"kind":"Name","value":"urbanizationActions"},"name":{"kind":"Name","value":"legalActions"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ConstructionYardGame"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"constructionYardView"},"name":{"kind":"Name","value":"view"}},{"kind":"Field","alias":{"kind":"Name","value":"constructionYardActions"},"name":{"kind":"Name","value":"legalActions"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"GuildTownGame"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"guildTownView"},"name":{"kind":"Name","value":"view"}},{"kind":"Field","alias":{"kind":"Name","value":"guildTownActions"},"name":{"kind":"Name","value":"legalActions"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"MilestoneCityGame"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"milestoneCityView"},"name":{"kind":"Name","value":"view"}},{"kind":"Field","alias":{"kind":"Name","value":"milestoneCityActions"},"name":{"kind":"Name","value":"legalActions"}}]}}]}}]}}]}}]} as unknown as DocumentNode<TurnQuery, TurnQueryVariables>;
export const PlayDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"Play"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"gameId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"move"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"GameMove"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"expectedVersion"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"submitAction"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"gameId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"gameId"}}},{"kind":"Argument","name":{"kind":"Name","value":"move"},"value":{"kind":"Variable","name":{"kind":"Name","value":"move"}}},{"kind":"Argument","name":{"kind":"Name","value":"expectedVersion"},"value":{"kind":"Variable","name":{"kind":"Name","value":"expectedVersion"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"log"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"message"}}]}},{"kind":"Field","name":{"kind":"Name","value":"typed"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"TypedView"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"TypedView"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"TypedGame"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"UrbanizationGame"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"urbanizationView"},"name":{"kind":"Name","value":"view"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ConstructionYardGame"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"constructionYardView"},"name":{"kind":"Name","value":"view"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"GuildTownGame"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"guildTownView"},"name":{"kind":"Name","value":"view"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"MilestoneCityGame"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"milestoneCityView"},"name":{"kind":"Name","value":"view"}}]}}]}}]} as unknown as DocumentNode<PlayMutation, PlayMutationVariables>;
export const OutcomeDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Outcome"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"gameId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"game"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"gameId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"finishedAt"}},{"kind":"Field","name":{"kind":"Name","value":"timeControl"}},{"kind":"Field","name":{"kind":"Name","value":"typed"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"UrbanizationGame"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"urbanizationResult"},"name":{"kind":"Name","value":"result"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ConstructionYardGame"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"constructionYardResult"},"name":{"kind":"Name","value":"result"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"GuildTownGame"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"guildTownResult"},"name":{"kind":"Name","value":"result"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"MilestoneCityGame"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"milestoneCityResult"},"name":{"kind":"Name","value":"result"}}]}}]}}]}}]}}]} as unknown as DocumentNode<OutcomeQuery, OutcomeQueryVariables>;
export const RecordDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Record"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"gameId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"record"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"gameId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"typeId"}},{"kind":"Field","name":{"kind":"Name","value":"seedCommitment"}},{"kind":"Field","name":{"kind":"Name","value":"seed"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"finalStateHash"}},{"kind":"Field","name":{"kind":"Name","value":"events"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"seq"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"seat"}}]}}]}}]}}]} as unknown as DocumentNode<RecordQuery, RecordQueryVariables>;
export const EventsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Events"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"gameId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"game"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"gameId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"events"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"100"}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cursor"}},{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"seq"}},{"kind":"Field","name":{"kind":"Name","value":"seat"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"log"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}}]}}]}}]}}]} as unknown as DocumentNode<EventsQuery, EventsQueryVariables>;
export const GameUpdatesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"GameUpdates"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"gameId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"gameUpdated"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"gameId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"gameId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"activeSeats"}},{"kind":"Field","name":{"kind":"Name","value":"typed"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"TypedView"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"TypedView"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"TypedGame"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"UrbanizationGame"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"urbanizationView"},"name":{"kind":"Name","value":"view"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ConstructionYardGame"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"constructionYardView"},"name":{"kind":"Name","value":"view"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"GuildTownGame"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"guildTownView"},"name":{"kind":"Name","value":"view"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"MilestoneCityGame"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"milestoneCityView"},"name":{"kind":"Name","value":"view"}}]}}]}}]} as unknown as DocumentNode<GameUpdatesSubscription, GameUpdatesSubscriptionVariables>;