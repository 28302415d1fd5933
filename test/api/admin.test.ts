import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalJson } from '../../src/engine/canonical.js';
import type { SetupInput } from '../../src/engine/types.js';
import { loginAdmin, newUser, playFirstLegal, setupInputOfRow, startedToyGame, startTestApp, type TestApp, storedGame } from '../support/api.js';
import { toyGame } from '../support/toy-game.js';

let t: TestApp;
let admin: { Authorization: string };
beforeAll(async () => {
  t = await startTestApp();
  admin = await loginAdmin(t);
});
afterAll(async () => t?.close());

describe('admin endpoints', () => {
  it('are for admins only', async () => {
    const { alice, gameId } = await startedToyGame(t);
    for (const [method, path] of [['get', `/v1/admin/games/${gameId}`], ['get', `/v1/admin/games/${gameId}/state?at=0`], ['post', `/v1/admin/games/${gameId}/verify`]] as const) {
      expect((await t.http[method](path).set(alice.auth).expect(403)).body.code).toBe('ADMIN_ONLY');
      expect((await t.http[method](path).expect(401)).body.code).toBe('UNAUTHENTICATED');
    }
  });

  it('show the full state, seed and every log entry', async () => {
    const { alice, bob, gameId } = await startedToyGame(t);
    await playFirstLegal(t, gameId, [alice, bob], 2);
    const body = (await t.http.get(`/v1/admin/games/${gameId}`).set(admin).expect(200)).body;
    const row = await storedGame(t, gameId);
    expect(body.seed).toBe(row.seed);
    expect(canonicalJson(body.state)).toBe(canonicalJson(row.state));
    expect(body.events.map((event: { kind: string }) => event.kind)).toEqual(['start', 'action', 'action']);
    expect(body.events[1].log.some((entry: { visibleTo?: number[] }) => entry.visibleTo !== undefined)).toBe(true);
  });

  it('rebuild the state after any event by replay', async () => {
    const { alice, bob, gameId } = await startedToyGame(t);
    const row = (await t.sql.query('SELECT * FROM games WHERE id = $1', [gameId])).rows[0];
    const initial = toyGame.setup(setupInputOfRow(row) as SetupInput<{ rounds: number }>);
    expect(canonicalJson((await t.http.get(`/v1/admin/games/${gameId}/state?at=0`).set(admin).expect(200)).body.state)).toBe(canonicalJson(initial));
    await playFirstLegal(t, gameId, [alice, bob], 3);
    // Event 1 is the start (no change of state); the moves are events 2 to 4.
    expect(canonicalJson((await t.http.get(`/v1/admin/games/${gameId}/state?at=1`).set(admin).expect(200)).body.state)).toBe(canonicalJson(initial));
    const atThree = (await t.http.get(`/v1/admin/games/${gameId}/state?at=3`).set(admin).expect(200)).body;
    expect(atThree.version).toBe(3);
    expect(atThree.state.turn).toBe(2);
    const atFour = (await t.http.get(`/v1/admin/games/${gameId}/state?at=4`).set(admin).expect(200)).body;
    const stored = (await storedGame(t, gameId)).state;
    expect(canonicalJson(atFour.state)).toBe(canonicalJson(stored));
    expect((await t.http.get(`/v1/admin/games/${gameId}/state?at=5`).set(admin).expect(422)).body.code).toBe('NO_SUCH_VERSION');
    expect((await t.http.get(`/v1/admin/games/${gameId}/state?at=-1`).set(admin).expect(400)).body.code).toBe('VALIDATION_FAILED');
  });

  it('verify a clean game, and report the first divergence of a tampered one', async () => {
    const { alice, bob, gameId } = await startedToyGame(t);
    await playFirstLegal(t, gameId, [alice, bob], 4);
    expect((await t.http.post(`/v1/admin/games/${gameId}/verify`).set(admin).expect(200)).body).toEqual({ ok: true, version: 5, checkedEvents: 5, divergence: null });

    await t.sql.query(`UPDATE games SET state = jsonb_set(state::jsonb, '{scores,0}', '999') WHERE id = $1`, [gameId]);
    const tamperedState = (await t.http.post(`/v1/admin/games/${gameId}/verify`).set(admin).expect(200)).body;
    expect(tamperedState).toMatchObject({ ok: false, divergence: { atEvent: 5, reason: expect.stringMatching(/final state differs/) } });

    // Event 1 is the start: the second move is event 3, the first event 2. A line's facts (its data) are
    // compared, not its words, which engines may reword (engine/log.ts `logFacts`).
    await t.sql.query(`UPDATE game_events SET log = '[{"message":"forged","data":{"card":9}}]' WHERE game_id = $1 AND seq = 3`, [gameId]);
    const tamperedLog = (await t.http.post(`/v1/admin/games/${gameId}/verify`).set(admin).expect(200)).body;
    expect(tamperedLog.divergence).toMatchObject({ atEvent: 3, reason: expect.stringMatching(/log entries differ/) });

    await t.sql.query(`UPDATE game_events SET seat = 1 - seat WHERE game_id = $1 AND seq = 2`, [gameId]);
    const refused = (await t.http.post(`/v1/admin/games/${gameId}/verify`).set(admin).expect(200)).body;
    expect(refused.divergence).toMatchObject({ atEvent: 2, reason: expect.stringMatching(/NOT_YOUR_TURN/) });
  });
});

