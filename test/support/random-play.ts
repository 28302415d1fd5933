import { canonicalJson } from '../../src/engine/canonical.js';
import { isRuleError } from '../../src/engine/types.js';
import { findGame } from '../../src/store/games.js';
import { newUser, setupInputOfRow, type TestApp } from './api.js';

/**
 * Plays a whole game through the REST API, as its players would: in turn each seat that may act
 * submits a seeded random one of its legal actions, until nobody has any. For tests that need
 * finished games of real length (the admin inspector's 500-event game).
 *
 * The legal actions are the engine's (the game's definition in the server's catalog, on the state
 * the server started the game with, moved on by the same actions), not asked for with a request per
 * seat and move: each move is one POST. The choices are the same as when they were asked for, and
 * the final state is checked against the server's.
 */
export async function playRandomGame(t: TestApp, { type, seats, options = {}, seed = 1, prefix = 'rnd' }: { type: string; seats: number; options?: Record<string, unknown>; seed?: number; prefix?: string }) {
  const players = [];
  for (let seat = 0; seat < seats; seat++) players.push(await newUser(t, `${prefix}${seat}`));
  const created = await t.http.post('/v1/games').set(players[0]!.auth).send({ type, seats, options }).expect(201);
  const gameId = created.body.id as string;
  for (const player of players.slice(1)) await t.http.post(`/v1/games/${gameId}/join`).set(player.auth).send({}).expect(200);
  const definition = t.app.services.catalog[type]!;
  const row = (await t.sql.query('SELECT * FROM games WHERE id = $1', [gameId])).rows[0];
  let state = definition.setup(setupInputOfRow(row));
  let version = row.version as number;
  // seatOf[i]: the seat players[i] sits in.
  const table = (await t.http.get(`/v1/games/${gameId}`).set(players[0]!.auth).expect(200)).body as { seats: { username: string }[] };
  const seatOf = players.map((player) => table.seats.findIndex((seat) => seat.username === player.username));
  let rng = seed;
  const pick = <T>(items: T[]) => items[(rng = (rng * 16807) % 2147483647) % items.length]!;
  let moves = 0;
  for (let idle = 0; idle < players.length; ) {
    idle = 0;
    for (const [i, player] of players.entries()) {
      const seat = seatOf[i]!;
      const legal = definition.activeSeats(state).includes(seat) ? (definition.legalActions(state, seat) as unknown[]) : [];
      if (legal.length === 0) {
        idle++;
        continue;
      }
      const action = pick(legal);
      const response = await t.http.post(`/v1/games/${gameId}/actions`).set(player.auth).set('Prefer', 'return=minimal').send({ action, expectedVersion: version }).expect(204);
      version = Number(response.headers['game-version']);
      const applied = definition.apply(state, seat, action);
      if (isRuleError(applied)) throw new Error(`${type}: the engine refused ${JSON.stringify(action)}, which the server took`);
      state = applied.state;
      moves++;
    }
  }
  const game = await t.http.get(`/v1/games/${gameId}`).set(players[0]!.auth).expect(200);
  const stored = await findGame(t.app.services.db, gameId);
  if (canonicalJson(stored?.state) !== canonicalJson(state)) throw new Error(`${type}: the server's final state is not the one its moves give`);
  return { gameId, players, moves, status: game.body.status as string, version: game.body.version as number };
}
