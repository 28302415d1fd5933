import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalJson } from '../../src/engine/canonical.js';
import { loginAdmin, newUser, startedToyGame, startTestApp, type TestApp } from '../support/api.js';
import { waitFor } from '../support/wait.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const events = async (gameId: string) =>
  (await t.sql.query('SELECT seq, seat, kind, undoes_seq, action, irreversible, actor_id FROM game_events WHERE game_id = $1 ORDER BY seq', [gameId])).rows;
const gameRow = async (gameId: string) => (await t.sql.query('SELECT * FROM games WHERE id = $1', [gameId])).rows[0];

describe('bots', () => {
  it('play a game of bots to its end on their own, every move an ordinary logged event', async () => {
    const host = await newUser(t);
    const { body: game } = await t.http.post('/v1/games').set(host.auth).send({ type: 'toy', seats: 3, options: { rounds: 4 } }).expect(201);
    // The host gives their own seat to a bot (leaving as the last person would close the game).
    expect((await t.http.put(`/v1/games/${game.id}/seats/0`).set(host.auth).send({ fill: 'bot', bot: 'genius' }).expect(422)).body.code).toBe('UNKNOWN_BOT');
    for (const seat of [0, 1]) await t.http.put(`/v1/games/${game.id}/seats/${seat}`).set(host.auth).send({ fill: 'bot' }).expect(200);
    const full = await t.http.put(`/v1/games/${game.id}/seats/2`).set(host.auth).send({ fill: 'bot', bot: 'random' }).expect(200);
    expect(full.body.status).toBe('active');
    const finished = await waitFor(async () => {
      const { body } = await t.http.get(`/v1/games/${game.id}`).set(host.auth).expect(200);
      return body.status === 'finished' ? body : undefined;
    }, 20_000, 'the bots to finish');
    expect(finished.result.scores).toHaveLength(3);
    const log = await events(game.id);
    expect(log).toHaveLength(13);
    expect(log[0]).toMatchObject({ seq: 1, seat: null, kind: 'start', actor_id: null });
    expect(log.slice(1).every((event) => event.kind === 'action' && event.actor_id === null)).toBe(true);
    const admin = await loginAdmin(t);
    expect((await t.http.post(`/v1/admin/games/${game.id}/verify`).set(admin).expect(200)).body).toMatchObject({ ok: true, version: 13, checkedEvents: 13 });
  });

  it('wait while a person is to act, and move as soon as the person has', async () => {
    const alice = await newUser(t);
    const { body: game } = await t.http.post('/v1/games').set(alice.auth).send({ type: 'toy', seats: 2, options: { rounds: 2 } }).expect(201);
    await t.http.put(`/v1/games/${game.id}/seats/1`).set(alice.auth).send({ fill: 'bot' }).expect(200);
    await t.http.post(`/v1/games/${game.id}/actions`).set(alice.auth).send({ action: { type: 'pass' } }).expect(201);
    const back = await waitFor(async () => {
      const { body } = await t.http.get(`/v1/games/${game.id}`).set(alice.auth).expect(200);
      return body.version === 3 ? body : undefined;
    }, 10_000, 'the bot to answer');
    expect(back.activeSeats).toEqual([0]);
    expect((await events(game.id)).map((event) => event.seat)).toEqual([null, 0, 1]);
  });
});

