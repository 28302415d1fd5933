/**
 * A third-party GraphQL client from the published schema only: its operations
 * (examples/graphql/operations.graphql) are typed by graphql-codegen from src/graphql/schema.graphql
 * (examples/graphql/generated.ts, `npm run graphql:codegen`); every operation goes over graphql-ws
 * (one connection per player, the token in `connection_init`), so each answer is typed by the library. Two players register, one creates a game and watches it over
 * WebSocket, the other joins, both play from their legal actions until the game is over, and the
 * events are read back page by page. test/api/graphql-client.test.ts runs it.
 *
 * Game-specific JSON is typed per game without a cast: `Game.typed` is a union of one type per game
 * (narrowed on `__typename`), whose scalars (`UrbanizationView`, `UrbanizationAction`, …) codegen maps
 * to the OpenAPI components of the same name, and a move goes as `move: { urbanization: action }`
 * (`GameMove` is @oneOf), so another game's action does not compile.
 */
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { print } from 'graphql';
import { createClient, type Client } from 'graphql-ws';
import {
  CreateGameDocument, EventsDocument, GameUpdatesDocument, JoinGameDocument, OutcomeDocument, PlayDocument, RecordDocument, RegisterDocument, TurnDocument,
  type CreateGameMutationVariables, type EventsQuery, type GameUpdatesSubscription, type TurnQuery,
} from './generated.js';

/** Picks one of a list (a game's legal actions). */
export type Chooser = <T>(actions: T[]) => T;
type Typed = NonNullable<TurnQuery['game']['typed']>;

/** The seat's view and its move (null: nothing to do now), narrowed per game on `__typename`. */
export function turnOf(typed: Typed, choose: Chooser) {
  switch (typed.__typename) {
    case 'UrbanizationGame': return { view: typed.urbanizationView, move: typed.urbanizationActions.length ? { urbanization: choose(typed.urbanizationActions) } : null };
    case 'ConstructionYardGame': return { view: typed.constructionYardView, move: typed.constructionYardActions.length ? { constructionYard: choose(typed.constructionYardActions) } : null };
    case 'GuildTownGame': return { view: typed.guildTownView, move: typed.guildTownActions.length ? { guildTown: choose(typed.guildTownActions) } : null };
    case 'MilestoneCityGame': return { view: typed.milestoneCityView, move: typed.milestoneCityActions.length ? { milestoneCity: choose(typed.milestoneCityActions) } : null };
  }
}

export interface GraphqlPlayOptions {
  /** The GraphQL endpoint over WebSocket, e.g. ws://127.0.0.1:3000/graphql. */
  wsUrl: string;
  typeId: CreateGameMutationVariables['typeId'];
  /** Players to seat (default: 2). */
  seats?: number;
  /** A WebSocket implementation where the platform has none (Node 20: the `ws` package). */
  webSocketImpl?: unknown;
  /** Picks one of the legal actions (default: the first). */
  choose?: Chooser;
}

type GameEvent = EventsQuery['game']['events']['edges'][number]['node'];

/** One query or mutation; a refusal becomes an Error naming its code. */
async function call<TData, TVariables extends Record<string, unknown>>(client: Client, document: TypedDocumentNode<TData, TVariables>, variables: TVariables): Promise<TData> {
  for await (const result of client.iterate<TData>({ query: print(document), variables })) {
    const [error] = result.errors ?? [];
    if (error || !result.data) throw new Error(`${String(error?.extensions?.code ?? 'NO_DATA')}: ${error?.message ?? 'no data'}`);
    return result.data;
  }
  throw new Error('the server closed the operation without an answer');
}

export async function playOneGame({ wsUrl, typeId, seats = 2, webSocketImpl, choose = (actions) => actions[0] }: GraphqlPlayOptions) {
  const connect = (token?: string) => createClient({ url: wsUrl, webSocketImpl, retryAttempts: 0, lazy: true, ...(token ? { connectionParams: { authorization: `Bearer ${token}` } } : {}) });
  const anonymous = connect();
  const suffix = Math.random().toString(36).slice(2, 8);
  const players: Client[] = [];
  for (let seat = 0; seat < seats; seat++) {
    const { register } = await call(anonymous, RegisterDocument, { username: `gql_p${seat}_${suffix}`, password: 'correct horse battery' });
    players.push(connect(register.token));
  }
  await anonymous.dispose();
  const [host] = players;
  if (!host) throw new Error('a game needs a player');

  const { createGame } = await call(host, CreateGameDocument, { typeId, seats });
  const gameId = createGame.id;

  // The host watches the game over its connection.
  const updates: GameUpdatesSubscription['gameUpdated'][] = [];
  let watchError: unknown = null;
  const unwatch = host.subscribe<GameUpdatesSubscription>(
    { query: print(GameUpdatesDocument), variables: { gameId } },
    { next: ({ data }) => data && updates.push(data.gameUpdated), error: (error) => (watchError = error), complete: () => {} },
  );

  for (const player of players.slice(1)) await call(player, JoinGameDocument, { gameId });
  const views: ReturnType<typeof turnOf>['view'][] = [];
  let moves = 0;
  for (let status = 'active'; status === 'active'; ) {
    for (const player of players) {
      const turn = (await call(player, TurnDocument, { gameId })).game;
      status = turn.status;
      if (!turn.typed) throw new Error('the schema does not type this game');
      const { view, move } = turnOf(turn.typed, choose);
      views.push(view);
      if (status !== 'active' || move === null) continue;
      await call(player, PlayDocument, { gameId, move, expectedVersion: turn.version });
      moves += 1;
    }
  }

  const outcome = (await call(host, OutcomeDocument, { gameId })).game;
  const events: GameEvent[] = [];
  for (let after: string | null = null, more = true; more; ) {
    const page: EventsQuery['game']['events'] = (await call(host, EventsDocument, { gameId, after })).game.events;
    events.push(...page.edges.map((edge) => edge.node));
    more = page.pageInfo.hasNextPage;
    after = page.pageInfo.endCursor ?? null;
  }

  // The last update the watcher receives is the end of the game.
  for (const started = Date.now(); !updates.some((update) => update.version === outcome.version) && !watchError; ) {
    if (Date.now() - started > 10_000) throw new Error('the watcher did not see the end of the game');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  unwatch();
  const { record } = await call(host, RecordDocument, { gameId });
  await Promise.all(players.map((player) => player.dispose()));
  if (watchError) throw new Error(`watching failed: ${JSON.stringify(watchError)}`);
  return { gameId, components: createGame.gameType.components, outcome, moves, events, views, updates, record };
}
