import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startedToyGame, startTestApp, type TestApp } from '../support/api.js';

/**
 * Waiting is bounded and overload is answered, never queued into a timeout or a 500 (issue 34):
 * a game's writers beyond GAME_LOCK_WAITERS, and a writer that waited DATABASE_LOCK_TIMEOUT_MS for
 * the game's row, answer 409 GAME_BUSY with Retry-After; a request that waited DATABASE_POOL_WAIT_MS
 * for a connection answers 503 OVERLOADED with Retry-After. Nothing changes in either case.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ workers: false, config: { gameLockWaiters: 0, databaseLockTimeoutMs: 300, databasePoolSize: 2, databasePoolWaitMs: 300 } });
});
afterAll(async () => t?.close());

const eventCount = async (gameId: string) => (await t.sql.query('SELECT count(*)::int AS n FROM game_events WHERE game_id = $1', [gameId])).rows[0].n;

describe('bounded waiting', () => {
  it('answers GAME_BUSY to the writers of a game beyond the one waiting for its row, and to that one once its wait passes the lock timeout', async () => {
    const { alice, gameId } = await startedToyGame(t, { rounds: 5 });
    // Another process holds the game's row (as a long transaction of another server would).
    const holder = await t.sql.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT 1 FROM games WHERE id = $1 FOR UPDATE', [gameId]);
      const move = (key: string) => t.http.post(`/v1/games/${gameId}/actions`).set(alice.auth).set('Idempotency-Key', key).send({ action: { type: 'pass' } });
      const answers = await Promise.all([move('first'), move('second'), move('third')]);
      for (const answer of answers) {
        expect(answer.status, answer.text).toBe(409);
        expect(answer.body.code).toBe('GAME_BUSY');
        expect(answer.headers['retry-after']).toBe('1');
      }
    } finally {
      await holder.query('ROLLBACK');
      holder.release();
    }
    expect(await eventCount(gameId)).toBe(1);
    // Once the row is free the same key is judged as new: nothing was stored for it.
    await t.http.post(`/v1/games/${gameId}/actions`).set(alice.auth).set('Idempotency-Key', 'first').send({ action: { type: 'pass' } }).expect(201);
  });
});

describe('overload', () => {
  it('answers 503 OVERLOADED with Retry-After to a request that waited too long for a pooled connection', async () => {
    const { alice, gameId } = await startedToyGame(t, { rounds: 5 });
    // Every connection of the service's pool is busy (as under a burst of other requests).
    const pool = t.app.services.db.pool;
    const busy = await Promise.all([pool.connect(), pool.connect()]);
    try {
      const answer = await t.http.post(`/v1/games/${gameId}/actions`).set(alice.auth).send({ action: { type: 'pass' } });
      expect(answer.status, answer.text).toBe(503);
      expect(answer.body.code).toBe('OVERLOADED');
      expect(answer.headers['retry-after']).toBe('2');
    } finally {
      for (const client of busy) client.release();
    }
    expect(await eventCount(gameId)).toBe(1);
    await t.http.post(`/v1/games/${gameId}/actions`).set(alice.auth).send({ action: { type: 'pass' } }).expect(201);
  });
});