describe('rules versions', () => {
  it('refuses loudly to run a game recorded under a rules version the server no longer serves', async () => {
    const { alice, bob, gameId } = await startedToyGame(t);
    // One move first: its state is not stored (only every 16th version is), so reading the game means playing it on.
    await t.http.post(`/v1/games/${gameId}/actions`).set(alice.auth).send({ action: { type: 'pass' } }).expect(201);
    await t.sql.query('UPDATE games SET rules_version = 0 WHERE id = $1', [gameId]);
    const refused = await t.http.post(`/v1/games/${gameId}/actions`).set(bob.auth).send({ action: { type: 'pass' } }).expect(409);
    expect(refused.body).toMatchObject({ code: 'RULES_VERSION_UNSUPPORTED', recorded: 0, served: 1 });
    expect((await t.http.get(`/v1/games/${gameId}`).set(alice.auth).expect(409)).body.code).toBe('RULES_VERSION_UNSUPPORTED');
    expect((await t.http.post(`/v1/admin/games/${gameId}/verify`).set(admin).expect(409)).body.code).toBe('RULES_VERSION_UNSUPPORTED');
    // Lists need no state: the game is still listed.
    const mine = (await t.http.get('/v1/games?mine=true').set(alice.auth).expect(200)).body;
    expect(mine.games.map((game: { id: string }) => game.id)).toContain(gameId);
    const version = (await t.sql.query('SELECT version FROM games WHERE id = $1', [gameId])).rows[0].version;
    expect(version).toBe(2); // the start and the one move
  });

  it('records the rules version a game starts under', async () => {
    const alice = await newUser(t);
    const { body } = await t.http.post('/v1/games').set(alice.auth).send({ type: 'toy', seats: 2 }).expect(201);
    expect(body.rulesVersion).toBe(toyGame.rulesVersion);
    expect((await t.sql.query('SELECT rules_version FROM games WHERE id = $1', [body.id])).rows[0].rules_version).toBe(toyGame.rulesVersion);
  });
});

describe('operations', () => {
  it('serves health, readiness, metrics and the docs UI', async () => {
    expect((await t.http.get('/health').expect(200)).body).toEqual({ status: 'ok' });
    expect((await t.http.get('/ready').expect(200)).body).toEqual({ status: 'ready' });
    const metrics = await t.http.get('/metrics').expect(200);
    expect(metrics.text).toContain('http_request_duration_seconds_bucket');
    expect(metrics.text).toContain('process_cpu_seconds_total');
    expect((await t.http.get('/docs/').redirects(1)).status).toBe(200);
  });
});
