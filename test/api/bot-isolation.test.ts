import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BotInput } from '../../src/engine/bots.js';
import { botSeed } from '../../src/engine/deal.js';
import { games } from '../../src/games/index.js';
import { loginAdmin, newUser, startTestApp, type TestApp } from '../support/api.js';
import { toyGame } from '../support/toy-game.js';
import { vandalize } from '../support/vandalize.js';
import { waitFor } from '../support/wait.js';

/**
 * What the service hands a bot (in process, the path of every bot but the pool's search bots):
 * a seed that tells nothing of the deal, and an input that shares nothing with the game's live,
 * cached state. A "vandal" bot records its input, then writes to every array and object of it and
 * passes; the game must come out as if it had not.
 */
const inputs: { seed: string; seat: number; view: unknown }[] = [];
const vandal = (input: BotInput) => {
  inputs.push({ seed: input.seed, seat: input.seat, view: structuredClone(input.view) });
  vandalize(input);
  return { type: 'pass' as const };
};
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ catalog: { ...games, toy: { ...toyGame, bots: { vandal } } } });
});
afterAll(async () => t?.close());

describe('a bot in the service', () => {
  it('gets a one-way seed and a view it may write to without changing the game', async () => {
    const host = await newUser(t);
    const { body: game } = await t.http.post('/v1/games').set(host.auth).send({ type: 'toy', seats: 2, options: { rounds: 3 } }).expect(201);
    for (const seat of [0, 1]) await t.http.put(`/v1/games/${game.id}/seats/${seat}`).set(host.auth).send({ fill: 'bot', bot: 'vandal' }).expect(200);
    const finished = await waitFor(async () => {
      const { body } = await t.http.get(`/v1/games/${game.id}`).expect(200);
      return body.status === 'finished' ? body : undefined;
    }, 30_000, 'the vandal bots to finish');

    // Everybody passed: nothing scored, whatever the bots wrote into their views.
    expect(finished.result.scores).toEqual([0, 0]);
    const admin = await loginAdmin(t);
    expect((await t.http.post(`/v1/admin/games/${game.id}/verify`).set(admin).expect(200)).body).toMatchObject({ ok: true, divergence: null });
    // Each bot saw the game as it was, not as an earlier bot's writes left it.
    expect(inputs.every(({ view }) => (view as { scores: number[] }).scores.every((score) => score === 0))).toBe(true);
    expect(inputs.every(({ view }) => (view as { hand: number[] }).hand.length === 2)).toBe(true);

    // The seeds: one-way from the server seed (revealed now the game is over), the version and the seat.
    const { rows } = await t.sql.query("SELECT seq, seat FROM game_events WHERE game_id = $1 AND kind = 'action' ORDER BY seq", [game.id]);
    expect(inputs).toHaveLength(rows.length);
    const seed = finished.revealedSeed as string;
    rows.forEach((row, index) => {
      expect(inputs[index]!.seed).toBe(botSeed(seed, row.seq - 1, row.seat));
      expect(inputs[index]!.seed).not.toContain(seed);
      expect(inputs[index]!.seed).not.toContain(seed.slice(3, 19));
    });
  });
});
