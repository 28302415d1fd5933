/**
 * A third-party GraphQL client from the published schema only: its operations
 * (examples/graphql/operations.graphql) are typed by graphql-codegen from src/graphql/schema.graphql
 * (examples/graphql/generated.ts, `npm run graphql:codegen`), queries and mutations go over fetch,
 * the subscription over graphql-ws. Two players register, one creates a game and watches it over
 * WebSocket, the other joins, both play from their legal actions until the game is over, and the
 * events are read back page by page. test/api/graphql-client.test.ts runs it.
 *
 * `view`, `legalActions` and `result` are game-specific JSON (`unknown` here): the game type's
 * `viewSchema` / `actionSchema` are their JSON Schemas, and `gameType.components` names the OpenAPI
 * components a REST client generated from openapi/openapi.json types them with.
 */
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { print } from 'graphql';
import { createClient } from 'graphql-ws';
import {
  CreateGameDocument, EventsDocument, GameUpdatesDocument, JoinGameDocument, OutcomeDocument, PlayDocument, RegisterDocument, TurnDocument,
  type EventsQuery, type GameUpdatesSubscription,
} from './generated.js';

export interface GraphqlPlayOptions {
  /** The GraphQL endpoint over HTTP, e.g. http://127.0.0.1:3000/graphql. */
  httpUrl: string;
  /** The same endpoint over WebSocket, e.g. ws://127.0.0.1:3000/graphql. */
  wsUrl: string;
  gameType: string;
  /** A WebSocket implementation where the platform has none (Node 20: the `ws` package). */
  webSocketImpl?: unknown;
  /** Picks one of the legal actions (default: the first). */
  choose?: (actions: unknown[]) => unknown;
}

type GameEvent = NonNullable<EventsQuery['game']>['events']['edges'][number]['node'];

/** One operation over HTTP; a refusal becomes an Error naming its code. */
async function call<TData, TVariables>(httpUrl: string, document: TypedDocumentNode<TData, TVariables>, variables: TVariables, token?: string): Promise<TData> {
  const response = await fetch(httpUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query: print(document), variables }),
  });
  const body = (await response.json()) as { data?: TData | null; errors?: { message: string; extensions?: { code?: string } }[] };
  const [error] = body.errors ?? [];
  if (error || !body.data) throw new Error(`${error?.extensions?.code ?? response.status}: ${error?.message ?? 'no data'}`);
  return body.data;
}

export async function playOneGame({ httpUrl, wsUrl, gameType, webSocketImpl, choose = (actions) => actions[0] }: GraphqlPlayOptions) {
  const suffix = Math.random().toString(36).slice(2, 8);
  const signUp = async (username: string) => (await call(httpUrl, RegisterDocument, { username, password: 'correct horse battery' })).register.token;
  const players = [await signUp(`gql_ann_${suffix}`), await signUp(`gql_bob_${suffix}`)];

  const { createGame } = await call(httpUrl, CreateGameDocument, { type: gameType, seats: 2 }, players[0]);
  const gameId = createGame.id;

  // Ann watches the game over WebSocket (graphql-transport-ws; the token goes in connection_init).
  const updates: GameUpdatesSubscription['gameUpdated'][] = [];
  const ws = createClient({ url: wsUrl, webSocketImpl, retryAttempts: 0, connectionParams: { authorization: `Bearer ${players[0]}` } });
  let watchError: unknown = null;
  ws.subscribe<GameUpdatesSubscription>(
    { query: print(GameUpdatesDocument), variables: { gameId } },
    { next: ({ data }) => data && updates.push(data.gameUpdated), error: (error) => (watchError = error), complete: () => {} },
  );

  await call(httpUrl, JoinGameDocument, { gameId }, players[1]);
  const views: unknown[] = [];
  let moves = 0;
  for (let status = 'active'; status === 'active'; ) {
    for (const token of players) {
      const turn = (await call(httpUrl, TurnDocument, { gameId }, token)).game;
      views.push(turn.view);
      status = turn.status;
      if (status !== 'active' || turn.legalActions.length === 0) continue;
      await call(httpUrl, PlayDocument, { gameId, action: choose(turn.legalActions), expectedVersion: turn.version }, token);
      moves += 1;
    }
  }

  const outcome = (await call(httpUrl, OutcomeDocument, { gameId }, players[0])).game;
  const events: GameEvent[] = [];
  for (let after: string | null = null, more = true; more; ) {
    const page: EventsQuery['game']['events'] = (await call(httpUrl, EventsDocument, { gameId, after }, players[0])).game.events;
    events.push(...page.edges.map((edge) => edge.node));
    more = page.pageInfo.hasNextPage;
    after = page.pageInfo.endCursor ?? null;
  }

  // The last update the watcher receives is the end of the game.
  for (const started = Date.now(); !updates.some((update) => update.version === outcome.version) && !watchError; ) {
    if (Date.now() - started > 10_000) throw new Error('the watcher did not see the end of the game');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await ws.dispose();
  if (watchError) throw new Error(`watching failed: ${JSON.stringify(watchError)}`);
  return { gameId, components: createGame.gameType.components, outcome, moves, events, views, updates };
}
