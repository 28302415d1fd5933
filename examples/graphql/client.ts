/**
 * A third-party GraphQL client from the published schema only: its operations
 * (examples/graphql/operations.graphql) are typed by graphql-codegen from src/graphql/schema.graphql
 * (examples/graphql/generated.ts, `npm run graphql:codegen`), queries and mutations go over HTTP
 * (graphql-request, transport.ts), the subscription over graphql-ws. Two players register, one creates a game and watches it over
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
  type CreateGameMutationVariables, type EventsQuery, type GameUpdatesSubscription, type TurnQuery, type TypedViewFragment,
} from './generated.js';
import { graphqlClient } from './transport.js';

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

/** The view an action's answer or an update carries, typed per game (`typed { ...TypedView }`). */
export function typedView(typed: TypedViewFragment | null) {
  switch (typed?.__typename) {
    case 'UrbanizationGame': return typed.urbanizationView;
    case 'ConstructionYardGame': return typed.constructionYardView;
    case 'GuildTownGame': return typed.guildTownView;
    case 'MilestoneCityGame': return typed.milestoneCityView;
    default: return null;
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
  const api = (token?: string) => graphqlClient(httpUrl, token);
  const suffix = Math.random().toString(36).slice(2, 8);
  const players: string[] = [];
  for (let seat = 0; seat < seats; seat++) {
    players.push((await api().request(RegisterDocument, { username: `gql_p${seat}_${suffix}`, password: 'correct horse battery' })).register.token);
  }
  const [host, ...guests] = players;
  if (host === undefined) throw new Error('a game needs a player');

  const { createGame } = await api(host).request(CreateGameDocument, { typeId, seats });
  const gameId = createGame.id;

  // The host watches the game over WebSocket (graphql-transport-ws; the token goes in connection_init).
  const updates: GameUpdatesSubscription['gameUpdated'][] = [];
  const ws = createClient({ url: wsUrl, webSocketImpl, retryAttempts: 0, connectionParams: { authorization: `Bearer ${host}` } });
  let watchError: unknown = null;
  ws.subscribe<GameUpdatesSubscription>(
    { query: print(GameUpdatesDocument), variables: { gameId } },
    { next: ({ data }) => data && updates.push(data.gameUpdated), error: (error) => (watchError = error), complete: () => {} },
  );

  for (const guest of guests) await api(guest).request(JoinGameDocument, { gameId });
  const views: ReturnType<typeof turnOf>['view'][] = [];
  const actionViews: ReturnType<typeof typedView>[] = [];
  let moves = 0;
  for (let status = 'active'; status === 'active'; ) {
    for (const token of players) {
      const turn = (await api(token).request(TurnDocument, { gameId })).game;
      status = turn.status;
      if (!turn.typed) throw new Error('the schema does not type this game');
      const { view, move } = turnOf(turn.typed, choose);
      views.push(view);
      if (status !== 'active' || move === null) continue;
      const played = await api(token).request(PlayDocument, { gameId, move, expectedVersion: turn.version });
      // The answer's own view, typed for this game: what the player sees right after the move.
      actionViews.push(typedView(played.submitAction.typed));
      moves += 1;
    }
  }

  const outcome = (await api(host).request(OutcomeDocument, { gameId })).game;
  const events: GameEvent[] = [];
  for (let after: string | null = null, more = true; more; ) {
    const page: EventsQuery['game']['events'] = (await api(host).request(EventsDocument, { gameId, after })).game.events;
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
  const { record } = await api(host).request(RecordDocument, { gameId });
  // The game type as createGame answered it: its OpenAPI components, bots and view schema (an object a validator takes).
  const { components, bots, botLevels, viewSchema } = createGame.gameType;
  return { gameId, components, bots, botLevels, viewSchema, outcome, moves, events, views, actionViews, updateViews: updates.map((update) => typedView(update.typed)), updates, record };
}
