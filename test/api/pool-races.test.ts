import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startedToyGame, startTestApp, type TestApp } from '../support/api.js';

/**
 * The pool rule (docs/architecture.md, "Never a second connection"): with a pool of 2 connections,
 * each write path raced by 20 requests at once answers every request quickly, never 500, with
 * exactly the expected winners. A path that asks the pool for a connection while holding one
 * deadlocks here (its lock's waiters hold the rest of the pool) and the pool guard
 * (DATABASE_POOL_GUARD) makes it fail at once, naming the path, instead of after Prisma's 30 s.
 */
const RACERS = 20;
/** Far below Prisma's 20 s transaction wait: an answer that needed the pool to time out is a failure. */
const ANSWER_WITHIN_MS = 8_000;

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ workers: false, config: { databasePoolSize: 2, databasePoolGuard: true } });
});
afterAll(async () => t?.close());

const statuses = (answers: { status: number }[]) => answers.map((answer) => answer.status).sort();

describe('a pool of 2 raced by 20 requests', () => {
  it('answers 20 keyed moves of one game at one version: one 201, the rest 409, none 500', async () => {
    const { alice, gameId } = await startedToyGame(t, { rounds: 5 });
    const answers = await Promise.all(Array.from({ length: RACERS }, (_, i) =>
      t.http.post(`/v1/games/${gameId}/actions`).set(alice.auth).set('Idempotency-Key', `racer-${i}`).timeout(ANSWER_WITHIN_MS)
        .send({ action: { type: 'pass' }, expectedVersion: 1 })));
    expect(statuses(answers)).toEqual([201, ...Array(RACERS - 1).fill(409)]);
    const events = (await t.sql.query('SELECT seq FROM game_events WHERE game_id = $1 ORDER BY seq', [gameId])).rows;
    expect(events).toEqual([{ seq: 1 }, { seq: 2 }]);
  });
});
