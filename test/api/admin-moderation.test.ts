import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loginAdmin, newUser, playFirstLegal, startedToyGame, startTestApp, type TestApp } from '../support/api.js';
import { codeOf, postGraphql } from '../support/graphql.js';
import { connectSse } from '../support/sse.js';
import { waitFor } from '../support/wait.js';

/** Moderation: abort a game, give a seat to a bot, disable and enable accounts (at once, in every process). */
let t: TestApp;
let admin: { Authorization: string };
beforeAll(async () => {
  // Webhooks to a local address (nothing listens: the delivery only has to be written).
  t = await startTestApp({ config: { webhookAllowPrivate: true } });
  admin = await loginAdmin(t);
});
afterAll(async () => t?.close());

const adminId = async () => (await t.http.get('/v1/me').set(admin).expect(200)).body.id as string;
const gameRow = async (id: string) => (await t.sql.query('SELECT status, result, due_at, deadline, version FROM games WHERE id = $1', [id])).rows[0];
const lastEvent = async (id: string) => (await t.sql.query('SELECT seq, seat, kind, actor_id, action, log FROM game_events WHERE game_id = $1 ORDER BY seq DESC LIMIT 1', [id])).rows[0];

describe('aborting a game', () => {
  it('ends a running game without a result: its players hear of it, its due work is dropped, it can no longer be played', async () => {
    const { alice, bob, gameId } = await startedToyGame(t);
    // A per-move clock gives the game due work (a deadline).
    const timed = (await t.http.post('/v1/games').set(alice.auth).send({ type: 'toy', seats: 2, timeControl: { kind: 'per-move', moveSeconds: 3600 } }).expect(201)).body.id as string;
    await t.http.post(`/v1/games/${timed}/join`).set(bob.auth).send({}).expect(200);
    expect((await gameRow(timed)).due_at).not.toBeNull();
    const hook = (await t.http.post('/v1/me/webhooks').set(bob.auth).send({ url: 'http://127.0.0.1:9/hook', events: ['game_over'] }).expect(201)).body.id as string;
    const { actions } = (await t.http.get(`/v1/games/${gameId}/legal-actions`).set(alice.auth).expect(200)).body;
    await t.http.post(`/v1/games/${gameId}/actions`).set(alice.auth).send({ action: actions[0] }).expect(201);

    const me = await adminId();
    const told = vi.spyOn(t.app.services.events, 'account');
    const changed = vi.spyOn(t.app.services.events, 'gameChanged');
    const logged = vi.spyOn(t.app.services.log, 'info');
    try {
      const aborted = (await t.http.post(`/v1/admin/games/${timed}/abort`).set(admin).send({ reason: 'test of moderation' }).expect(200)).body;
      expect(aborted).toMatchObject({ id: timed, status: 'aborted', result: null, activeSeats: [], version: 2 });
      expect(await gameRow(timed)).toMatchObject({ status: 'aborted', result: null, due_at: null, deadline: null, version: 2 });
      expect(changed).toHaveBeenCalledWith(timed, 2);
      expect(told.mock.calls.filter(([, event]) => event.gameId === timed && event.status === 'aborted').map(([userId]) => userId).sort()).toEqual([alice.id, bob.id].sort());
      expect(logged.mock.calls.some(([line]) => line.includes(`game ${timed}`) && line.includes(`admin ${me}`))).toBe(true);
    } finally {
      vi.restoreAllMocks();
    }
    const deliveries = (await t.sql.query('SELECT event, payload FROM webhook_deliveries WHERE webhook_id = $1', [hook])).rows;
    expect(deliveries).toMatchObject([{ event: 'game_over', payload: { event: 'game_over', game: { id: timed, status: 'aborted' }, result: null } }]);
    expect(await lastEvent(timed)).toMatchObject({ seq: 2, seat: null, kind: 'abort', actor_id: await adminId(), log: [{ message: 'An admin aborted the game: test of moderation' }] });
    const { actions: bobs } = (await t.http.get(`/v1/games/${timed}/legal-actions`).set(bob.auth).expect(200)).body;
    expect(bobs).toEqual([]);
    expect((await t.http.post(`/v1/games/${timed}/actions`).set(bob.auth).send({ action: { type: 'pass' } }).expect(409)).body.code).toBe('GAME_NOT_ACTIVE');
    expect((await t.http.post(`/v1/admin/games/${timed}/abort`).set(admin).expect(409)).body.code).toBe('GAME_FINISHED');
    // Still a whole game: it verifies, replays and exports.
    expect((await t.http.post(`/v1/admin/games/${timed}/verify`).set(admin).expect(200)).body).toMatchObject({ ok: true, version: 2 });
    expect((await t.http.get(`/v1/games/${timed}/replay?at=1`).set(bob.auth).expect(200)).body).toMatchObject({ at: 1, seat: 1 });
    expect((await t.http.get(`/v1/games?status=aborted&mine=true`).set(bob.auth).expect(200)).body.games.map((game: { id: string }) => game.id)).toEqual([timed]);
    // The other game was not touched.
    expect((await gameRow(gameId)).status).toBe('active');
  });

  it('closes an open game, and refuses finished ones and non-admins', async () => {
    const carol = await newUser(t, 'carol');
    const open = (await t.http.post('/v1/games').set(carol.auth).send({ type: 'toy', seats: 2 }).expect(201)).body.id as string;
    const aborted = (await t.http.post(`/v1/admin/games/${open}/abort`).set(admin).expect(200)).body;
    expect(aborted).toMatchObject({ status: 'aborted', view: null, version: 0 });
    expect((await t.http.get(`/v1/games/${open}`).set(carol.auth).expect(200)).body).toMatchObject({ status: 'aborted', view: null });
    expect((await t.http.post(`/v1/games/${open}/join`).set((await newUser(t)).auth).send({}).expect(409)).body.code).toBe('GAME_NOT_OPEN');
    expect((await t.http.get(`/v1/admin/games/${open}/export`).set(admin).expect(422)).body.code).toBe('GAME_NOT_STARTED');

    const { alice, bob, gameId } = await startedToyGame(t, { rounds: 1 });
    await playFirstLegal(t, gameId, [alice, bob], 2);
    expect((await t.http.post(`/v1/admin/games/${gameId}/abort`).set(admin).expect(409)).body.code).toBe('GAME_FINISHED');
    expect((await gameRow(gameId)).status).toBe('finished');
    expect((await t.http.post(`/v1/admin/games/${gameId}/abort`).set(alice.auth).expect(403)).body.code).toBe('ADMIN_ONLY');
    expect((await t.http.post(`/v1/admin/games/${gameId}/abort`).set(admin).send({ reason: '' }).expect(400)).body.code).toBe('VALIDATION_FAILED');
  });
});

