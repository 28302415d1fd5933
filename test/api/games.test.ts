import { closeDb, createDb } from '../../src/store/db.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUser, startedToyGame, startTestApp, type TestApp, storedGame } from '../support/api.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

describe('game types', () => {
  it('lists each served game with players and schemas', async () => {
    const response = await t.http.get('/v1/game-types').expect(200);
    expect(response.body).toEqual([
      expect.objectContaining({ id: 'toy', title: expect.any(String), rulesVersion: 1, players: { min: 2, max: 4 }, optionsSchema: expect.any(Object), actionSchema: expect.any(Object) }),
    ]);
    expect(response.body[0].optionsSchema.properties.rounds.default).toBe(3);
    // The toy game publishes no view schema and has no bot of its own: the kernel's `random` plays it.
    expect(response.body[0]).toMatchObject({ viewSchema: null, bots: ['random'] });
  });
});

describe('lobby', () => {
  it('creates a game with the creator in seat 0, and refuses bad types, seat counts and options', async () => {
    const alice = await newUser(t);
    const created = await t.http.post('/v1/games').set(alice.auth).send({ type: 'toy', seats: 3, options: { rounds: 2 } }).expect(201);
    expect(created.body).toMatchObject({ type: 'toy', status: 'open', version: 0, seatCount: 3, yourSeat: 0, options: { rounds: 2 }, view: null });
    const open = { bot: null, reservedFor: null, declinedBy: null, resigned: false };
    expect(created.body.seats).toEqual([{ seat: 0, username: alice.username, ...open }, { seat: 1, username: null, ...open }, { seat: 2, username: null, ...open }]);
    expect(created.body).not.toHaveProperty('seed');
    expect(created.body).not.toHaveProperty('state');

    const before = (await t.sql.query('SELECT count(*)::int AS n FROM games')).rows[0].n;
    // Names an object has from its prototype are no game types either (they were answered 500).
    for (const type of ['chess', 'constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      expect((await t.http.post('/v1/games').set(alice.auth).send({ type, seats: 2 }).expect(400)).body.code, type).toBe('UNKNOWN_GAME_TYPE');
    }
    expect((await t.http.post('/v1/games').set(alice.auth).send({ type: 'toy', seats: 5 }).expect(400)).body.code).toBe('INVALID_SEAT_COUNT');
    expect((await t.http.post('/v1/games').set(alice.auth).send({ type: 'toy', seats: 2, options: { rounds: 99 } }).expect(400)).body.code).toBe('INVALID_OPTIONS');
    expect((await t.http.post('/v1/games').set(alice.auth).send({ type: 'toy', seats: 2, options: { colour: 'red' } }).expect(400)).body.code).toBe('INVALID_OPTIONS');
    expect((await t.http.post('/v1/games').set(alice.auth).send({ type: 'toy', seats: 2, extra: true }).expect(400)).body.code).toBe('VALIDATION_FAILED');
    expect((await t.http.post('/v1/games').send({ type: 'toy', seats: 2 }).expect(401)).body.code).toBe('UNAUTHENTICATED');
    expect((await t.sql.query('SELECT count(*)::int AS n FROM games')).rows[0].n).toBe(before);
  });

  it('joins, leaves, starts by itself when full, and refuses joining a started game', async () => {
    const [alice, bob, carol, dave] = await Promise.all([newUser(t), newUser(t), newUser(t), newUser(t)]);
    const { body: game } = await t.http.post('/v1/games').set(alice.auth).send({ type: 'toy', seats: 3 }).expect(201);
    const joined = await t.http.post(`/v1/games/${game.id}/join`).set(bob.auth).send({ seat: 2 }).expect(200);
    expect(joined.body.yourSeat).toBe(2);
    expect((await t.http.post(`/v1/games/${game.id}/join`).set(carol.auth).send({ seat: 2 }).expect(409)).body.code).toBe('SEAT_TAKEN');
    expect((await t.http.post(`/v1/games/${game.id}/join`).set(bob.auth).send({}).expect(409)).body.code).toBe('ALREADY_SEATED');
    expect((await t.http.post(`/v1/games/${game.id}/join`).set(carol.auth).send({ seat: 7 }).expect(422)).body.code).toBe('NO_SUCH_SEAT');
    const left = await t.http.post(`/v1/games/${game.id}/leave`).set(bob.auth).expect(200);
    expect(left.body.seats[2].username).toBeNull();
    expect((await t.http.post(`/v1/games/${game.id}/leave`).set(bob.auth).expect(409)).body.code).toBe('NOT_SEATED');
    await t.http.post(`/v1/games/${game.id}/join`).set(bob.auth).expect(200);
    const full = await t.http.post(`/v1/games/${game.id}/join`).set(carol.auth).expect(200);
    expect(full.body.status).toBe('active');
    expect(full.body.activeSeats).toEqual([0]);
    expect(full.body.view).toMatchObject({ hand: expect.any(Array), turn: 0 });
    expect((await t.http.post(`/v1/games/${game.id}/join`).set(dave.auth).expect(409)).body.code).toBe('GAME_NOT_OPEN');
    expect((await t.http.post(`/v1/games/${game.id}/leave`).set(carol.auth).expect(409)).body.code).toBe('GAME_NOT_OPEN');
  });

  it('closes an open game as aborted when the last person leaves (bots alone do not keep it), not while someone is still seated', async () => {
    const [alice, bob] = await Promise.all([newUser(t), newUser(t)]);
    const { body: game } = await t.http.post('/v1/games').set(alice.auth).send({ type: 'toy', seats: 3 }).expect(201);
    await t.http.post(`/v1/games/${game.id}/join`).set(bob.auth).expect(200);
    expect((await t.http.post(`/v1/games/${game.id}/leave`).set(alice.auth).expect(200)).body.status).toBe('open');
    const lobbyIds = async () => (await t.http.get('/v1/lobby').set(alice.auth).expect(200)).body.games.map((entry: { id: string }) => entry.id);
    expect(await lobbyIds()).toContain(game.id);
    const closed = await t.http.post(`/v1/games/${game.id}/leave`).set(bob.auth).expect(200);
    expect(closed.body).toMatchObject({ status: 'aborted', startedAt: null, result: null });
    expect(await lobbyIds()).not.toContain(game.id);
    expect((await t.http.post(`/v1/games/${game.id}/join`).set(alice.auth).expect(409)).body.code).toBe('GAME_NOT_OPEN');

    expect((await storedGame(t, game.id)).finished_at).not.toBeNull();

    // The creator gave a seat to a bot, then left: nobody is left to start it.
    const { body: withBot } = await t.http.post('/v1/games').set(alice.auth).send({ type: 'toy', seats: 3 }).expect(201);
    await t.http.put(`/v1/games/${withBot.id}/seats/1`).set(alice.auth).send({ fill: 'bot' }).expect(200);
    expect((await t.http.post(`/v1/games/${withBot.id}/leave`).set(alice.auth).expect(200)).body.status).toBe('aborted');

    // A creator arranging a game of bots gives their own seat to a bot (and steps out) instead of leaving.
    const { body: ofBots } = await t.http.post('/v1/games').set(alice.auth).send({ type: 'toy', seats: 2 }).expect(201);
    expect((await t.http.put(`/v1/games/${ofBots.id}/seats/0`).set(bob.auth).send({ fill: 'bot' }).expect(403)).body.code).toBe('NOT_GAME_CREATOR');
    const stepped = await t.http.put(`/v1/games/${ofBots.id}/seats/0`).set(alice.auth).send({ fill: 'bot' }).expect(200);
    expect(stepped.body).toMatchObject({ status: 'open', yourSeat: null, seats: [{ seat: 0, username: null, bot: 'random' }, { seat: 1, username: null, bot: null }] });
    expect((await t.http.put(`/v1/games/${ofBots.id}/seats/1`).set(alice.auth).send({ fill: 'bot' }).expect(200)).body.status).toBe('active');
  });

  it('lets only the creator start early, with at least the minimum players, compacting the seats', async () => {
    const [alice, bob] = await Promise.all([newUser(t), newUser(t)]);
    const { body: game } = await t.http.post('/v1/games').set(alice.auth).send({ type: 'toy', seats: 4 }).expect(201);
    expect((await t.http.post(`/v1/games/${game.id}/start`).set(alice.auth).expect(409)).body.code).toBe('NOT_ENOUGH_PLAYERS');
    await t.http.post(`/v1/games/${game.id}/join`).set(bob.auth).send({ seat: 3 }).expect(200);
    expect((await t.http.post(`/v1/games/${game.id}/start`).set(bob.auth).expect(403)).body.code).toBe('NOT_GAME_CREATOR');
    const started = await t.http.post(`/v1/games/${game.id}/start`).set(alice.auth).expect(200);
    expect(started.body).toMatchObject({ status: 'active', seatCount: 2, seats: [{ seat: 0, username: alice.username, bot: null }, { seat: 1, username: bob.username, bot: null }] });
    const asBob = await t.http.get(`/v1/games/${game.id}`).set(bob.auth).expect(200);
    expect(asBob.body.yourSeat).toBe(1);
    expect((await t.http.post(`/v1/games/${game.id}/start`).set(alice.auth).expect(409)).body.code).toBe('GAME_NOT_OPEN');
  });

  it('shows each player their own hand, spectators none, and never the seed or full state', async () => {
    const { alice, bob, gameId } = await startedToyGame(t);
    const { state } = await storedGame(t, gameId);
    const asAlice = (await t.http.get(`/v1/games/${gameId}`).set(alice.auth).expect(200)).body;
    const asBob = (await t.http.get(`/v1/games/${gameId}`).set(bob.auth).expect(200)).body;
    const asStranger = (await t.http.get(`/v1/games/${gameId}`).set((await newUser(t)).auth).expect(200)).body;
    const anonymous = (await t.http.get(`/v1/games/${gameId}`).expect(200)).body;
    expect(asAlice.view.hand).toEqual(state.hands[0]);
    expect(asBob.view.hand).toEqual(state.hands[1]);
    expect(asStranger.view.hand).toBeNull();
    expect(anonymous.view.hand).toBeNull();
    for (const body of [asAlice, asBob, asStranger]) {
      const text = JSON.stringify(body);
      expect(text).not.toContain('"deck"');
      expect(text).not.toContain('"rng"');
      expect(text).not.toContain('"seed"');
    }
    expect((await t.http.get('/v1/games/00000000-0000-4000-8000-000000000000').set(alice.auth).expect(404)).body.code).toBe('NOT_FOUND');
    expect((await t.http.get('/v1/games/not-a-uuid').set(alice.auth).expect(400)).body.code).toBe('VALIDATION_FAILED');
  });

  it('lists games with status, mine and awaitingMe filters and pagination', async () => {
    const { alice, bob, gameId } = await startedToyGame(t);
    const mine = await t.http.get('/v1/games?mine=true').set(alice.auth).expect(200);
    expect(mine.body.games.map((g: { id: string }) => g.id)).toContain(gameId);
    expect(mine.body.games.every((g: { yourSeat: number | null }) => g.yourSeat !== null)).toBe(true);
    const aliceTurn = await t.http.get('/v1/games?awaitingMe=true').set(alice.auth).expect(200);
    const bobTurn = await t.http.get('/v1/games?awaitingMe=true').set(bob.auth).expect(200);
    expect(aliceTurn.body.games.map((g: { id: string }) => g.id)).toEqual([gameId]);
    expect(bobTurn.body.games).toEqual([]);
    await t.http.post(`/v1/games/${gameId}/actions`).set(alice.auth).send({ action: { type: 'pass' } }).expect(201);
    expect((await t.http.get('/v1/games?awaitingMe=true').set(alice.auth).expect(200)).body.games).toEqual([]);
    expect((await t.http.get('/v1/games?awaitingMe=true').set(bob.auth).expect(200)).body.games.map((g: { id: string }) => g.id)).toEqual([gameId]);

    const carol = await newUser(t);
    for (let i = 0; i < 3; i++) await t.http.post('/v1/games').set(carol.auth).send({ type: 'toy', seats: 2 }).expect(201);
    const page1 = await t.http.get('/v1/games?mine=true&status=open&limit=2').set(carol.auth).expect(200);
    const page2 = await t.http.get('/v1/games?mine=true&status=open&limit=2&offset=2').set(carol.auth).expect(200);
    expect(page1.body).toMatchObject({ total: 3, totalCapped: false, limit: 2, offset: 0 });
    expect(page1.body.games).toHaveLength(2);
    expect(page2.body.games).toHaveLength(1);
    expect(new Set([...page1.body.games, ...page2.body.games].map((g: { id: string }) => g.id)).size).toBe(3);
    expect((await t.http.get('/v1/games?limit=1000').set(carol.auth).expect(400)).body.code).toBe('VALIDATION_FAILED');
    expect((await t.http.get('/v1/games?status=paused').set(carol.auth).expect(400)).body.code).toBe('VALIDATION_FAILED');
  });
});

describe('list totals', () => {
  it('count at most LIST_COUNT_CAP matches past the offset: exact below it, else a lower bound that still shows the next page', async () => {
    const capped = await startTestApp({ databaseUrl: t.databaseUrl, config: { listCountCap: 3, lobbyCountCap: 3 } });
    try {
      const dave = await newUser(capped, 'dave');
      const created = [];
      for (let i = 0; i < 7; i++) created.push((await capped.http.post('/v1/games').set(dave.auth).send({ type: 'toy', seats: 2 }).expect(201)).body.id);
      const page = (offset: number) => capped.http.get(`/v1/games?mine=true&limit=2&offset=${offset}`).set(dave.auth).expect(200);
      // 7 games: from offset 0 the count stops at 3 (+1 to know there are more).
      expect((await page(0)).body).toMatchObject({ total: 3, totalCapped: true });
      expect((await page(2)).body).toMatchObject({ total: 5, totalCapped: true });
      // From offset 4, 3 remain: exact.
      const last = (await page(4)).body;
      expect(last).toMatchObject({ total: 7, totalCapped: false });
      // A page past the end still says how many there are.
      expect((await page(20)).body).toMatchObject({ total: 3, totalCapped: true, games: [] });
      // Walking pages while offset + page < total reaches every game once.
      const seen: string[] = [];
      for (let offset = 0, total = 1; offset < total; offset += 2) {
        const body = (await page(offset)).body;
        seen.push(...body.games.map((game: { id: string }) => game.id));
        total = body.total;
      }
      expect(seen.sort()).toEqual([...created].sort());
      // The lobby counts the same way (its own SQL): another player's walk meets each open game once, dave's all.
      const erin = await newUser(capped, 'erin');
      const lobbyPage = async (offset: number) => (await capped.http.get(`/v1/lobby?type=toy&limit=2&offset=${offset}`).set(erin.auth).expect(200)).body;
      expect(await lobbyPage(0)).toMatchObject({ total: 3, totalCapped: true });
      const inLobby: string[] = [];
      for (let offset = 0, total = 1; offset < total; offset += 2) {
        const body = await lobbyPage(offset);
        inLobby.push(...body.games.map((game: { id: string }) => game.id));
        total = body.total;
      }
      expect(new Set(inLobby).size).toBe(inLobby.length);
      expect(inLobby).toEqual(expect.arrayContaining(created));
      // The admin search counts the same way.
      await capped.sql.query("UPDATE users SET role = 'admin' WHERE id = $1", [dave.id]);
      const admin = { Authorization: `Bearer ${(await capped.http.post('/v1/auth/login').send({ username: dave.username, password: 'correct horse battery' }).expect(200)).body.token}` };
      expect((await capped.http.get(`/v1/admin/games?player=${dave.username}&limit=2`).set(admin).expect(200)).body).toMatchObject({ total: 3, totalCapped: true });
      expect((await capped.http.get(`/v1/admin/games?player=${dave.username}&limit=2&offset=6`).set(admin).expect(200)).body).toMatchObject({ total: 7, totalCapped: false });
    } finally {
      await capped.app.close();
      await capped.sql.end();
    }
  });
});

describe('database sessions', () => {
  it('run with PostgreSQL JIT off (a list over a large table spent ~0.8 s compiling), keeping options the URL gives', async () => {
    const [row] = await t.app.services.db.$queryRaw<{ jit: string }[]>`SELECT current_setting('jit') AS jit`;
    expect(row!.jit).toBe('off');
    const url = new URL(t.databaseUrl);
    url.searchParams.set('options', '-c statement_timeout=12345');
    const other = createDb(url.toString(), { poolSize: 1, cachedGames: 0, groupCommit: false, catchUp: (_game, state) => state, listCountCap: 1000, lobbyCountCap: 100, poolWaitMs: 2000, lockTimeoutMs: 5000, gameLockWaiters: 4, poolGuard: false });
    try {
      const [settings] = await other.$queryRaw<{ jit: string; timeout: string }[]>`SELECT current_setting('jit') AS jit, current_setting('statement_timeout') AS timeout`;
      expect(settings).toEqual({ jit: 'off', timeout: '12345ms' });
    } finally {
      await closeDb(other);
    }
  });
});