describe('deadlines', () => {
  it('apply the timeout action once per missed deadline, then hand the seat to a bot', async () => {
    const [alice, bob] = [await newUser(t), await newUser(t)];
    const { body: game } = await t.http.post('/v1/games').set(alice.auth)
      .send({ type: 'toy', seats: 2, options: { rounds: 3 }, timeControl: { kind: 'per-move', moveSeconds: 1, timeoutsBeforeBot: 2 } }).expect(201);
    const started = await t.http.post(`/v1/games/${game.id}/join`).set(bob.auth).expect(200);
    expect(started.body.deadline).not.toBeNull();
    // Nobody moves: seat 0 times out, then seat 1, then seat 0 again (its second: a bot takes over).
    // Event 1 is the start; the timeouts follow it.
    const afterThree = await waitFor(async () => ((await events(game.id)).length >= 4 ? events(game.id) : undefined), 20_000, 'three timeouts');
    expect(afterThree.slice(0, 4).map((event) => [event.seat, event.kind])).toEqual([[null, 'start'], [0, 'timeout'], [1, 'timeout'], [0, 'timeout']]);
    expect(afterThree[1].action).toEqual({ type: 'pass' });
    const seats = (await t.sql.query('SELECT seat, bot, timeouts FROM seats WHERE game_id = $1 ORDER BY seat', [game.id])).rows;
    expect(seats[0]).toMatchObject({ bot: 'random', timeouts: 2 });
    const log = (await t.http.get(`/v1/games/${game.id}/log`).set(bob.auth).expect(200)).body.events;
    expect(log[1].log[0].message).toBe('Seat 0 ran out of time.');
    expect(log[3].log.map((entry: { message: string }) => entry.message)).toContain('A bot (random) now plays seat 0.');
  });

  it('fire exactly once with two server processes on one database', async () => {
    const second = await startTestApp({ databaseUrl: t.databaseUrl });
    try {
      const [alice, bob] = [await newUser(t), await newUser(t)];
      const { body: game } = await t.http.post('/v1/games').set(alice.auth)
        .send({ type: 'toy', seats: 2, options: { rounds: 5 }, timeControl: { kind: 'per-move', moveSeconds: 2, timeoutsBeforeBot: 10 } }).expect(201);
      await second.http.post(`/v1/games/${game.id}/join`).set(bob.auth).expect(200);
      await waitFor(async () => ((await events(game.id)).length >= 3 ? true : undefined), 20_000, 'two timeouts');
      const timeouts = await events(game.id);
      expect(timeouts.slice(0, 3).map((event) => [event.seq, event.seat, event.kind])).toEqual([[1, null, 'start'], [2, 0, 'timeout'], [3, 1, 'timeout']]);
      // The next deadline (or its warning before it) is recorded as the game's due work, in the same row.
      const row = await gameRow(game.id);
      expect(row.due_at.getTime()).toBe(Math.min(row.deadline.getTime(), row.warn_at?.getTime() ?? Infinity));
    } finally {
      await second.close();
    }
  });

  it('record no due work for a game without time control, and move it with each turn of a timed one', async () => {
    const { alice, gameId } = await startedToyGame(t);
    expect((await gameRow(gameId)).due_at).toBeNull();
    const [carol, dave] = [await newUser(t), await newUser(t)];
    const { body: game } = await t.http.post('/v1/games').set(carol.auth)
      .send({ type: 'toy', seats: 2, timeControl: { kind: 'per-move', moveSeconds: 3600 } }).expect(201);
    await t.http.post(`/v1/games/${game.id}/join`).set(dave.auth).expect(200);
    const first = await gameRow(game.id);
    await t.http.post(`/v1/games/${game.id}/actions`).set(carol.auth).send({ action: { type: 'pass' } }).expect(201);
    const second = await gameRow(game.id);
    // Due first: the warning (a quarter of the turn before the deadline, at most an hour), then the deadline.
    expect(second.warn_at.getTime()).toBe(second.deadline.getTime() - 15 * 60_000);
    expect(second.due_at.getTime()).toBe(second.warn_at.getTime());
    expect(second.deadline.getTime()).toBeGreaterThan(first.deadline.getTime());
    await t.http.post(`/v1/games/${gameId}/actions`).set(alice.auth).send({ action: { type: 'pass' } }).expect(201);
    expect((await gameRow(gameId)).due_at).toBeNull();
  });

  it('charge a budget clock with its increment, computed with the service clock', async () => {
    let now = new Date('2030-01-01T00:00:00Z');
    const clocked = await startTestApp({ now: () => now, workers: false });
    try {
      const [alice, bob] = [await newUser(clocked), await newUser(clocked)];
      const { body: game } = await clocked.http.post('/v1/games').set(alice.auth)
        .send({ type: 'toy', seats: 2, timeControl: { kind: 'budget', initialSeconds: 600, incrementSeconds: 10 } }).expect(201);
      await clocked.http.post(`/v1/games/${game.id}/join`).set(bob.auth).expect(200);
      expect((await clocked.http.get(`/v1/games/${game.id}`).set(alice.auth)).body.deadline).toBe('2030-01-01T00:10:00.000Z');
      now = new Date('2030-01-01T00:02:00Z');
      await clocked.http.post(`/v1/games/${game.id}/actions`).set(alice.auth).send({ action: { type: 'pass' } }).expect(201);
      const row = (await clocked.sql.query('SELECT clocks, deadline FROM games WHERE id = $1', [game.id])).rows[0];
      expect(row.clocks.remainingMs).toEqual([(600 - 120 + 10) * 1000, 600_000]);
      expect(row.deadline.toISOString()).toBe('2030-01-01T00:12:00.000Z');
      // The workers' step, driven by hand with the service clock: nothing before the deadline, one timeout at it.
      const { workDue } = await import('../../src/services/due.js');
      const work = () => workDue(clocked.app.services, { retryBaseMs: 1000 });
      now = new Date('2030-01-01T00:09:29Z');
      expect(await work()).toEqual([]);
      // Warned a quarter of the turn (10 minutes left) before the deadline: once.
      now = new Date('2030-01-01T00:09:30Z');
      expect(await work()).toMatchObject([{ gameId: game.id, kind: 'warning', failed: false }]);
      now = new Date('2030-01-01T00:11:59Z');
      expect(await work()).toEqual([]);
      now = new Date('2030-01-01T00:12:00Z');
      expect(await work()).toMatchObject([{ gameId: game.id, kind: 'timeout', failed: false }]);
      expect(await work()).toEqual([]); // fires once
      const kinds = (await clocked.sql.query('SELECT seat, kind FROM game_events WHERE game_id = $1 ORDER BY seq', [game.id])).rows;
      expect(kinds).toEqual([{ seat: null, kind: 'start' }, { seat: 0, kind: 'action' }, { seat: 1, kind: 'timeout' }]);
    } finally {
      await clocked.close();
    }
  });

  it('refuse a malformed time control', async () => {
    const alice = await newUser(t);
    const bad = await t.http.post('/v1/games').set(alice.auth).send({ type: 'toy', seats: 2, timeControl: { kind: 'per-move', moveSeconds: 0 } }).expect(400);
    expect(bad.body.code).toBe('VALIDATION_FAILED');
  });
});

