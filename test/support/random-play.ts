import { newUser, type TestApp } from './api.js';

/**
 * Plays a whole game through the REST API, as its players would: each seat asks for its legal
 * actions and submits a seeded random one, until nobody has any. For tests that need finished
 * games of real length (the admin inspector's 500-event game).
 */
export async function playRandomGame(t: TestApp, { type, seats, options = {}, seed = 1, prefix = 'rnd' }: { type: string; seats: number; options?: Record<string, unknown>; seed?: number; prefix?: string }) {
  const players = [];
  for (let seat = 0; seat < seats; seat++) players.push(await newUser(t, `${prefix}${seat}`));
  const created = await t.http.post('/v1/games').set(players[0]!.auth).send({ type, seats, options }).expect(201);
  const gameId = created.body.id as string;
  for (const player of players.slice(1)) await t.http.post(`/v1/games/${gameId}/join`).set(player.auth).send({}).expect(200);
  let state = seed;
  const pick = <T>(items: T[]) => items[(state = (state * 16807) % 2147483647) % items.length]!;
  let moves = 0;
  for (let idle = 0; idle < players.length; ) {
    idle = 0;
    for (const player of players) {
      const legal = await t.http.get(`/v1/games/${gameId}/legal-actions`).set(player.auth).expect(200);
      if (legal.body.actions.length === 0) {
        idle++;
        continue;
      }
      await t.http.post(`/v1/games/${gameId}/actions`).set(player.auth).send({ action: pick(legal.body.actions), expectedVersion: legal.body.version }).expect(201);
      moves++;
    }
  }
  const game = await t.http.get(`/v1/games/${gameId}`).set(players[0]!.auth).expect(200);
  return { gameId, players, moves, status: game.body.status as string, version: game.body.version as number };
}
