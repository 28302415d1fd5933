import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalJson } from '../../src/engine/canonical.js';
import { replay } from '../../src/engine/replay.js';
import { newUser, startedToyGame, startTestApp, type TestApp, storedGame, setupInputOfRow } from '../support/api.js';
import { toyGame, type ToyState } from '../support/toy-game.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

async function stored(gameId: string) {
  const game = await storedGame(t, gameId);
  // The start (event 1, kind 'start') is left out: these are the moves.
  const events = (await t.sql.query("SELECT seq, seat, action, log FROM game_events WHERE game_id = $1 AND kind <> 'start' ORDER BY seq", [gameId])).rows;
  return { ...game, state: game.state as ToyState, events };
}

describe('submitting actions', () => {
  it('applies a legal action: 201 with the new version, own view and own log entries, stored as event 2 (after the start)', async () => {
    const { alice, gameId } = await startedToyGame(t);
    const card = (await stored(gameId)).state.hands[0]![0]!;
    const response = await t.http.post(`/v1/games/${gameId}/actions`).set(alice.auth).send({ action: { type: 'play', card }, expectedVersion: 1 }).expect(201);
    expect(response.body.version).toBe(2);
    expect(response.body.view.scores[0]).toBe(card);
    expect(response.body.log[0]).toEqual({ message: `Seat 0 plays a ${card}.` });
    expect(response.body.log[1].message).toMatch(/^Seat 0 draws a \d\.$/);
    const after = await stored(gameId);
    expect(after.version).toBe(2);
    expect(after.events).toHaveLength(1);
    expect(after.events[0]).toMatchObject({ seq: 2, seat: 0, action: { type: 'play', card } });
    expect(response.body.view.hand).toEqual(after.state.hands[0]);
  });

  it('answers Prefer: return=minimal with 204 and the new version in Game-Version, and applies the move as usual', async () => {
    const { alice, bob, gameId } = await startedToyGame(t);
    const card = (await stored(gameId)).state.hands[0]![0]!;
    const response = await t.http.post(`/v1/games/${gameId}/actions`).set(alice.auth).set('Prefer', 'return=minimal').send({ action: { type: 'play', card }, expectedVersion: 1 }).expect(204);
    expect(response.text).toBe('');
    expect(response.headers['game-version']).toBe('2');
    expect(response.headers['preference-applied']).toBe('return=minimal');
    const after = await stored(gameId);
    expect(after.version).toBe(2);
    expect(after.events[0]).toMatchObject({ seq: 2, seat: 0, action: { type: 'play', card } });
    // A refusal is the same problem answer as without the preference, and other preferences are ignored.
    const refused = await t.http.post(`/v1/games/${gameId}/actions`).set(alice.auth).set('Prefer', 'return=minimal').send({ action: { type: 'play', card }, expectedVersion: 2 }).expect(422);
    expect(refused.body.code).toBe('NOT_YOUR_TURN');
    const bobCard = after.state.hands[1]![0]!;
    const full = await t.http.post(`/v1/games/${gameId}/actions`).set(bob.auth).set('Prefer', 'return=representation').send({ action: { type: 'play', card: bobCard }, expectedVersion: 2 }).expect(201);
    expect(full.body.view.hand).toEqual((await stored(gameId)).state.hands[1]);
  });

  it('answers a retried Idempotency-Key asked with return=minimal with 204 again, from the stored answer', async () => {
    const { alice, gameId } = await startedToyGame(t);
    const card = (await stored(gameId)).state.hands[0]![0]!;
    const send = () => t.http.post(`/v1/games/${gameId}/actions`).set(alice.auth).set('Prefer', 'return=minimal').set('Idempotency-Key', 'minimal-1').send({ action: { type: 'play', card }, expectedVersion: 1 });
    const first = await send().expect(204);
    const again = await send().expect(204);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect([first.headers['game-version'], again.headers['game-version']]).toEqual(['2', '2']);
    // The stored answer is the whole one: the same key without the preference gets the view.
    const full = await t.http.post(`/v1/games/${gameId}/actions`).set(alice.auth).set('Idempotency-Key', 'minimal-1').send({ action: { type: 'play', card }, expectedVersion: 1 }).expect(201);
    expect(full.body.version).toBe(2);
    expect(full.body.view.scores[0]).toBe(card);
    expect((await stored(gameId)).events).toHaveLength(1);
  });

  it('refuses wrong seat, out of turn, illegal, malformed and stale actions, changing nothing', async () => {
    const { alice, bob, gameId } = await startedToyGame(t);
    const stranger = await newUser(t);
    const before = await stored(gameId);
    const notInHand = [1, 2, 3, 4, 5, 6, 7, 8, 9].find((card) => !before.state.hands[0]!.includes(card))!;
    const cases: [Record<string, string>, unknown, number, string][] = [
      [stranger.auth, { action: { type: 'pass' } }, 403, 'NOT_A_PLAYER'],
      [bob.auth, { action: { type: 'pass' } }, 422, 'NOT_YOUR_TURN'],
      [alice.auth, { action: { type: 'play', card: notInHand } }, 422, 'RULE_VIOLATION/CARD_NOT_IN_HAND'],
      [alice.auth, { action: { type: 'fly' } }, 400, 'INVALID_ACTION'],
      [alice.auth, { action: { type: 'pass', extra: 1 } }, 400, 'INVALID_ACTION'],
      [alice.auth, { action: { type: 'pass' }, expectedVersion: 5 }, 409, 'STALE_VERSION'],
      [alice.auth, { action: { type: 'pass' }, surprise: true }, 400, 'VALIDATION_FAILED'],
      [alice.auth, { action: 'pass' }, 400, 'VALIDATION_FAILED'],
      [{}, { action: { type: 'pass' } }, 401, 'UNAUTHENTICATED'],
    ];
    for (const [auth, body, status, code] of cases) {
      const response = await t.http.post(`/v1/games/${gameId}/actions`).set(auth).send(body as object).expect(status);
      expect(response.headers['content-type']).toMatch(/problem\+json/);
      expect(response.body.code).toBe(code);
    }
    // INVALID_ACTION names the action its `type` matched and the wrong field, in words.
    const wrongField = await t.http.post(`/v1/games/${gameId}/actions`).set(alice.auth).send({ action: { type: 'play', card: 99 } }).expect(400);
    expect(wrongField.body.errors).toEqual([expect.stringMatching(/^"play": field "card" got 99: Expected integer to be less or equal to \d+$/)]);
    const unknownType = await t.http.post(`/v1/games/${gameId}/actions`).set(alice.auth).send({ action: { type: 'fly' } }).expect(400);
    expect(unknownType.body.detail).toMatch(/field "type" got "fly": expected one of play, pass/);
    const extra = await t.http.post(`/v1/games/${gameId}/actions`).set(alice.auth).send({ action: { type: 'pass', extra: 1 } }).expect(400);
    expect(extra.body.errors).toEqual(['"pass": field "extra" is not a field of "pass"']);
    const rule = await t.http.post(`/v1/games/${gameId}/actions`).set(alice.auth).send({ action: { type: 'play', card: notInHand } }).expect(422);
    expect(rule.body).toMatchObject({ rule: 'CARD_NOT_IN_HAND', detail: `You hold no ${notInHand}.` });
    const after = await stored(gameId);
    expect(canonicalJson(after.state)).toBe(canonicalJson(before.state));
    expect(after.version).toBe(1);
    expect(after.events).toHaveLength(0);
  });

  it('refuses actions before the start and after the end', async () => {
    const alice = await newUser(t);
    const { body: open } = await t.http.post('/v1/games').set(alice.auth).send({ type: 'toy', seats: 2 }).expect(201);
    expect((await t.http.post(`/v1/games/${open.id}/actions`).set(alice.auth).send({ action: { type: 'pass' } }).expect(409)).body.code).toBe('GAME_NOT_ACTIVE');
    const { alice: a, bob: b, gameId } = await startedToyGame(t, { rounds: 1 });
    await t.http.post(`/v1/games/${gameId}/actions`).set(a.auth).send({ action: { type: 'pass' } }).expect(201);
    await t.http.post(`/v1/games/${gameId}/actions`).set(b.auth).send({ action: { type: 'pass' } }).expect(201);
    const finished = await t.http.get(`/v1/games/${gameId}`).set(a.auth).expect(200);
    expect(finished.body).toMatchObject({ status: 'finished', activeSeats: [], result: { winners: [0, 1], scores: [0, 0] } });
    expect(finished.body.finishedAt).not.toBeNull();
    expect((await t.http.post(`/v1/games/${gameId}/actions`).set(a.auth).send({ action: { type: 'pass' } }).expect(409)).body.code).toBe('GAME_NOT_ACTIVE');
  });

  it('answers a retried Idempotency-Key with the first result and applies the action once', async () => {
    const { alice, gameId } = await startedToyGame(t);
    const card = (await stored(gameId)).state.hands[0]![0]!;
    const first = await t.http.post(`/v1/games/${gameId}/actions`).set(alice.auth).set('Idempotency-Key', 'k-1').send({ action: { type: 'play', card } }).expect(201);
    const retry = await t.http.post(`/v1/games/${gameId}/actions`).set(alice.auth).set('Idempotency-Key', 'k-1').send({ action: { type: 'play', card } }).expect(201);
    expect(retry.body).toEqual(first.body);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect((await stored(gameId)).events).toHaveLength(1);
    const reused = await t.http.post(`/v1/games/${gameId}/actions`).set(alice.auth).set('Idempotency-Key', 'k-1').send({ action: { type: 'pass' } }).expect(422);
    expect(reused.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect((await stored(gameId)).events).toHaveLength(1);
  });

  it('lists legal actions for the seat to act only', async () => {
    const { alice, bob, gameId } = await startedToyGame(t);
    const hand = (await stored(gameId)).state.hands[0]!;
    const forAlice = await t.http.get(`/v1/games/${gameId}/legal-actions`).set(alice.auth).expect(200);
    expect(forAlice.body).toEqual({ gameType: 'toy', version: 1, seat: 0, actions: toyGame.legalActions((await stored(gameId)).state, 0) });
    expect(forAlice.body.actions).toContainEqual({ type: 'pass' });
    expect(forAlice.body.actions).toContainEqual({ type: 'play', card: hand[0] });
    expect((await t.http.get(`/v1/games/${gameId}/legal-actions`).set(bob.auth).expect(200)).body.actions).toEqual([]);
    expect((await t.http.get(`/v1/games/${gameId}/legal-actions`).set((await newUser(t)).auth).expect(403)).body.code).toBe('NOT_A_PLAYER');
  });
});

describe('the log', () => {
  it("gives each seat its own private entries and nobody else's, and actions only to their actor", async () => {
    const { alice, bob, gameId } = await startedToyGame(t);
    const aliceCard = (await stored(gameId)).state.hands[0]![0]!;
    await t.http.post(`/v1/games/${gameId}/actions`).set(alice.auth).send({ action: { type: 'play', card: aliceCard } }).expect(201);
    const bobCard = (await stored(gameId)).state.hands[1]![0]!;
    await t.http.post(`/v1/games/${gameId}/actions`).set(bob.auth).send({ action: { type: 'play', card: bobCard } }).expect(201);
    const state = (await stored(gameId)).state;
    const aliceDraw = state.hands[0]!.at(-1);
    const bobDraw = state.hands[1]!.at(-1);

    const asAlice = (await t.http.get(`/v1/games/${gameId}/log`).set(alice.auth).expect(200)).body;
    const asBob = (await t.http.get(`/v1/games/${gameId}/log?after=2`).set(bob.auth).expect(200)).body;
    const asSpectator = (await t.http.get(`/v1/games/${gameId}/log`).expect(200)).body;
    expect(asAlice.version).toBe(3);
    expect(asAlice.events.map((e: { seq: number }) => e.seq)).toEqual([1, 2, 3]);
    expect(asAlice.events[0]).toMatchObject({ kind: 'start', seat: null, log: [{ message: 'The game starts with 2 players.' }] });
    expect(asAlice.events[1].log).toEqual([{ message: `Seat 0 plays a ${aliceCard}.` }, { message: `Seat 0 draws a ${aliceDraw}.` }]);
    expect(asAlice.events[2].log).toEqual([{ message: `Seat 1 plays a ${bobCard}.` }]);
    expect(asAlice.events[1].action).toEqual({ type: 'play', card: aliceCard });
    expect(asAlice.events[2].action).toBeNull();
    expect(asBob.events.map((e: { seq: number }) => e.seq)).toEqual([3]);
    expect(asBob.events[0].log).toEqual([{ message: `Seat 1 plays a ${bobCard}.` }, { message: `Seat 1 draws a ${bobDraw}.` }]);
    expect(JSON.stringify(asSpectator)).not.toContain('draws');
    expect(JSON.stringify(asAlice)).not.toContain('visibleTo');
  });
});

describe('concurrency', () => {
  it('lets exactly one of 50 concurrent submissions win each version, with a gap-free log equal to a replay', async () => {
    const { alice, bob, gameId } = await startedToyGame(t, { rounds: 20 });
    const players = [alice, bob];
    let accepted = 0;
    let stale = 0;
    for (let round = 0; round < 3; round++) {
      const { version, activeSeats } = (await t.http.get(`/v1/games/${gameId}`).set(alice.auth).expect(200)).body;
      const actor = players[activeSeats[0]]!;
      const responses = await Promise.all(
        Array.from({ length: 50 }, () => t.http.post(`/v1/games/${gameId}/actions`).set(actor.auth).send({ action: { type: 'pass' }, expectedVersion: version })),
      );
      const statuses = responses.map((response) => response.status);
      expect(statuses.filter((status) => status === 201)).toHaveLength(1);
      expect(statuses.every((status) => status === 201 || status === 409)).toBe(true);
      accepted += 1;
      stale += statuses.filter((status) => status === 409).length;
    }
    // Without expectedVersion, concurrent submissions serialize: the first wins, the rest find it is not their turn.
    const { activeSeats } = (await t.http.get(`/v1/games/${gameId}`).set(alice.auth).expect(200)).body;
    const free = await Promise.all(Array.from({ length: 50 }, () => t.http.post(`/v1/games/${gameId}/actions`).set(players[activeSeats[0]]!.auth).send({ action: { type: 'pass' } })));
    expect(free.filter((response) => response.status === 201)).toHaveLength(1);
    expect(free.filter((response) => response.status === 422 && response.body.code === 'NOT_YOUR_TURN')).toHaveLength(49);
    accepted += 1;

    const after = await stored(gameId);
    expect(stale).toBe(3 * 49);
    expect(after.version).toBe(1 + accepted);
    expect(after.events.map((event: { seq: number }) => event.seq)).toEqual(Array.from({ length: accepted }, (_, i) => i + 2));
    const replayed = replay(toyGame, setupInputOfRow(after), after.events.map((e: { seat: number; action: unknown }) => ({ seat: e.seat, action: e.action })));
    expect(canonicalJson(replayed)).toBe(canonicalJson(after.state));
  });

  it('makes a second event with the same seq impossible in the database itself', async () => {
    const { alice, gameId } = await startedToyGame(t);
    await t.http.post(`/v1/games/${gameId}/actions`).set(alice.auth).send({ action: { type: 'pass' } }).expect(201);
    await expect(t.sql.query(`INSERT INTO game_events (game_id, seq, action, log) VALUES ($1, 2, '{}', '[]')`, [gameId])).rejects.toThrow(/duplicate key/);
  });
});