describe('giving a seat to a bot', () => {
  it('lets a bot play the seat on at once; its player leaves it; the log names who was replaced', async () => {
    const { alice, bob, gameId } = await startedToyGame(t);
    // Seat 0 (Alice) is to act: the bot takes the turn. Alice hears that her game changed.
    const told = vi.spyOn(t.app.services.events, 'account');
    const game = (await t.http.post(`/v1/admin/games/${gameId}/seats/0/bot`).set(admin).send({ bot: 'random' }).expect(200)).body;
    expect(told.mock.calls.filter(([, event]) => event.gameId === gameId && event.version === 2).map(([userId]) => userId).sort()).toEqual([alice.id, bob.id].sort());
    vi.restoreAllMocks();
    expect(game.seats[0]).toMatchObject({ seat: 0, username: null, bot: 'random' });
    expect(game.version).toBeGreaterThanOrEqual(2); // the bot may have moved already
    // The bot may already have moved: read event 2 (after the start) itself.
    const replaceEvent = (await t.sql.query('SELECT seq, seat, kind, actor_id, action FROM game_events WHERE game_id = $1 AND seq = 2', [gameId])).rows[0];
    expect(replaceEvent).toMatchObject({ seq: 2, seat: 0, kind: 'replace', actor_id: await adminId(), action: { type: 'replace', bot: 'random', replaced: alice.username } });
    await waitFor(async () => ((await gameRow(gameId)).version >= 3 ? true : undefined), 15_000, 'the bot to move');
    expect((await t.sql.query('SELECT seq, seat, kind, actor_id FROM game_events WHERE game_id = $1 AND seq = 3', [gameId])).rows[0]).toMatchObject({ seq: 3, seat: 0, kind: 'action', actor_id: null });
    expect((await t.http.get(`/v1/games/${gameId}/legal-actions`).set(alice.auth).expect(403)).body.code).toBe('NOT_A_PLAYER');
    // Bob plays on against the bot.
    const { actions } = (await t.http.get(`/v1/games/${gameId}/legal-actions`).set(bob.auth).expect(200)).body;
    expect(actions.length).toBeGreaterThan(0);
    await t.http.post(`/v1/games/${gameId}/actions`).set(bob.auth).send({ action: actions[0] }).expect(201);
    expect((await t.http.post(`/v1/admin/games/${gameId}/verify`).set(admin).expect(200)).body.ok).toBe(true);

    expect((await t.http.post(`/v1/admin/games/${gameId}/seats/0/bot`).set(admin).send({ bot: 'random' }).expect(409)).body.code).toBe('SEAT_ALREADY_BOT');
    expect((await t.http.post(`/v1/admin/games/${gameId}/seats/5/bot`).set(admin).expect(422)).body.code).toBe('NO_SUCH_SEAT');
    expect((await t.http.post(`/v1/admin/games/${gameId}/seats/1/bot`).set(admin).send({ bot: 'genius' }).expect(422)).body.code).toBe('UNKNOWN_BOT');
    expect((await t.http.post(`/v1/admin/games/${gameId}/seats/1/bot`).set(admin).send({ extra: 1 }).expect(400)).body.code).toBe('VALIDATION_FAILED');
    expect((await t.http.post(`/v1/admin/games/${gameId}/seats/1/bot`).set(bob.auth).expect(403)).body.code).toBe('ADMIN_ONLY');
    const open = (await t.http.post('/v1/games').set(bob.auth).send({ type: 'toy', seats: 2 }).expect(201)).body.id;
    expect((await t.http.post(`/v1/admin/games/${open}/seats/0/bot`).set(admin).expect(409)).body.code).toBe('GAME_NOT_ACTIVE');
  });
});

