import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalJson } from '../../src/engine/canonical.js';
import { replay } from '../../src/engine/replay.js';
import { applyTimeout } from '../../src/services/deadlines.js';
import { withGameLock } from '../../src/store/games.js';
import { newUser, startedToyGame, startTestApp, type TestApp, storedGame, setupInputOfRow } from '../support/api.js';
import { toyGame } from '../support/toy-game.js';

/**
 * The fast move path keeps each game's newest record in the process (store/game-cache.ts) and
 * commits a move only if the game's revision is still the cached one. Two app instances on one
 * database stand for two server processes: each keeps its own cache, and every other writer must
 * make a cached record unusable. A stale cache may cost a reload, never a move on an old state.
 */
let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  a = await startTestApp({ workers: false, config: { webhookAllowPrivate: true } });
  b = await startTestApp({ workers: false, databaseUrl: a.databaseUrl, config: { webhookAllowPrivate: true } });
});
afterAll(async () => {
  await b?.app.close();
  await b?.sql.end();
  await a?.close();
});

const row = (gameId: string) => storedGame(a, gameId);
const pass = (t: TestApp, gameId: string, auth: { Authorization: string }, expectedVersion?: number) =>
  t.http.post(`/v1/games/${gameId}/actions`).set(auth).send({ action: { type: 'pass' }, ...(expectedVersion === undefined ? {} : { expectedVersion }) });

/** The stored log replays to the stored state, with gap-free seqs (event 1 is the start, which replays pass over). */
async function expectConsistent(gameId: string) {
  const game = await row(gameId);
  const events = (await a.sql.query('SELECT seq, seat, kind, action FROM game_events WHERE game_id = $1 ORDER BY seq', [gameId])).rows;
  expect(events.map((event) => event.seq)).toEqual(Array.from({ length: game.version }, (_, i) => i + 1));
  expect(events[0]).toMatchObject({ seq: 1, seat: null, kind: 'start' });
  const moves = events.slice(1);
  if (moves.every((event) => event.kind === 'action')) {
    const state = replay(toyGame, setupInputOfRow(game), moves.map((event) => ({ seat: event.seat, action: event.action })));
    expect(canonicalJson(state)).toBe(canonicalJson(game.state));
  }
}

describe('the game cache across two processes', () => {
  it('never lets a stale cached record accept or refuse a move', async () => {
    const { alice, bob, gameId } = await startedToyGame(a, { rounds: 10 });
    // The start is version 1. A caches the game at version 2 (bob to act); B moves it to version 3 (alice to act).
    expect((await pass(a, gameId, alice.auth).expect(201)).body.version).toBe(2);
    expect((await pass(b, gameId, bob.auth).expect(201)).body.version).toBe(3);
    // On A's cached record it is still bob's turn: the move must be judged on the stored game.
    expect((await pass(a, gameId, bob.auth).expect(422)).body.code).toBe('NOT_YOUR_TURN');
    // And alice's move through A lands on version 3, as version 4.
    expect((await pass(a, gameId, alice.auth).expect(201)).body.version).toBe(4);
    // B's cache is at 3 now: with expectedVersion 3 its record looks current, the database says 4.
    expect((await pass(b, gameId, alice.auth, 3).expect(409)).body).toMatchObject({ code: 'STALE_VERSION', currentVersion: 4 });
    expect((await pass(b, gameId, bob.auth, 4).expect(201)).body.version).toBe(5);
    // Alternate processes for a while: every move goes through a cache that the other one made stale.
    let version = 5;
    for (let k = 0; k < 6; k++) {
      const mover = version % 2 === 1 ? alice : bob;
      expect((await pass(k % 2 === 0 ? a : b, gameId, mover.auth, version).expect(201)).body.version).toBe(++version);
    }
    await expectConsistent(gameId);
  });

  it('lets exactly one of 50 racing submissions over two processes win each version', async () => {
    const { alice, bob, gameId } = await startedToyGame(a, { rounds: 10 });
    const players = [alice, bob];
    // From the start (version 1) on: alice acts at odd versions, bob at even ones.
    for (let version = 1; version <= 4; version++) {
      const actor = players[(version - 1) % 2]!;
      // Warm both caches at this version first, so every racer starts from a cached record.
      await a.http.get(`/v1/games/${gameId}/legal-actions`).set(actor.auth);
      const racers = await Promise.all(Array.from({ length: 50 }, (_, i) => pass(i % 2 === 0 ? a : b, gameId, actor.auth, version)));
      expect(racers.filter((response) => response.status === 201)).toHaveLength(1);
      expect(racers.filter((response) => response.status === 409 && response.body.code === 'STALE_VERSION')).toHaveLength(49);
    }
    const free = await Promise.all(Array.from({ length: 50 }, (_, i) => pass(i % 2 === 0 ? a : b, gameId, alice.auth)));
    expect(free.filter((response) => response.status === 201)).toHaveLength(1);
    expect(free.filter((response) => response.status === 422 && response.body.code === 'NOT_YOUR_TURN')).toHaveLength(49);
    expect((await row(gameId)).version).toBe(6);
    await expectConsistent(gameId);
  });
});