describe('take-backs', () => {
  it('take back your own last move at once, recording the undo and restoring the state', async () => {
    const { alice, bob, gameId } = await startedToyGame(t);
    const before = (await gameRow(gameId)).state;
    await t.http.post(`/v1/games/${gameId}/actions`).set(alice.auth).send({ action: { type: 'pass' } }).expect(201);
    const undone = await t.http.post(`/v1/games/${gameId}/take-back`).set(alice.auth).expect(201);
    expect(undone.body.version).toBe(3);
    const after = await gameRow(gameId);
    expect(canonicalJson(after.state)).toBe(canonicalJson(before));
    expect(after.active_seats).toEqual([0]);
    expect((await events(gameId)).map((event) => [event.kind, event.undoes_seq])).toEqual([['start', null], ['action', null], ['undo', 2]]);
    expect((await t.http.post(`/v1/games/${gameId}/take-back`).set(alice.auth).expect(422)).body.code).toBe('NOTHING_TO_TAKE_BACK');
    expect((await t.http.post(`/v1/games/${gameId}/take-back`).set(bob.auth).expect(422)).body.code).toBe('NOTHING_TO_TAKE_BACK');
    const admin = await loginAdmin(t);
    expect((await t.http.post(`/v1/admin/games/${gameId}/verify`).set(admin).expect(200)).body.ok).toBe(true);
  });

  it('never take back a move that drew a hidden card', async () => {
    const { alice, gameId } = await startedToyGame(t);
    const card = (await gameRow(gameId)).state.hands[0][0];
    await t.http.post(`/v1/games/${gameId}/actions`).set(alice.auth).send({ action: { type: 'play', card } }).expect(201);
    expect((await t.http.post(`/v1/games/${gameId}/take-back`).set(alice.auth).expect(422)).body.code).toBe('TAKE_BACK_NOT_ALLOWED');
    expect((await t.http.post(`/v1/games/${gameId}/undo-requests`).set(alice.auth).expect(422)).body.code).toBe('TAKE_BACK_NOT_ALLOWED');
    expect((await events(gameId)).map((event) => event.kind)).toEqual(['start', 'action']);
  });

  it('past another player\u2019s move only with their approval; a decline or a new move closes the request', async () => {
    const { alice, bob, gameId } = await startedToyGame(t, { rounds: 5 });
    const before = (await gameRow(gameId)).state;
    await t.http.post(`/v1/games/${gameId}/actions`).set(alice.auth).send({ action: { type: 'pass' } }).expect(201);
    await t.http.post(`/v1/games/${gameId}/actions`).set(bob.auth).send({ action: { type: 'pass' } }).expect(201);
    expect((await t.http.post(`/v1/games/${gameId}/take-back`).set(alice.auth).expect(409)).body.code).toBe('TAKE_BACK_NEEDS_APPROVAL');

    const declined = (await t.http.post(`/v1/games/${gameId}/undo-requests`).set(alice.auth).expect(201)).body;
    expect(declined).toMatchObject({ seq: 2, seat: 0, status: 'open' });
    expect((await t.http.post(`/v1/games/${gameId}/undo-requests/${declined.id}/approve`).set(alice.auth).expect(403)).body.code).toBe('NOT_AN_APPROVER');
    expect((await t.http.post(`/v1/games/${gameId}/undo-requests/${declined.id}/decline`).set(bob.auth).expect(200)).body.status).toBe('declined');

    const voided = (await t.http.post(`/v1/games/${gameId}/undo-requests`).set(alice.auth).expect(201)).body;
    await t.http.post(`/v1/games/${gameId}/actions`).set(alice.auth).send({ action: { type: 'pass' } }).expect(201);
    expect((await t.http.post(`/v1/games/${gameId}/undo-requests/${voided.id}/approve`).set(bob.auth).expect(409)).body.code).toBe('UNDO_REQUEST_CLOSED');

    await t.http.post(`/v1/games/${gameId}/actions`).set(bob.auth).send({ action: { type: 'pass' } }).expect(201);
    const asked = (await t.http.post(`/v1/games/${gameId}/undo-requests`).set(bob.auth).expect(201)).body;
    expect(asked.seq).toBe(5);
    await t.http.post(`/v1/games/${gameId}/actions`).set(alice.auth).send({ action: { type: 'pass' } }).expect(201);
    const askedAgain = (await t.http.post(`/v1/games/${gameId}/undo-requests`).set(bob.auth).expect(201)).body;
    const approved = (await t.http.post(`/v1/games/${gameId}/undo-requests/${askedAgain.id}/approve`).set(alice.auth).expect(200)).body;
    expect(approved.status).toBe('approved');
    const game = await gameRow(gameId);
    expect(game.active_seats).toEqual([1]);
    expect(game.state.turn).toBe(3);
    expect((await events(gameId)).at(-1)).toMatchObject({ kind: 'undo', undoes_seq: 5, seat: 1 });
    expect(canonicalJson(before)).not.toBe(canonicalJson(game.state));
    const admin = await loginAdmin(t);
    expect((await t.http.post(`/v1/admin/games/${gameId}/verify`).set(admin).expect(200)).body.ok).toBe(true);
    expect((await t.http.get(`/v1/admin/games/${gameId}/state?at=7`).set(admin).expect(200)).body.state.turn).toBe(3);
  });
});

