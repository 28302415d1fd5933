import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalJson } from '../../src/engine/canonical.js';
import { walkLog } from '../../src/engine/log-walk.js';
import { games } from '../../src/games/index.js';
import { allEvents } from '../../src/services/history.js';
import { loadGame } from '../../src/services/lobby.js';
import { setupInputOf } from '../../src/services/timeline.js';
import { newUser, startTestApp, type TestApp } from '../support/api.js';

/**
 * "Your turn" exactly when a turn begins (engine/turns.ts, services/progress.ts): random games of
 * all four served games are played through the REST API by players with a verified address, and the
 * "your turn" rows the moves wrote (the same list feeds mail, push, the `your_turn` webhook and the
 * SSE `your_turn` event) are counted against the turn starts read from a replay of each game's log:
 * a seat that becomes active, or an active seat whose turn counter (the rules' `turnMark`) moved.
 * A step within one's own turn (a purchase and its payment, a prompt answered) notifies nobody.
 */
let t: TestApp;
beforeAll(async () => {
  // No workers: the rows stay pending, to be counted.
  t = await startTestApp({ catalog: games, workers: false });
});
afterAll(async () => t?.close());

/** Plays up to `moves` seeded random legal actions of whichever seat is to act. */
async function playRandomly(type: string, seats: number, seed: number, moves: number) {
  const players = [];
  for (let seat = 0; seat < seats; seat++) {
    const player = await newUser(t, `turns${seat}`);
    // A verified address that wants each turn: every turn start writes a row.
    await t.sql.query(`UPDATE users SET email = $2, email_verified_at = now(), email_mode = 'each_turn' WHERE id = $1`, [player.id, `${player.username}@example.test`]);
    players.push(player);
  }
  const { body: game } = await t.http.post('/v1/games').set(players[0]!.auth).send({ type, seats, options: {} }).expect(201);
  for (const player of players.slice(1)) await t.http.post(`/v1/games/${game.id}/join`).set(player.auth).send({}).expect(200);
  let state = seed;
  const pick = <T>(items: T[]) => items[(state = (state * 16807) % 2147483647) % items.length]!;
  for (let played = 0; played < moves; played++) {
    const { body } = await t.http.get(`/v1/games/${game.id}`).set(players[0]!.auth).expect(200);
    if (body.status !== 'active') break;
    const seat = body.activeSeats[0] as number;
    const holder = body.seats.find((entry: { seat: number }) => entry.seat === seat).username as string;
    const player = players.find((entry) => entry.username === holder)!;
    const legal = await t.http.get(`/v1/games/${game.id}/legal-actions`).set(player.auth).expect(200);
    await t.http.post(`/v1/games/${game.id}/actions`).set(player.auth).send({ action: pick(legal.body.actions), expectedVersion: legal.body.version }).expect(201);
  }
  return { gameId: game.id as string, players };
}

/** Per version, the seats whose turn began, from a replay of the log with the rules' own turn counter. */
async function turnStartsOf(gameId: string) {
  const game = await loadGame(t.app.services, gameId);
  const definition = games[game.type]!;
  const starts: { version: number; seat: number }[] = [];
  let stepsWithinTurn = 0;
  let before: { mark: string; active: number[] } = { mark: 'none', active: [] };
  walkLog(definition, setupInputOf(game), await allEvents(t.app.services, game), (event, state) => {
    const active = definition.outcome(state) === null ? definition.activeSeats(state) : [];
    const mark = canonicalJson(definition.turnMark!(state) ?? null);
    for (const seat of active) if (!before.active.includes(seat) || mark !== before.mark) starts.push({ version: event.seq, seat });
    if (event.kind === 'action' && active.includes(event.seat!) && mark === before.mark) stepsWithinTurn++;
    before = { mark, active };
  });
  return { game, starts, stepsWithinTurn };
}

const cases = [
  { type: 'construction-yard', seats: 3, seed: 11, moves: 80 },
  { type: 'guild-town', seats: 3, seed: 12, moves: 100 },
  { type: 'milestone-city', seats: 2, seed: 13, moves: 60 },
  { type: 'milestone-city', seats: 1, seed: 14, moves: 30 },
  { type: 'urbanization', seats: 3, seed: 15, moves: 100 },
];

describe('turn notifications', () => {
  it.each(cases)('$type with $seats seat(s): one "your turn" per turn start, none for a step within one\'s own turn', async ({ type, seats, seed, moves }) => {
    expect(games[type]!.turnMark, `${type} says how its turns are counted`).toBeDefined();
    const { gameId } = await playRandomly(type, seats, seed, moves);
    const { game, starts } = await turnStartsOf(gameId);
    const rows = (await t.sql.query(
      `SELECT game_version AS version, seat FROM notifications WHERE game_id = $1 AND kind = 'your_turn' AND channel = 'email' ORDER BY game_version, seat`, [gameId],
    )).rows as { version: number; seat: number }[];
    expect(rows).toEqual(starts);
    // Each row goes to the person holding the seat.
    const owners = (await t.sql.query(`SELECT DISTINCT n.seat, n.user_id = s.user_id AS own FROM notifications n JOIN seats s ON s.game_id = n.game_id AND s.seat = n.seat WHERE n.game_id = $1`, [gameId])).rows;
    expect(owners.every((row) => row.own)).toBe(true);
    expect(game.version).toBeGreaterThan(10);
  });

  it('played steps within a turn (else the property above would not tell the old rule from the new)', async () => {
    const { gameId } = await playRandomly('construction-yard', 2, 21, 60);
    const { stepsWithinTurn, starts } = await turnStartsOf(gameId);
    expect(stepsWithinTurn).toBeGreaterThan(0);
    const rows = (await t.sql.query(`SELECT count(*)::int AS n FROM notifications WHERE game_id = $1 AND kind = 'your_turn' AND channel = 'email'`, [gameId])).rows[0].n;
    expect(rows).toBe(starts.length);
  });
});