describe('every writer moves the revision', () => {
  it('moves it on any change of the game row or of its seats, whoever writes it', async () => {
    const { alice, bob, gameId } = await startedToyGame(a, { rounds: 10 });
    const before = (await row(gameId)).revision;
    await a.sql.query('UPDATE games SET private = private WHERE id = $1', [gameId]);
    const afterGame = (await row(gameId)).revision;
    expect(afterGame).toBeGreaterThan(before);
    await a.sql.query('UPDATE seats SET timeouts = timeouts WHERE game_id = $1 AND seat = 0', [gameId]);
    expect((await row(gameId)).revision).toBeGreaterThan(afterGame);
    // An edit by hand reaches a process that cached the game: A caches version 2, the scores are
    // edited in the database, and A's next move is applied to the edited state.
    await pass(a, gameId, alice.auth).expect(201);
    const edited = { ...(await row(gameId)).state, scores: [40, 2] };
    await a.sql.query('UPDATE games SET state = $2 WHERE id = $1', [gameId, JSON.stringify(edited)]);
    await pass(a, gameId, bob.auth, 2).expect(201);
    expect((await row(gameId)).state.scores).toEqual([40, 2]);
  });

  it("a player's new webhook reaches the next move of a process that cached the game", async () => {
    const { alice, bob, gameId } = await startedToyGame(a, { rounds: 10 });
    await pass(a, gameId, alice.auth).expect(201);
    await pass(a, gameId, bob.auth).expect(201); // A caches version 3: bob has no webhook yet
    const hook = await a.http.post('/v1/me/webhooks').set(bob.auth).send({ url: 'http://127.0.0.1:9/hook', events: ['your_turn'] }).expect(201);
    await pass(a, gameId, alice.auth, 3).expect(201); // bob's turn begins: his webhook must hear of it
    const { rows } = await a.sql.query(`SELECT payload FROM webhook_deliveries WHERE webhook_id = $1 AND event = 'your_turn'`, [hook.body.id]);
    expect(rows.map((row) => row.payload.game.version)).toEqual([4]);
  });

  it('join, seat changes and the start each move it', async () => {
    const alice = await newUser(a, 'alice');
    const bob = await newUser(a, 'bob');
    const created = await a.http.post('/v1/games').set(alice.auth).send({ type: 'toy', seats: 3 }).expect(201);
    const gameId = created.body.id as string;
    const revisions = [(await row(gameId)).revision];
    await a.http.post(`/v1/games/${gameId}/join`).set(bob.auth).send({}).expect(200);
    revisions.push((await row(gameId)).revision);
    await a.http.put(`/v1/games/${gameId}/seats/2`).set(alice.auth).send({ fill: 'bot', bot: 'random' }).expect(200);
    revisions.push((await row(gameId)).revision);
    // The bot's seat filled the game: it started with that write (the start is version 1).
    expect((await row(gameId)).version).toBe(1);
    expect(new Set(revisions).size).toBe(revisions.length);
    expect(revisions).toEqual([...revisions].sort((x, y) => x - y));
  });

  it('a take-back through one process makes the other process judge on the restored state', async () => {
    const { alice, bob, gameId } = await startedToyGame(a, { rounds: 10 });
    await pass(a, gameId, alice.auth).expect(201); // A caches version 2: bob to act
    await b.http.post(`/v1/games/${gameId}/take-back`).set(alice.auth).expect(201); // version 3: alice to act again
    expect((await pass(a, gameId, bob.auth).expect(422)).body.code).toBe('NOT_YOUR_TURN');
    expect((await pass(a, gameId, alice.auth, 3).expect(201)).body.version).toBe(4);
  });

  it('a resignation through one process is seen by the other', async () => {
    const { alice, bob, gameId } = await startedToyGame(a, { rounds: 10 });
    await pass(a, gameId, alice.auth).expect(201); // A caches version 2: bob to act
    await b.http.post(`/v1/games/${gameId}/resign`).set(alice.auth).expect(200);
    // The resignation is event 3: A's cached version 2 is gone.
    expect((await pass(a, gameId, bob.auth, 2).expect(409)).body).toMatchObject({ code: 'STALE_VERSION', currentVersion: 3 });
    expect((await row(gameId)).version).toBe(3);
  });

  it('a timeout and a bot taking the seat over make a cached record unusable', async () => {
    const alice = await newUser(a, 'alice');
    const bob = await newUser(a, 'bob');
    const created = await a.http.post('/v1/games').set(alice.auth)
      .send({ type: 'toy', seats: 2, options: { rounds: 10 }, timeControl: { kind: 'per-move', moveSeconds: 60, timeoutsBeforeBot: 1 } }).expect(201);
    const gameId = created.body.id as string;
    await a.http.post(`/v1/games/${gameId}/join`).set(bob.auth).send({}).expect(200);
    await pass(a, gameId, alice.auth).expect(201); // A caches version 2: bob to act
    // Bob's deadline passes (the due-work worker of B times him out): a timeout event, and a bot takes his seat over.
    await withGameLock(b.app.services.db, gameId, (game, locked) => applyTimeout(b.app.services, game, locked, 1));
    expect((await a.sql.query('SELECT bot FROM seats WHERE game_id = $1 AND seat = 1', [gameId])).rows[0].bot).not.toBeNull();
    const afterTimeout = await row(gameId);
    expect(afterTimeout.version).toBe(3);
    // On A's cache bob is still to act at version 2: refused on the stored game (alice's turn at 3).
    expect((await pass(a, gameId, bob.auth, 2).expect(409)).body).toMatchObject({ code: 'STALE_VERSION', currentVersion: 3 });
    expect((await pass(a, gameId, alice.auth, 3).expect(201)).body.version).toBe(4);
    // That fast-path move recorded the game's due work with it: the bot now playing bob is due at once.
    const { rows: [stored] } = await a.sql.query('SELECT due_at, deadline FROM games WHERE id = $1', [gameId]);
    expect(stored.due_at).not.toBeNull();
    expect(stored.due_at.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('a fast-path move in a timed game records the next deadline as due work', async () => {
    const alice = await newUser(a, 'alice');
    const bob = await newUser(a, 'bob');
    const created = await a.http.post('/v1/games').set(alice.auth)
      .send({ type: 'toy', seats: 2, options: { rounds: 10 }, timeControl: { kind: 'per-move', moveSeconds: 600 } }).expect(201);
    const gameId = created.body.id as string;
    await a.http.post(`/v1/games/${gameId}/join`).set(bob.auth).send({}).expect(200);
    const before = Date.now();
    await pass(a, gameId, alice.auth).expect(201);
    const { rows: [stored] } = await a.sql.query('SELECT due_at, deadline FROM games WHERE id = $1', [gameId]);
    expect(stored.deadline.getTime()).toBeGreaterThanOrEqual(before + 590_000);
    // Due at bob's deadline, or at his "deadline near" warning before it.
    expect(stored.due_at.getTime()).toBeGreaterThan(before);
    expect(stored.due_at.getTime()).toBeLessThanOrEqual(stored.deadline.getTime());
  });
});

describe('the stored state', () => {
  const stored = async (gameId: string) => (await a.sql.query('SELECT version, state_version, state, status FROM games WHERE id = $1', [gameId])).rows[0];

  it('is written every 16th version, by every other writer and at the end; any process reads the newest by playing the moves since', async () => {
    const { alice, bob, gameId } = await startedToyGame(a, { rounds: 10 });
    // The start is version 1 (turn 0), so the move at version v makes turn v - 1; alice moves from odd versions.
    const seatAuth = (version: number) => (version % 2 === 1 ? alice.auth : bob.auth);
    for (let version = 1; version < 15; version++) await pass(a, gameId, seatAuth(version), version).expect(201);
    // Fourteen moves on, the row still holds the state the game started with (stored by the start, version 1)…
    expect(await stored(gameId)).toMatchObject({ version: 15, state_version: 1, state: { turn: 0 } });
    // …and a process that never saw the game reads the newest one, in the API as in the store.
    expect((await b.http.get(`/v1/games/${gameId}`).set(alice.auth).expect(200)).body).toMatchObject({ version: 15, view: { turn: 14 } });
    await expectConsistent(gameId);

    await pass(a, gameId, seatAuth(15), 15).expect(201);
    expect(await stored(gameId)).toMatchObject({ version: 16, state_version: 16, state: { turn: 15 } });
    // A move on the locked path (an Idempotency-Key) writes the state whatever its version.
    await pass(a, gameId, seatAuth(16), 16).set('Idempotency-Key', 'seventeen').expect(201);
    expect(await stored(gameId)).toMatchObject({ version: 17, state_version: 17, state: { turn: 16 } });
    await pass(a, gameId, seatAuth(17), 17).expect(201);
    expect(await stored(gameId)).toMatchObject({ version: 18, state_version: 17 });

    // The other process moves from the stored state plus move 18; the first finds its cache behind and reloads.
    await pass(b, gameId, seatAuth(18), 18).expect(201);
    expect(await stored(gameId)).toMatchObject({ version: 19, state_version: 17 });
    await pass(a, gameId, seatAuth(19), 19).expect(201);
    expect(await stored(gameId)).toMatchObject({ version: 20, state_version: 17 });
    const last = await pass(a, gameId, seatAuth(20), 20).expect(201);
    expect(last.body).toMatchObject({ version: 21, view: { turn: 20, active: null } });
    expect(await stored(gameId)).toMatchObject({ version: 21, state_version: 21, status: 'finished', state: { turn: 20 } });
    await expectConsistent(gameId);
  });
});
