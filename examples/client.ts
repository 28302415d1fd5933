/**
 * A third-party client from the published contract only, without a cast or an `any`: types generated from openapi/openapi.json
 * (openapi/openapi.d.ts, which is what `npx openapi-typescript openapi/openapi.json` prints) and openapi-fetch. Two
 * or more players register, one creates a game of any served type, the others join, both play from their legal actions until
 * the game is over, and the log is read back. test/api/generated-client.test.ts runs it.
 */
import createClient from 'openapi-fetch';
import type { components, paths } from '../openapi/openapi.js';

type Schemas = components['schemas'];
/** Any game's move: the body of POST /v1/games/{id}/actions, one member per game. */
export type Move = Schemas['UrbanizationMove'] | Schemas['ConstructionYardMove'] | Schemas['GuildTownMove'] | Schemas['MilestoneCityMove'];
/** Picks one of a list (a game's legal actions). */
export type Chooser = <T>(actions: T[]) => T;

/**
 * The move a seat makes from its legal actions. Narrowing on `gameType` gives each game's actions
 * their own type, and a game's move only takes that game's actions: another game's action in
 * `action` does not compile (test/api/generated-client.test.ts checks that it does not).
 */
export function moveFrom(legal: Schemas['LegalActions'], choose: Chooser): Move {
  switch (legal.gameType) {
    case 'urbanization': return { gameType: legal.gameType, action: choose(legal.actions), expectedVersion: legal.version };
    case 'construction-yard': return { gameType: legal.gameType, action: choose(legal.actions), expectedVersion: legal.version };
    case 'guild-town': return { gameType: legal.gameType, action: choose(legal.actions), expectedVersion: legal.version };
    case 'milestone-city': return { gameType: legal.gameType, action: choose(legal.actions), expectedVersion: legal.version };
  }
}

export interface PlayOptions {
  baseUrl: string;
  gameType: Move['gameType'];
  /** Players to seat (default: 2). */
  seats?: number;
  /** Every request goes through it (the test checks each answer against the contract). */
  fetch?: (request: Request) => Promise<Response>;
  /** Picks one of the legal actions (default: the first). */
  choose?: Chooser;
}

export async function playOneGame({ baseUrl, gameType, seats = 2, fetch = globalThis.fetch, choose = (actions) => actions[0] }: PlayOptions) {
  const anonymous = createClient<paths>({ baseUrl, fetch });
  const signUp = async (username: string) => {
    const { data, error } = await anonymous.POST('/v1/auth/register', { body: { username, password: 'correct horse battery' } });
    if (error) throw new Error(`register: ${error.code} ${error.detail}`);
    return createClient<paths>({ baseUrl, fetch, headers: { Authorization: `Bearer ${data.token}` } });
  };
  const suffix = Math.random().toString(36).slice(2, 8);

  const host = await signUp(`p0_${suffix}`);
  const created = await host.POST('/v1/games', { body: { type: gameType, seats } });
  if (created.error) throw new Error(`create: ${created.error.code} ${created.error.detail}`);
  const path = { id: created.data.id };
  let status = created.data.status;
  const players = [host];
  for (let seat = 1; seat < seats; seat++) {
    const player = await signUp(`p${seat}_${suffix}`);
    players.push(player);
    const joined = await player.POST('/v1/games/{id}/join', { params: { path } });
    if (joined.error) throw new Error(`join: ${joined.error.code}`);
    status = joined.data.status;
  }

  let moves = 0;
  const views: Schemas['MoveResult']['view'][] = [];
  while (status === 'active') {
    for (const player of players) {
      const legal = await player.GET('/v1/games/{id}/legal-actions', { params: { path } });
      if (legal.error) throw new Error(`legal actions: ${legal.error.code}`);
      if (legal.data.actions.length === 0) continue;
      const moved = await player.POST('/v1/games/{id}/actions', { params: { path }, body: moveFrom(legal.data, choose) });
      if (moved.error) throw new Error(`move: ${moved.error.code} ${moved.error.detail}`);
      // Without `Prefer: return=minimal` the answer is the 201 with the view (204 has no body).
      if (!moved.data) throw new Error('move: no view in the answer');
      views.push(moved.data.view);
      moves += 1;
    }
    const game = await host.GET('/v1/games/{id}', { params: { path } });
    if (game.error) throw new Error(`game: ${game.error.code}`);
    status = game.data.status;
  }

  const finished = await host.GET('/v1/games/{id}', { params: { path } });
  const log = await host.GET('/v1/games/{id}/log', { params: { path, query: { after: 0 } } });
  if (finished.error || log.error) throw new Error('reading the finished game failed');
  const record = await host.GET('/v1/games/{id}/record', { params: { path } });
  const replay = await host.GET('/v1/games/{id}/replay', { params: { path, query: { at: 1 } } });
  if (record.error || replay.error) throw new Error('reading the record or the replay failed');
  return { game: finished.data, moves, events: log.data.events, views, record: record.data, replay: replay.data };
}
