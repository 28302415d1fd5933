import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAdmin, newUser, playFirstLegal, startedToyGame, startTestApp, type TestApp } from '../support/api.js';
import { waitFor } from '../support/wait.js';

/**
 * The pool rule (docs/architecture.md, "never a second connection"): with a pool of 2 connections
 * and the pool guard on (DATABASE_POOL_GUARD: code that holds a connection and asks the pool for
 * another fails at once, naming itself), each write path raced by 20 requests at once answers every
 * request quickly, never 500, with exactly the expected winners. Before the rule held, 20 keyed
 * moves of one game hung until Prisma's transaction timeout and answered 500 (issue 34). A game's
 * racers beyond GAME_LOCK_WAITERS are refused at once with 409 GAME_BUSY, never queued.
 */
const RACERS = 20;
/** Far below Prisma's 20 s wait for a transaction: an answer that needed a timeout fails the test. */
const ANSWER_WITHIN_MS = 10_000;
/** A pool of 2 with the guard on; overload shedding stays off (test/support/api.ts): this is of the pool rule. */
const config = { databasePoolSize: 2, databasePoolGuard: true };

let t: TestApp;
let admin: { Authorization: string };
beforeAll(async () => {
  t = await startTestApp({ workers: false, config });
  admin = await loginAdmin(t);
});
afterAll(async () => t?.close());

type Answer = { status: number; body: { code?: string } };
/** `RACERS` copies of a request at once (`send(i)` makes the i-th), each bounded in time. */
const race = (send: (i: number) => { timeout(ms: number): PromiseLike<Answer> }) =>
  Promise.all(Array.from({ length: RACERS }, (_, i) => send(i).timeout(ANSWER_WITHIN_MS)));

/** `winners` answers of `won`, every other one a refusal with a 4xx code among `lost` (GAME_BUSY always allowed). */
function expectWinners(answers: Answer[], won: number, winners: number, lost: string[]) {
  const losers = answers.filter((answer) => answer.status !== won);
  expect(answers.filter((answer) => answer.status === won), JSON.stringify(losers.map((answer) => answer.body))).toHaveLength(winners);
  for (const answer of losers) {
    expect(answer.status, JSON.stringify(answer.body)).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    expect([...lost, 'GAME_BUSY']).toContain(answer.body.code);
  }
}

const eventKinds = async (gameId: string) => (await t.sql.query('SELECT kind FROM game_events WHERE game_id = $1 ORDER BY seq', [gameId])).rows.map((row) => row.kind);