describe('disabling accounts', () => {
  it('refuses its login and every token it holds at once, in this process and in another one; enabling restores them', async () => {
    const other = await startTestApp({ databaseUrl: t.databaseUrl });
    try {
      const dora = await newUser(t, 'dora');
      const apiToken = (await t.http.post('/v1/me/tokens').set(dora.auth).send({ name: 'bot', scopes: ['read', 'play'] }).expect(201)).body.token as string;
      // Both processes have verified (and cached) the login token.
      await t.http.get('/v1/me').set(dora.auth).expect(200);
      await other.http.get('/v1/me').set(dora.auth).expect(200);
      await other.http.get('/v1/me').set({ Authorization: `Bearer ${apiToken}` }).expect(200);

      const found = (await t.http.get(`/v1/admin/users?q=${dora.username.slice(0, 8).toUpperCase()}`).set(admin).expect(200)).body;
      expect(found.items.map((user: { id: string }) => user.id)).toContain(dora.id);
      const logged = vi.spyOn(t.app.services.log, 'info');
      const disabled = (await t.http.post(`/v1/admin/users/${dora.id}/disable`).set(admin).expect(200)).body;
      expect(logged.mock.calls.some(([line]) => line.includes(`account ${dora.id}`) && line.includes('disabled'))).toBe(true);
      vi.restoreAllMocks();
      expect(disabled).toMatchObject({ id: dora.id, username: dora.username, disabledAt: expect.any(String) });

      for (const auth of [dora.auth, { Authorization: `Bearer ${apiToken}` }]) {
        expect((await t.http.get('/v1/me').set(auth).expect(403)).body.code).toBe('ACCOUNT_DISABLED');
        expect((await t.http.get('/v1/game-types').set(auth).expect(403)).body.code).toBe('ACCOUNT_DISABLED');
        // The other process hears of it by NOTIFY (delivered on commit; a moment later than this one).
        await waitFor(async () => ((await other.http.get('/v1/me').set(auth)).status === 403 ? true : undefined), 10_000, 'the other process to refuse the token');
        expect((await other.http.get('/v1/me').set(auth).expect(403)).body.code).toBe('ACCOUNT_DISABLED');
      }
      expect(codeOf(await postGraphql(t, '{ me { id } }', {}, dora.token))).toBe('ACCOUNT_DISABLED');
      expect((await t.http.post('/v1/auth/login').send({ username: dora.username, password: 'correct horse battery' }).expect(403)).body.code).toBe('ACCOUNT_DISABLED');
      expect((await t.http.post('/v1/auth/login').send({ username: dora.username, password: 'wrong password!' }).expect(401)).body.code).toBe('INVALID_CREDENTIALS');
      // Disabling again changes nothing.
      expect((await t.http.post(`/v1/admin/users/${dora.id}/disable`).set(admin).expect(200)).body.disabledAt).toBe(disabled.disabledAt);

      // A process that starts now knows it from its first request.
      const third = await startTestApp({ databaseUrl: t.databaseUrl });
      try {
        expect((await third.http.get('/v1/me').set(dora.auth).expect(403)).body.code).toBe('ACCOUNT_DISABLED');
      } finally {
        await third.close();
      }

      expect((await t.http.post(`/v1/admin/users/${dora.id}/enable`).set(admin).expect(200)).body.disabledAt).toBeNull();
      await t.http.get('/v1/me').set(dora.auth).expect(200);
      await waitFor(async () => ((await other.http.get('/v1/me').set(dora.auth)).status === 200 ? true : undefined), 10_000, 'the other process to accept the token again');
      await other.http.get('/v1/me').set({ Authorization: `Bearer ${apiToken}` }).expect(200);
      await t.http.post('/v1/auth/login').send({ username: dora.username, password: 'correct horse battery' }).expect(200);
    } finally {
      await other.close();
    }
  });

  it('is not lost when a process misses the NOTIFY: it rereads the disabled accounts when its LISTEN comes back', async () => {
    const other = await startTestApp({ databaseUrl: t.databaseUrl });
    try {
      const erin = await newUser(t, 'erin');
      await other.http.get('/v1/me').set(erin.auth).expect(200);
      // Cut every LISTEN connection of this database; the disable's NOTIFY may reach nobody.
      await t.sql.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'boardgame-server-accounts'`);
      await t.http.post(`/v1/admin/users/${erin.id}/disable`).set(admin).expect(200);
      await waitFor(async () => ((await other.http.get('/v1/me').set(erin.auth)).status === 403 ? true : undefined), 15_000, 'the other process to refuse the token');
      await t.http.get('/v1/me').set(erin.auth).expect(403);
    } finally {
      await other.close();
    }
  });

  it("ends the account's open event stream, in another process too, saying why and sending no event after", async () => {
    // Account events travel by this process's pub/sub (no Redis here): the game is played where the stream is; the disable comes from the other process.
    const streaming = await startTestApp({ databaseUrl: t.databaseUrl, listen: true });
    try {
      const base = `http://127.0.0.1:${(streaming.app.server.address() as AddressInfo).port}`;
      const { alice, bob, gameId } = await startedToyGame(streaming);
      const stream = await connectSse(base, bob.auth);
      const { actions } = (await streaming.http.get(`/v1/games/${gameId}/legal-actions`).set(alice.auth).expect(200)).body;
      await streaming.http.post(`/v1/games/${gameId}/actions`).set(alice.auth).send({ action: actions[0] }).expect(201);
      await waitFor(async () => (stream.events.some((event) => event.data.version === 2) ? true : undefined), 10_000, 'the first event');
      await t.http.post(`/v1/admin/users/${bob.id}/disable`).set(admin).expect(200);
      await waitFor(async () => ((await streaming.http.get('/v1/me').set(bob.auth)).status === 403 ? true : undefined), 10_000, 'the streaming process to know');
      // The game moves on (an abort tells both players): Bob's stream has ended instead of telling him.
      await streaming.http.post(`/v1/admin/games/${gameId}/abort`).set(await loginAdmin(streaming)).expect(200);
      await stream.ended;
      expect(stream.events.map((event) => event.event === 'closed' ? 'closed' : event.data.version)).toEqual([2, 'closed']);
      expect(stream.events[1]!.data).toMatchObject({ reason: 'ACCOUNT_DISABLED' });
    } finally {
      await streaming.close();
    }
  });

  it('refuses to disable yourself, unknown accounts, and non-admins', async () => {
    const me = await adminId();
    expect((await t.http.post(`/v1/admin/users/${me}/disable`).set(admin).expect(422)).body.code).toBe('CANNOT_DISABLE_SELF');
    expect((await t.http.post('/v1/admin/users/00000000-0000-4000-8000-000000000000/disable').set(admin).expect(404)).body.code).toBe('NOT_FOUND');
    expect((await t.http.post('/v1/admin/users/nope/disable').set(admin).expect(400)).body.code).toBe('VALIDATION_FAILED');
    const frank = await newUser(t, 'frank');
    expect((await t.http.post(`/v1/admin/users/${frank.id}/disable`).set(frank.auth).expect(403)).body.code).toBe('ADMIN_ONLY');
    expect((await t.http.get('/v1/admin/users').set(frank.auth).expect(403)).body.code).toBe('ADMIN_ONLY');
    await t.http.get('/v1/me').set(admin).expect(200);
  });
});