describe('resigning', () => {
  it('hands the seat to a bot, and closes the game when no person is left', async () => {
    const { alice, bob, gameId } = await startedToyGame(t, { rounds: 20 });
    const resigned = await t.http.post(`/v1/games/${gameId}/resign`).set(alice.auth).expect(200);
    expect(resigned.body.seats[0]).toMatchObject({ bot: 'random', resigned: true });
    expect((await t.http.post(`/v1/games/${gameId}/resign`).set(alice.auth).expect(409)).body.code).toBe('ALREADY_RESIGNED');
    await waitFor(async () => ((await gameRow(gameId)).active_seats[0] === 1 ? true : undefined), 10_000, 'the bot to move for alice');
    const closed = await t.http.post(`/v1/games/${gameId}/resign`).set(bob.auth).expect(200);
    expect(closed.body).toMatchObject({ status: 'finished', result: { abandoned: true } });
    const kinds = (await events(gameId)).map((event) => event.kind);
    expect(kinds.slice(0, 2)).toEqual(['start', 'resign']);
    expect(kinds.at(-1)).toBe('resign');
  });
});

describe('lobby', () => {
  it('lists joinable public games, hides private ones from outsiders, and holds reserved seats for their invitee', async () => {
    const [host, guest, stranger] = [await newUser(t), await newUser(t), await newUser(t)];
    const { body: open } = await t.http.post('/v1/games').set(host.auth).send({ type: 'toy', seats: 3 }).expect(201);
    const { body: hidden } = await t.http.post('/v1/games').set(host.auth).send({ type: 'toy', seats: 2, private: true }).expect(201);
    expect((await t.http.put(`/v1/games/${hidden.id}/seats/1`).set(host.auth).send({ fill: 'reserved', username: 'no_such_user' }).expect(422)).body.code).toBe('UNKNOWN_USER');
    await t.http.put(`/v1/games/${hidden.id}/seats/1`).set(host.auth).send({ fill: 'reserved', username: guest.username }).expect(200);
    expect((await t.http.put(`/v1/games/${hidden.id}/seats/1`).set(guest.auth).send({ fill: 'open' }).expect(403)).body.code).toBe('NOT_GAME_CREATOR');

    const strangerLobby = (await t.http.get('/v1/lobby?type=toy&limit=100').set(stranger.auth).expect(200)).body.games.map((g: { id: string }) => g.id);
    expect(strangerLobby).toContain(open.id);
    expect(strangerLobby).not.toContain(hidden.id);
    expect((await t.http.get(`/v1/games/${hidden.id}`).set(stranger.auth).expect(404)).body.code).toBe('NOT_FOUND');
    expect((await t.http.get(`/v1/games/${hidden.id}`).expect(404)).body.code).toBe('NOT_FOUND');
    expect((await t.http.get(`/v1/games/${hidden.id}/log`).set(stranger.auth).expect(404)).body.code).toBe('NOT_FOUND');
    expect((await t.http.post(`/v1/games/${hidden.id}/join`).set(stranger.auth).expect(404)).body.code).toBe('NOT_FOUND');
    expect((await t.http.get('/v1/games?limit=100').set(stranger.auth).expect(200)).body.games.map((g: { id: string }) => g.id)).not.toContain(hidden.id);

    const invited = (await t.http.get('/v1/me/invitations').set(guest.auth).expect(200)).body;
    expect(invited.map((g: { id: string }) => g.id)).toEqual([hidden.id]);
    expect(invited[0].seats[1].reservedFor).toBe(guest.username);
    expect((await t.http.get('/v1/lobby?limit=100').set(guest.auth).expect(200)).body.games.map((g: { id: string }) => g.id)).toContain(hidden.id);
    const joined = await t.http.post(`/v1/games/${hidden.id}/join`).set(guest.auth).expect(200);
    expect(joined.body).toMatchObject({ status: 'active', yourSeat: 1 });

    const { body: reservedPublic } = await t.http.post('/v1/games').set(host.auth).send({ type: 'toy', seats: 2 }).expect(201);
    await t.http.put(`/v1/games/${reservedPublic.id}/seats/1`).set(host.auth).send({ fill: 'reserved', username: guest.username }).expect(200);
    expect((await t.http.post(`/v1/games/${reservedPublic.id}/join`).set(stranger.auth).send({ seat: 1 }).expect(403)).body.code).toBe('SEAT_RESERVED');
    expect((await t.http.post(`/v1/games/${reservedPublic.id}/join`).set(stranger.auth).expect(409)).body.code).toBe('GAME_FULL');
    expect((await t.http.get(`/v1/games/${reservedPublic.id}`).set(stranger.auth).expect(200)).body.view).toBeNull();
  });

  it('lets an invitee decline: the seat opens to anyone, the creator sees who declined, a new invitation clears it', async () => {
    const [host, guest, other] = [await newUser(t), await newUser(t), await newUser(t)];
    const { body: game } = await t.http.post('/v1/games').set(host.auth).send({ type: 'toy', seats: 3 }).expect(201);
    await t.http.put(`/v1/games/${game.id}/seats/1`).set(host.auth).send({ fill: 'reserved', username: guest.username }).expect(200);
    // Nobody else can decline it, and nothing changes when they try.
    expect((await t.http.post(`/v1/games/${game.id}/decline`).set(other.auth).expect(409)).body.code).toBe('NOT_INVITED');
    const declined = (await t.http.post(`/v1/games/${game.id}/decline`).set(guest.auth).expect(200)).body;
    expect(declined.seats[1]).toMatchObject({ username: null, bot: null, reservedFor: null, declinedBy: guest.username });
    expect((await t.http.get('/v1/me/invitations').set(guest.auth).expect(200)).body).toEqual([]);
    expect((await t.http.get(`/v1/games/${game.id}`).set(host.auth).expect(200)).body.seats[1].declinedBy).toBe(guest.username);
    expect((await t.http.post(`/v1/games/${game.id}/decline`).set(guest.auth).expect(409)).body.code).toBe('NOT_INVITED');
    // Through GraphQL too, after a new invitation (which clears the old decline).
    const again = (await t.http.put(`/v1/games/${game.id}/seats/1`).set(host.auth).send({ fill: 'reserved', username: other.username }).expect(200)).body;
    expect(again.seats[1]).toMatchObject({ reservedFor: other.username, declinedBy: null });
    const query = `mutation { declineInvitation(gameId: "${game.id}") { seats { seat reservedFor declinedBy } } }`;
    const answer = (await t.http.post('/graphql').set(other.auth).send({ query }).expect(200)).body;
    expect(answer.data.declineInvitation.seats[1]).toEqual({ seat: 1, reservedFor: null, declinedBy: other.username });
    // Once the game has started there is nothing to decline.
    await t.http.put(`/v1/games/${game.id}/seats/2`).set(host.auth).send({ fill: 'reserved', username: guest.username }).expect(200);
    await t.http.post(`/v1/games/${game.id}/join`).set(other.auth).send({ seat: 1 }).expect(200);
    await t.http.post(`/v1/games/${game.id}/start`).set(host.auth).expect(200);
    expect((await t.http.post(`/v1/games/${game.id}/decline`).set(guest.auth).expect(409)).body.code).toBe('GAME_NOT_OPEN');
  });
});