describe('a pool of 2 raced by 20 requests', () => {
  it('keyed moves of one game at one version: one 201, the rest 409', async () => {
    const { alice, gameId } = await startedToyGame(t, { rounds: 5 });
    const answers = await race((i) => t.http.post(`/v1/games/${gameId}/actions`).set(alice.auth).set('Idempotency-Key', `racer-${i}`).send({ action: { type: 'pass' }, expectedVersion: 1 }));
    expectWinners(answers, 201, 1, ['STALE_VERSION', 'NOT_YOUR_TURN']);
    expect(await eventKinds(gameId)).toEqual(['start', 'action']);
  });

  it('one keyed move sent 20 times: every answer is the original (201) or GAME_BUSY, and it is applied once', async () => {
    const { alice, gameId } = await startedToyGame(t, { rounds: 5 });
    const answers = await race(() => t.http.post(`/v1/games/${gameId}/actions`).set(alice.auth).set('Idempotency-Key', 'same-key').send({ action: { type: 'pass' }, expectedVersion: 1 }));
    const accepted = answers.filter((answer) => answer.status === 201);
    expect(accepted.length).toBeGreaterThanOrEqual(1);
    expectWinners(answers, 201, accepted.length, []);
    expect(await eventKinds(gameId)).toEqual(['start', 'action']);
  });

  it('moves without a key at one version: one 201, the rest 409', async () => {
    const { alice, gameId } = await startedToyGame(t, { rounds: 5 });
    const answers = await race(() => t.http.post(`/v1/games/${gameId}/actions`).set(alice.auth).send({ action: { type: 'pass' }, expectedVersion: 1 }));
    expectWinners(answers, 201, 1, ['STALE_VERSION']);
    expect(await eventKinds(gameId)).toEqual(['start', 'action']);
  });

  it('joins of a 4-seat game: three seated, the game started, the rest refused', async () => {
    const host = await newUser(t, 'host');
    const joiners = await Promise.all(Array.from({ length: RACERS }, () => newUser(t, 'joiner')));
    const game = (await t.http.post('/v1/games').set(host.auth).send({ type: 'toy', seats: 4 }).expect(201)).body;
    const answers = await race((i) => t.http.post(`/v1/games/${game.id}/join`).set(joiners[i]!.auth).send({}));
    expectWinners(answers, 200, 3, ['GAME_NOT_OPEN', 'GAME_FULL', 'NO_FREE_SEAT']);
    expect(await eventKinds(game.id)).toEqual(['start']);
  });

  it('seat set-up and client seeds of an open game: every answer 200 or GAME_BUSY, the game stays whole', async () => {
    const host = await newUser(t, 'host');
    const game = (await t.http.post('/v1/games').set(host.auth).send({ type: 'toy', seats: 3 }).expect(201)).body;
    const seats = await race((i) => t.http.put(`/v1/games/${game.id}/seats/1`).set(host.auth).send(i % 2 === 0 ? { fill: 'open' } : { fill: 'bot' }));
    expectWinners(seats, 200, seats.filter((answer) => answer.status === 200).length, []);
    const seeds = await race((i) => t.http.put(`/v1/games/${game.id}/client-seed`).set(host.auth).send({ clientSeed: `seed-${i}` }));
    const given = seeds.filter((answer) => answer.status === 200);
    expect(given.length).toBeGreaterThanOrEqual(1);
    expectWinners(seeds, 200, given.length, []);
    const stored = (await t.http.get(`/v1/games/${game.id}`).set(host.auth).expect(200)).body;
    expect(stored.status).toBe('open');
  });

  it('take-backs of one move: one 201, the rest refused', async () => {
    const { alice, gameId } = await startedToyGame(t, { rounds: 5 });
    await t.http.post(`/v1/games/${gameId}/actions`).set(alice.auth).send({ action: { type: 'pass' } }).expect(201);
    // Alice's pass can be taken back at once while Bob has not moved.
    const answers = await race(() => t.http.post(`/v1/games/${gameId}/take-back`).set(alice.auth).send({}));
    expectWinners(answers, 201, 1, ['NOTHING_TO_TAKE_BACK', 'TAKE_BACK_NOT_ALLOWED', 'TAKE_BACK_NEEDS_APPROVAL']);
    expect(await eventKinds(gameId)).toEqual(['start', 'action', 'undo']);
  });

  it('undo requests and their answers: one approval applies the undo, the other answers are refused', async () => {
    const { alice, bob, gameId } = await startedToyGame(t, { rounds: 5 });
    await t.http.post(`/v1/games/${gameId}/actions`).set(alice.auth).send({ action: { type: 'pass' } }).expect(201);
    await t.http.post(`/v1/games/${gameId}/actions`).set(bob.auth).send({ action: { type: 'pass' } }).expect(201);
    // Bob asks to take back his pass: Alice, the other player, must approve.
    const requests = await race(() => t.http.post(`/v1/games/${gameId}/undo-requests`).set(bob.auth).send({}));
    const opened = requests.filter((answer) => answer.status === 201);
    expect(opened.length).toBeGreaterThanOrEqual(1);
    expectWinners(requests, 201, opened.length, []);
    const request = (opened[0]!.body as unknown as { id: string }).id;
    const answers = await race(() => t.http.post(`/v1/games/${gameId}/undo-requests/${request}/approve`).set(alice.auth).send({}));
    expectWinners(answers, 200, 1, ['UNDO_REQUEST_CLOSED']);
    expect(await eventKinds(gameId)).toEqual(['start', 'action', 'action', 'undo']);
  });

  it('resignations: one 200, the rest refused', async () => {
    const { bob, gameId } = await startedToyGame(t, { rounds: 5 });
    const answers = await race(() => t.http.post(`/v1/games/${gameId}/resign`).set(bob.auth).send({}));
    expectWinners(answers, 200, 1, ['ALREADY_RESIGNED', 'GAME_NOT_ACTIVE', 'RESIGNED']);
    expect((await eventKinds(gameId)).filter((kind) => kind === 'resign')).toHaveLength(1);
  });

  it('chat messages: all 20 posted', async () => {
    const { alice, gameId } = await startedToyGame(t, { rounds: 5 });
    const answers = await race((i) => t.http.post(`/v1/games/${gameId}/chat`).set(alice.auth).send({ channel: 'players', text: `hello ${i}` }));
    expectWinners(answers, 201, RACERS, []);
  });

  it('admin aborts and seat replacements: one of each wins, the rest refused', async () => {
    const first = await startedToyGame(t, { rounds: 5 });
    const replaced = await race(() => t.http.post(`/v1/admin/games/${first.gameId}/seats/1/bot`).set(admin).send({ bot: 'random' }));
    expectWinners(replaced, 200, 1, ['SEAT_ALREADY_BOT']);
    const second = await startedToyGame(t, { rounds: 5 });
    const aborted = await race(() => t.http.post(`/v1/admin/games/${second.gameId}/abort`).set(admin).send({}));
    expectWinners(aborted, 200, 1, ['GAME_FINISHED']);
  });

  it('rating recomputations: all 20 done, one after the other', async () => {
    const answers = await race(() => t.http.post('/v1/admin/ratings/recompute').set(admin).send());
    expectWinners(answers, 200, RACERS, []);
  });

  it('due work: a worker with a pool of 2 plays 20 bots due at once while their players race moves of other games', async () => {
    const worker = await startTestApp({ databaseUrl: t.databaseUrl, config });
    try {
      const games = await Promise.all(Array.from({ length: RACERS }, async () => {
        const alice = await newUser(t, 'alice');
        const { body: game } = await t.http.post('/v1/games').set(alice.auth).send({ type: 'toy', seats: 2, options: { rounds: 5 } }).expect(201);
        await t.http.put(`/v1/games/${game.id}/seats/1`).set(alice.auth).send({ fill: 'bot' }).expect(200);
        return { alice, gameId: game.id as string };
      }));
      // Each player moves through the worker's process; each move makes the bot due there.
      const moves = await Promise.all(games.map(({ alice, gameId }) =>
        worker.http.post(`/v1/games/${gameId}/actions`).set(alice.auth).send({ action: { type: 'pass' } }).timeout(ANSWER_WITHIN_MS)));
      expect(moves.map((answer) => answer.status)).toEqual(Array(RACERS).fill(201));
      await waitFor(async () => {
        const { rows } = await t.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM game_events WHERE game_id = ANY($1::uuid[]) AND seat = 1 AND kind = 'action'`, [games.map((game) => game.gameId)]);
        return rows[0]!.n >= RACERS ? true : undefined;
      }, 15_000, 'every bot to move');
    } finally {
      await worker.close();
    }
  });

  it('a long rating recomputation holds up no due work: a bot due behind a finished game moves at once, the game is rated afterwards', async () => {
    // One due-work slot, and a lock timeout longer than the wait below: a worker that waited behind the recomputation would move nothing else.
    const worker = await startTestApp({ databaseUrl: t.databaseUrl, config: { ...config, dueConcurrency: 1, ratingMinMoves: 0, dueRetryBaseMs: 100, databaseLockTimeoutMs: 60_000 } });
    // Another connection holds the locks a running recomputation holds (services/ratings.ts#recomputeRatings).
    const recompute = await t.sql.connect();
    const rated = async (gameId: string) => (await t.sql.query('SELECT 1 FROM game_ratings WHERE game_id = $1', [gameId])).rows.length === 1;
    let finished = '';
    try {
      await recompute.query('BEGIN');
      await recompute.query('SELECT pg_advisory_xact_lock(72040002), pg_advisory_xact_lock(72040001)');
      const { alice, bob, gameId } = await startedToyGame(t, { rounds: 1 });
      finished = gameId;
      await playFirstLegal(t, gameId, [alice, bob], 4);
      expect((await t.http.get(`/v1/games/${gameId}`).expect(200)).body.status).toBe('finished');
      const carol = await newUser(t, 'carol');
      const { body: game } = await t.http.post('/v1/games').set(carol.auth).send({ type: 'toy', seats: 2, options: { rounds: 5 } }).expect(201);
      await t.http.put(`/v1/games/${game.id}/seats/1`).set(carol.auth).send({ fill: 'bot' }).expect(200);
      await t.http.post(`/v1/games/${game.id}/actions`).set(carol.auth).send({ action: { type: 'pass' } }).expect(201);
      await waitFor(async () => ((await eventKinds(game.id)).length >= 3 ? true : undefined), 15_000, 'the bot to move while the recomputation runs');
      expect(await rated(gameId)).toBe(false);
    } finally {
      await recompute.query('ROLLBACK');
      recompute.release();
    }
    try {
      await waitFor(async () => ((await rated(finished)) ? true : undefined), 15_000, 'the finished game to be rated once the recomputation is done');
    } finally {
      await worker.close();
    }
  });
});
