import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameRecord } from '../../src/store/games.js';
import { commitMove, loadForMove } from '../../src/store/moves.js';
import { loginAdmin, newUser, startedToyGame, startTestApp, type TestApp } from '../support/api.js';
import { toyPass } from '../support/toy-game.js';

/**
 * Requests that race on one game (store/games.ts#withGameLock: lock, then read). Each race is run
 * many times over; what users rely on: every acknowledged write is in the game, the stored state is
 * the replay of the log (admin verify), and a retried Idempotency-Key gets the original's answer.
 */
let t: TestApp;
let admin: { Authorization: string };
beforeAll(async () => {
  t = await startTestApp({ workers: false });
  admin = await loginAdmin(t);
});
afterAll(async () => t?.close());

/** Tries of each race (many more run in the history checker, test/api/history.test.ts and `npm run races`). */
const TRIES = 10;

describe('racing writes on one game', () => {
  it('keeps every acknowledged join when three players join a 4-seat game at once', async () => {
    let acknowledged = 0;
    for (let i = 0; i < TRIES; i++) {
      const creator = await newUser(t, 'host');
      const joiners = await Promise.all([1, 2, 3].map(() => newUser(t, 'joiner')));
      const game = (await t.http.post('/v1/games').set(creator.auth).send({ type: 'toy', seats: 4 }).expect(201)).body;
      const answers = await Promise.all(joiners.map((joiner) => t.http.post(`/v1/games/${game.id}/join`).set(joiner.auth).send({})));
      const joined = joiners.filter((_, j) => answers[j]!.status === 200);
      acknowledged += joined.length;
      // Three free seats for three players: nobody is refused, and the fourth join starts the game.
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
      const stored = (await t.http.get(`/v1/games/${game.id}`).set(creator.auth).expect(200)).body;
      const seated = stored.seats.map((seat: { username: string | null }) => seat.username);
      for (const joiner of joined) expect(seated).toContain(joiner.username);
      expect(stored.status).toBe('active');
    }
    expect(acknowledged).toBe(3 * TRIES);
  });

  it('leaves a state that replays from the log when a move races the other seat resigning', async () => {
    let raced = 0;
    for (let i = 0; i < TRIES; i++) {
      const { alice, bob, gameId } = await startedToyGame(t, { rounds: 5 });
      // Alice (seat 0) is to act; Bob resigns at the same moment.
      const [move, resign] = await Promise.all([
        t.http.post(`/v1/games/${gameId}/actions`).set(alice.auth).send({ action: { type: 'pass' } }),
        t.http.post(`/v1/games/${gameId}/resign`).set(bob.auth).send({}),
      ]);
      expect(move.status, move.text).toBe(201);
      expect(resign.status, resign.text).toBe(200);
      if (move.status === 201 && resign.status === 200) raced++;
      const verdict = (await t.http.post(`/v1/admin/games/${gameId}/verify`).set(admin).send({}).expect(200)).body;
      expect(verdict).toMatchObject({ ok: true, divergence: null });
      const log = (await t.http.get(`/v1/admin/games/${gameId}`).set(admin).expect(200)).body;
      // Alice's acknowledged pass is in the log once.
      expect(log.events.filter((event: { kind: string; seat: number | null }) => event.kind === 'action' && event.seat === 0).length).toBeGreaterThanOrEqual(1);
    }
    expect(raced).toBe(TRIES);
  });

  it('answers every copy of a move sent twice at once with one Idempotency-Key as the original, and applies it once', async () => {
    for (let i = 0; i < TRIES; i++) {
      const { alice, gameId } = await startedToyGame(t, { rounds: 5 });
      const send = () => t.http.post(`/v1/games/${gameId}/actions`).set(alice.auth).set('Idempotency-Key', `key-${i}`).send({ action: { type: 'pass' } });
      const answers = await Promise.all([send(), send(), send()]);
      for (const answer of answers) expect(answer.status, answer.text).toBe(201);
      expect(new Set(answers.map((answer) => answer.body.version))).toEqual(new Set([2]));
      // Exactly one of them was the original; the others say they replay it.
      expect(answers.filter((answer) => answer.headers['idempotent-replayed'] === 'true')).toHaveLength(2);
      const events = (await t.sql.query('SELECT seq, kind FROM game_events WHERE game_id = $1 ORDER BY seq', [gameId])).rows;
      expect(events).toEqual([{ seq: 1, kind: 'start' }, { seq: 2, kind: 'action' }]);
    }
  });

  it('answers 404 to an outsider on every play route of a private game, as for a missing one', async () => {
    const alice = await newUser(t, 'private_host');
    const bob = await newUser(t, 'private_guest');
    const outsider = await newUser(t, 'outsider');
    const game = (await t.http.post('/v1/games').set(alice.auth).send({ type: 'toy', seats: 2, private: true }).expect(201)).body;
    await t.http.put(`/v1/games/${game.id}/seats/1`).set(alice.auth).send({ fill: 'reserved', username: bob.username }).expect(200);
    await t.http.post(`/v1/games/${game.id}/join`).set(bob.auth).send({}).expect(200);
    const missing = '00000000-0000-4000-8000-000000000000';
    for (const id of [game.id, missing]) {
      const calls: [string, Promise<{ status: number; text: string; body: { code?: string } }>][] = [
        ['move', t.http.post(`/v1/games/${id}/actions`).set(outsider.auth).send({ action: { type: 'pass' } })],
        ['legal actions', t.http.get(`/v1/games/${id}/legal-actions`).set(outsider.auth)],
        ['resign', t.http.post(`/v1/games/${id}/resign`).set(outsider.auth).send({})],
        ['take-back', t.http.post(`/v1/games/${id}/take-back`).set(outsider.auth).send({})],
        ['undo request', t.http.post(`/v1/games/${id}/undo-requests`).set(outsider.auth).send({})],
        ['leave', t.http.post(`/v1/games/${id}/leave`).set(outsider.auth).send({})],
      ];
      for (const [what, call] of calls) {
        const answer = await call;
        expect(answer.status, `${what}: ${answer.text}`).toBe(404);
        expect(answer.body.code).toBe('NOT_FOUND');
      }
    }
  });
});