describe('moderation over GraphQL', () => {
  it('aborts, gives seats to bots, disables and enables as REST does', async () => {
    const token = admin.Authorization;
    const { alice, gameId } = await startedToyGame(t);
    const replaced = await postGraphql(t, 'mutation($id: ID!) { adminReplaceSeatByBot(id: $id, seat: 1, bot: "random") { seats { seat username bot } } }', { id: gameId }, token);
    expect(replaced.data.adminReplaceSeatByBot.seats[1]).toEqual({ seat: 1, username: null, bot: 'random' });
    const aborted = await postGraphql(t, 'mutation($id: ID!) { adminAbortGame(id: $id, reason: "done") { status result } }', { id: gameId }, token);
    expect(aborted.data.adminAbortGame).toEqual({ status: 'aborted', result: null });
    expect(codeOf(await postGraphql(t, 'mutation($id: ID!) { adminAbortGame(id: $id) { status } }', { id: gameId }, token))).toBe('GAME_FINISHED');
    const users = await postGraphql(t, 'query($q: String) { adminUsers(q: $q) { totalCount edges { node { id username disabledAt } } } }', { q: alice.username }, token);
    expect(users.data.adminUsers).toEqual({ totalCount: 1, edges: [{ node: { id: alice.id, username: alice.username, disabledAt: null } }] });
    const off = await postGraphql(t, 'mutation($id: ID!) { adminDisableUser(id: $id) { disabledAt } }', { id: alice.id }, token);
    expect(off.data.adminDisableUser.disabledAt).toEqual(expect.any(String));
    expect((await t.http.get('/v1/me').set(alice.auth).expect(403)).body.code).toBe('ACCOUNT_DISABLED');
    await postGraphql(t, 'mutation($id: ID!) { adminEnableUser(id: $id) { disabledAt } }', { id: alice.id }, token);
    await t.http.get('/v1/me').set(alice.auth).expect(200);
    expect(codeOf(await postGraphql(t, 'mutation($id: ID!) { adminDisableUser(id: $id) { id } }', { id: alice.id }, alice.token))).toBe('ADMIN_ONLY');
  });
});
