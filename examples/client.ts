/**
 * A third-party client from the published contract only: types generated from openapi/openapi.json
 * (openapi/openapi.d.ts, which is what `npx openapi-typescript openapi/openapi.json` prints) and openapi-fetch. Two
 * players register, one creates a game, the other joins, both play from their legal actions until
 * the game is over, and the log is read back. test/api/generated-client.test.ts runs it.
 */
import createClient from 'openapi-fetch';
import type { paths } from '../openapi/openapi.js';

export interface PlayOptions {
  baseUrl: string;
  gameType: string;
  /** Every request goes through it (the test checks each answer against the contract). */
  fetch?: (request: Request) => Promise<Response>;
  /** Picks one of the legal actions (default: the first). */
  choose?: <T>(actions: T[]) => T;
}

export async function playOneGame({ baseUrl, gameType, fetch = globalThis.fetch, choose = (actions) => actions[0]! }: PlayOptions) {
  const anonymous = createClient<paths>({ baseUrl, fetch });
  const signUp = async (username: string) => {
    const { data, error } = await anonymous.POST('/v1/auth/register', { body: { username, password: 'correct horse battery' } });
    if (error) throw new Error(`register: ${error.code} ${error.detail}`);
    return createClient<paths>({ baseUrl, fetch, headers: { Authorization: `Bearer ${data.token}` } });
  };
  const suffix = Math.random().toString(36).slice(2, 8);
  const players = [await signUp(`ann_${suffix}`), await signUp(`bob_${suffix}`)];

  const created = await players[0]!.POST('/v1/games', { body: { type: gameType, seats: 2 } });
  if (created.error) throw new Error(`create: ${created.error.code} ${created.error.detail}`);
  const path = { id: created.data.id };
  const joined = await players[1]!.POST('/v1/games/{id}/join', { params: { path }, body: {} });
  if (joined.error) throw new Error(`join: ${joined.error.code}`);

  let moves = 0;
  for (let status = joined.data.status; status === 'active'; ) {
    for (const player of players) {
      const legal = await player.GET('/v1/games/{id}/legal-actions', { params: { path } });
      if (legal.error) throw new Error(`legal actions: ${legal.error.code}`);
      if (legal.data.actions.length === 0) continue;
      const moved = await player.POST('/v1/games/{id}/actions', { params: { path }, body: { action: choose(legal.data.actions), expectedVersion: legal.data.version } });
      if (moved.error) throw new Error(`move: ${moved.error.code} ${moved.error.detail}`);
      moves += 1;
    }
    const game = await players[0]!.GET('/v1/games/{id}', { params: { path } });
    if (game.error) throw new Error(`game: ${game.error.code}`);
    status = game.data.status;
  }

  const finished = await players[0]!.GET('/v1/games/{id}', { params: { path } });
  const log = await players[0]!.GET('/v1/games/{id}/log', { params: { path, query: { after: 0 } } });
  if (finished.error || log.error) throw new Error('reading the finished game failed');
  return { game: finished.data, moves, events: log.data.events };
}