describe('a group commit whose connection is lost', () => {
  /**
   * The first group-commit statement carrying several moves fails as a dropped connection does:
   * `after` the database ran it (only the answer is lost), or `before`. The first flush, which
   * carries one move, is held a little so that the moves after it meet in the next one.
   * Resolves to the games of the failed flush.
   */
  function loseConnectionOnce(when: 'after' | 'before'): { failedFlush: () => string[] } {
    const pool = t.app.services.db.pool;
    const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
    let calls = 0;
    let failed: string[] = [];
    (pool as { query: unknown }).query = async (...args: unknown[]) => {
      const config = args[0] as { name?: string; values?: unknown[] } | undefined;
      if (config?.name !== 'move-group-commit') return query(...args);
      if (calls++ === 0) await new Promise((resolve) => setTimeout(resolve, 100));
      const moves = JSON.parse(config.values![0] as string) as { id: string }[];
      if (moves.length < 2 || failed.length > 0) return query(...args);
      failed = moves.map((move) => move.id);
      (pool as { query: unknown }).query = query;
      if (when === 'after') await query(...args);
      throw new Error('Connection terminated unexpectedly');
    };
    return { failedFlush: () => failed };
  }

  async function loadedGames(count: number): Promise<GameRecord[]> {
    return Promise.all(Array.from({ length: count }, async () => (await loadForMove(t.app.services.db, (await startedToyGame(t, { rounds: 5 })).gameId))!));
  }

  /** The game's event numbers: 1 is its start, 2 the move (once at most). */
  const seqsOf = async (gameId: string) => (await t.sql.query('SELECT seq FROM game_events WHERE game_id = $1 ORDER BY seq', [gameId])).rows.map((row) => row.seq);

  it('answers moves whose statement committed before the answer was lost as committed, each stored once', async () => {
    const games = await loadedGames(4);
    const lost = loseConnectionOnce('after');
    const results = await Promise.allSettled(games.map((game) => {
      const { event, next } = toyPass(game);
      return commitMove(t.app.services.db, game, event, next, []);
    }));
    expect(lost.failedFlush().length).toBeGreaterThanOrEqual(2);
    for (const [i, result] of results.entries()) {
      expect(result.status).toBe('fulfilled');
      expect((result as PromiseFulfilledResult<unknown>).value).not.toBeNull();
      expect(await seqsOf(games[i]!.id)).toEqual([1, 2]);
    }
  });

  it('answers 503 OUTCOME_UNKNOWN, never a refusal, when the lost statement did not land', async () => {
    const games = await loadedGames(4);
    const lost = loseConnectionOnce('before');
    const results = await Promise.allSettled(games.map((game) => {
      const { event, next } = toyPass(game);
      return commitMove(t.app.services.db, game, event, next, []);
    }));
    const failed = lost.failedFlush();
    expect(failed.length).toBeGreaterThanOrEqual(2);
    for (const [i, result] of results.entries()) {
      // The moves of other flushes (the first had one of its own) landed.
      if (!failed.includes(games[i]!.id)) {
        expect(result.status).toBe('fulfilled');
        expect(await seqsOf(games[i]!.id)).toEqual([1, 2]);
        continue;
      }
      expect(result.status).toBe('rejected');
      expect((result as PromiseRejectedResult).reason).toMatchObject({ status: 503, code: 'OUTCOME_UNKNOWN' });
      // Nothing was applied behind the caller's back (a retry alone would have landed it).
      expect(await seqsOf(games[i]!.id)).toEqual([1]);
    }
  });
});
