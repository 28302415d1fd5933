/**
 * A third-party GraphQL client from the published schema only: its operations
 * (examples/graphql/operations.graphql) are typed by graphql-codegen from src/graphql/schema.graphql
 * (examples/graphql/generated.ts, `npm run graphql:codegen`), queries and mutations go over HTTP
 * (transport.ts), the subscription over graphql-ws. Two players register, one creates a game and watches it over
 * WebSocket, the other joins, both play from their legal actions until the game is over, and the
 * events are read back page by page. test/api/graphql-client.test.ts runs it.
 *
 * Game-specific JSON is typed per game without a cast: `Game.typed` is a union of one type per game
 * (narrowed on `__typename`), whose scalars (`UrbanizationView`, `UrbanizationAction`, …) codegen maps
 * to the OpenAPI components of the same name, and a move goes as `move: { urbanization: action }`
 * (`GameMove` is @oneOf), so another game's action does not compile.
 */
import { print } from 'graphql';
import { createClient } from 'graphql-ws';
import {
  CreateGameDocument, EventsDocument, GameUpdatesDocument, JoinGameDocument, OutcomeDocument, PlayDocument, RecordDocument, RegisterDocument, TurnDocument,
  type CreateGameMutationVariables, type EventsQuery, type GameUpdatesSubscription, type TurnQuery,
} from './generated.js';
import { call } from './transport.js';

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
  /** The GraphQL endpoint over HTTP, e.g. http://127.0.0.1:3000/graphql. */
  httpUrl: string;
  /** The same endpoint over WebSocket, e.g. ws://127.0.0.1:3000/graphql. */
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

export async function playOneGame({ httpUrl, wsUrl, typeId, seats = 2, webSocketImpl, choose = (actions) => actions[0] }: GraphqlPlayOptions) {
  const suffix = Math.random().toString(36).slice(2, 8);
  const players: string[] = [];
  for (let seat = 0; seat < seats; seat++) {
    players.push((await call(httpUrl, RegisterDocument, { username: `gql_p${seat}_${suffix}`, password: 'correct horse battery' })).register.token);
  }
  const [host, ...guests] = players;
  if (host === undefined) throw new Error('a game needs a player');

  const { createGame } = await call(httpUrl, CreateGameDocument, { typeId, seats }, host);
  const gameId = createGame.id;

  // The host watches the game over WebSocket (graphql-transport-ws; the token goes in connection_init).
  const updates: GameUpdatesSubscription['gameUpdated'][] = [];
  const ws = createClient({ url: wsUrl, webSocketImpl, retryAttempts: 0, connectionParams: { authorization: `Bearer ${host}` } });
  let watchError: unknown = null;
  ws.subscribe<GameUpdatesSubscription>(
    { query: print(GameUpdatesDocument), variables: { gameId } },
    { next: ({ data }) => data && updates.push(data.gameUpdated), error: (error) => (watchError = error), complete: () => {} },
  );

  for (const guest of guests) await call(httpUrl, JoinGameDocument, { gameId }, guest);
  const views: ReturnType<typeof turnOf>['view'][] = [];
  let moves = 0;
  for (let status = 'active'; status === 'active'; ) {
    for (const token of players) {
      const turn = (await call(httpUrl, TurnDocument, { gameId }, token)).game;
      status = turn.status;
      if (!turn.typed) throw new Error('the schema does not type this game');
      const { view, move } = turnOf(turn.typed, choose);
      views.push(view);
      if (status !== 'active' || move === null) continue;
      await call(httpUrl, PlayDocument, { gameId, move, expectedVersion: turn.version }, token);
      moves += 1;
    }
  }

  const outcome = (await call(httpUrl, OutcomeDocument, { gameId }, host)).game;
  const events: GameEvent[] = [];
  for (let after: string | null = null, more = true; more; ) {
    const page: EventsQuery['game']['events'] = (await call(httpUrl, EventsDocument, { gameId, after }, host)).game.events;
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
  const { record } = await call(httpUrl, RecordDocument, { gameId }, host);
  return { gameId, components: createGame.gameType.components, outcome, moves, events, views, updates, record };
}
