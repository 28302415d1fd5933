import { randomUUID } from 'node:crypto';
import { SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalJson } from '../../src/engine/canonical.js';
import { newUser, startedToyGame, startTestApp, TEST_JWT_SECRET, type TestApp, storedGame } from '../support/api.js';
import { toyGame, type ToyState } from '../support/toy-game.js';
import { codeOf, postGraphql, refusal } from '../support/graphql.js';

/**
 * GraphQL at /graphql: every query and mutation, success and failure, with the same stable error
 * codes as REST in `errors[0].extensions.code`, and no refusal changing anything.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

/** POSTs a GraphQL operation to this file's app (see test/support/graphql.ts). */
const gql = (query: string, variables: Record<string, unknown> = {}, auth?: string, app: TestApp = t) => postGraphql(app, query, variables, auth);

async function stored(gameId: string) {
  const game = await storedGame(t, gameId);
  // The start (event 1, kind 'start') is left out: these are the moves.
  const events = (await t.sql.query("SELECT seq, seat, action, log FROM game_events WHERE game_id = $1 AND kind <> 'start' ORDER BY seq", [gameId])).rows;
  const seats = (await t.sql.query('SELECT seat, user_id FROM seats WHERE game_id = $1 ORDER BY seat', [gameId])).rows;
  return { ...game, state: game.state as ToyState, events, seats, fingerprint: canonicalJson({ game, events, seats }) };
}
const count = async (table: 'users' | 'games' | 'game_events') => (await t.sql.query(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n as number;

const key = new TextEncoder().encode(TEST_JWT_SECRET);
/** Tokens that must all be refused with INVALID_TOKEN: forged, wrong key, alg none, expired, wrong issuer, malformed. */
async function badTokens(user: { id: string; username: string; token: string }): Promise<string[]> {
  const now = Math.floor(Date.now() / 1000);
  const claims = { username: user.username, role: 'player', sub: user.id, iss: 'boardgame-server' };
  const sign = (claimsIn: Record<string, unknown>, secret = key) => new SignJWT(claimsIn).setProtectedHeader({ alg: 'HS256' }).sign(secret);
  const [header, payload, signature] = user.token.split('.');
  const elevated = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), role: 'admin' })).toString('base64url');
  return [
    `Bearer ${await sign({ ...claims, exp: now + 100 }, new TextEncoder().encode('a-completely-different-secret-of-length!!'))}`,
    `Bearer ${new UnsecuredJWT({ ...claims, exp: now + 100 }).encode()}`,
    `Bearer ${await sign({ ...claims, iat: now - 100, exp: now - 10 })}`,
    `Bearer ${await sign({ ...claims, iss: 'someone-else', exp: now + 100 })}`,
    `Bearer ${header}.${elevated}.${signature}`,
    'Bearer not.a.jwt',
    'Basic abc',
  ];
}

const ME = '{ me { id username role createdAt language } }';
const GAME_FIELDS = 'id type rulesVersion status options version seatCount seats { seat username } activeSeats yourSeat result createdAt updatedAt startedAt finishedAt view';
const CREATE = `mutation($type: String!, $seats: Int!, $options: JSON) { createGame(type: $type, seats: $seats, options: $options) { ${GAME_FIELDS} } }`;
const JOIN = `mutation($gameId: ID!, $seat: Int) { joinGame(gameId: $gameId, seat: $seat) { ${GAME_FIELDS} } }`;
const START = `mutation($gameId: ID!) { startGame(gameId: $gameId) { ${GAME_FIELDS} } }`;
const LEAVE = `mutation($gameId: ID!) { leaveGame(gameId: $gameId) { ${GAME_FIELDS} } }`;
const GAME = `query($id: ID!, $after: String, $first: Int) { game(id: $id) { ${GAME_FIELDS} legalActions events(first: $first, after: $after) {
  totalCount pageInfo { hasNextPage hasPreviousPage startCursor endCursor } edges { cursor node { seq seat kind action log { message data } createdAt } } } } }`;
const GAMES = `query($filter: GameFilter, $first: Int, $after: String) { games(filter: $filter, first: $first, after: $after) {
  totalCount pageInfo { hasNextPage hasPreviousPage startCursor endCursor } edges { cursor node { id status yourSeat activeSeats version view } } } }`;
/** The nodes of a connection. */
const nodes = <T = { id: string }>(connection: { edges: { node: T }[] }): T[] => connection.edges.map((edge) => edge.node);
const SUBMIT = `mutation($gameId: ID!, $action: JSON!, $expectedVersion: Int, $idempotencyKey: String) {
  submitAction(gameId: $gameId, action: $action, expectedVersion: $expectedVersion, idempotencyKey: $idempotencyKey) { version view log { message data } } }`;

describe('accounts: register, login, me', () => {
  it('registers, logs in and answers `me` with the same account', async () => {
    const registered = await gql('mutation { register(username: "gql_carol", password: "long enough pw") { token user { id username role createdAt language } } }');
    expect(registered.errors).toBeUndefined();
    expect(registered.data.register.user).toMatchObject({ username: 'gql_carol', role: 'player' });
    const { rows } = await t.sql.query("SELECT password_hash FROM users WHERE username = 'gql_carol'");
    expect(rows[0].password_hash).toMatch(/^scrypt\$/);

    const login = await gql('mutation($u: String!, $p: String!) { login(username: $u, password: $p) { token user { id username } } }', { u: 'gql_carol', p: 'long enough pw' });
    expect(login.data.login.user).toEqual({ id: registered.data.register.user.id, username: 'gql_carol' });
    for (const token of [registered.data.register.token as string, login.data.login.token as string]) {
      const me = await gql(ME, {}, token);
      expect(me.errors).toBeUndefined();
      expect(me.data.me).toEqual(registered.data.register.user);
    }
    // The same account through REST.
    const rest = await t.http.get('/v1/me').set('Authorization', `Bearer ${login.data.login.token}`).expect(200);
    expect(rest.body).toEqual(registered.data.register.user);
  });

  it('refuses a taken username, a bad username and a weak password with the REST codes, creating nobody', async () => {
    await gql('mutation { register(username: "gql_dup", password: "password123") { token } }');
    const users = await count('users');
    const cases: [string, string, string, number][] = [
      ['gql_dup', 'password123', 'USERNAME_TAKEN', 409],
      ['x!', 'password123', 'INVALID_USERNAME', 400],
      ['gql_ok_name', 'short', 'WEAK_PASSWORD', 400],
    ];
    for (const [username, password, code, status] of cases) {
      const response = await gql('mutation($u: String!, $p: String!) { register(username: $u, password: $p) { token user { id } } }', { u: username, p: password });
      expect(response.data).toBeNull();
      expect(refusal(response)).toMatchObject({ code, status });
      const rest = await t.http.post('/v1/auth/register').send({ username, password });
      // REST's route schema may refuse earlier (VALIDATION_FAILED); a taken name is the same code in both.
      if (code === 'USERNAME_TAKEN') expect(rest.body.code).toBe(code);
    }
    expect(await count('users')).toBe(users);
  });

  it('refuses a wrong password and an unknown user alike', async () => {
    await newUser(t, 'gql_dave');
    const wrong = await gql('mutation { login(username: "nobody_at_all", password: "password124") { token } }');
    const { username } = await newUser(t, 'gql_erin');
    const bad = await gql('mutation($u: String!) { login(username: $u, password: "not the password") { token } }', { u: username });
    expect(refusal(bad)).toMatchObject({ code: 'INVALID_CREDENTIALS', status: 401 });
    expect(refusal(wrong)).toMatchObject({ code: 'INVALID_CREDENTIALS', status: 401 });
    expect(bad.errors![0]!.message).toBe(wrong.errors![0]!.message);
  });

  it('needs a token for `me`, and refuses every forged, expired or malformed token with INVALID_TOKEN like REST', async () => {
    const user = await newUser(t, 'gql_tok');
    const anonymous = await gql(ME);
    expect(anonymous.data).toBeNull();
    expect(refusal(anonymous)).toMatchObject({ code: 'UNAUTHENTICATED', status: 401 });
    for (const header of await badTokens(user)) {
      const response = await gql(ME, {}, header);
      expect(response.data).toBeNull();
      expect(refusal(response), header).toMatchObject({ code: 'INVALID_TOKEN', status: 401 });
      expect((await t.http.get('/v1/me').set('Authorization', header)).body.code).toBe('INVALID_TOKEN');
    }
  });

  it('refuses a bad token even on operations that need no account, as REST does', async () => {
    const user = await newUser(t, 'gql_tok2');
    const [forged] = await badTokens(user);
    expect((await t.http.get('/v1/game-types').set('Authorization', forged!)).body.code).toBe('INVALID_TOKEN');
    expect(codeOf(await gql('{ gameTypes { id } }', {}, forged))).toBe('INVALID_TOKEN');
    const users = await count('users');
    expect(codeOf(await gql('mutation { register(username: "gql_forger", password: "password123") { token } }', {}, forged))).toBe('INVALID_TOKEN');
    expect(codeOf(await gql(`mutation { login(username: "${user.username}", password: "correct horse battery") { token } }`, {}, forged))).toBe('INVALID_TOKEN');
    expect(await count('users')).toBe(users);
  });
});

describe('gameTypes', () => {
  it('lists each served game with players and schemas, exactly as REST does', async () => {
    const response = await gql('{ gameTypes { id title rulesVersion rulesVersions { version date changes served } players { min max } optionsSchema actionSchema } }');
    expect(response.errors).toBeUndefined();
    const rest = await t.http.get('/v1/game-types').expect(200);
    // A version without a date is '' in REST and null (not a Date) in GraphQL.
    // The fields this query selects (REST lists more per game: bots, bot levels, view schema).
    const dated = (types: { id: string; title: string; rulesVersion: number; players: unknown; optionsSchema: unknown; actionSchema: unknown; rulesVersions: { date: string | null }[] }[]) => types.map((type) => ({
      id: type.id, title: type.title, rulesVersion: type.rulesVersion, players: type.players, optionsSchema: type.optionsSchema, actionSchema: type.actionSchema,
      rulesVersions: type.rulesVersions.map((version) => ({ ...version, date: version.date || null })),
    }));
    expect(response.data.gameTypes).toEqual(dated(rest.body));
    expect(response.data.gameTypes).toEqual([
      expect.objectContaining({ id: 'toy', title: toyGame.title, rulesVersion: 1, players: { min: 2, max: 4 } }),
    ]);
    expect(response.data.gameTypes[0].optionsSchema.properties.rounds.default).toBe(3);
    expect(response.data.gameTypes[0].actionSchema.anyOf).toHaveLength(2);
  });
});

describe('GraphQL documents', () => {
  it('refuses unknown fields, missing arguments, wrong variable types and syntax errors with GRAPHQL_VALIDATION_FAILED', async () => {
    const user = await newUser(t, 'gql_doc');
    for (const [query, variables] of [
      ['{ me { id password } }', {}],
      ['{ game { id } }', {}],
      ['query($id: ID!) { game(id: $id) { id } }', { id: { not: 'an id' } }],
      ['query($f: GameFilter) { games(filter: $f) { totalCount } }', { f: { status: 'paused' } }],
      ['query($f: GameFilter) { games(filter: $f) { totalCount } }', { f: { unknownField: true } }],
      ['query($f: GameFilter) { games(filter: $f) { totalCount } }', { f: { limit: 2 } }],
      ['{ me { id }', {}],
    ] as [string, Record<string, unknown>][]) {
      const response = await gql(query, variables, user.token);
      expect(response.errors?.length, query).toBeGreaterThan(0);
      expect(response.errors![0]!.extensions.code, query).toBe('GRAPHQL_VALIDATION_FAILED');
      expect(response.data ?? null).toBeNull();
    }
  });

  it('refuses malformed JSON bodies', async () => {
    const response = await t.http.post('/graphql').set('content-type', 'application/json').send('{"query": "{ me { id } }"');
    expect(response.status).toBe(400);
    expect(response.body.errors[0].extensions).toEqual({ code: 'INVALID_JSON', status: 400 });
  });

  it('refuses fragment cycles and unknown fragments cleanly (no crash of the depth check)', async () => {
    const user = await newUser(t, 'gql_frag');
    const cycle = await gql('query { me { ...A } } fragment A on User { id ...B } fragment B on User { ...A }', {}, user.token);
    expect(cycle.errors?.length).toBeGreaterThan(0);
    expect(cycle.errors!.every((error) => error.extensions.code === 'GRAPHQL_VALIDATION_FAILED')).toBe(true);
    const unknown = await gql('query { me { ...Missing } }', {}, user.token);
    expect(unknown.errors?.length).toBeGreaterThan(0);
    expect(unknown.errors![0]!.extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
    // The server still answers.
    expect((await gql(ME, {}, user.token)).data.me.username).toBe(user.username);
  });
});

describe('query depth limit', () => {
  let shallow: TestApp;
  beforeAll(async () => {
    shallow = await startTestApp({ config: { graphqlMaxDepth: 2 } });
  });
  afterAll(async () => shallow?.close());

  it('answers a query within the configured depth and refuses a deeper one, fragments included', async () => {
    const user = await newUser(shallow, 'depth');
    const { body: game } = await shallow.http.post('/v1/games').set(user.auth).send({ type: 'toy', seats: 2 }).expect(201);
    const within = await gql('query($id: ID!) { game(id: $id) { seats { seat } events { totalCount } } }', { id: game.id }, user.token, shallow);
    expect(within.errors).toBeUndefined();
    expect(within.data.game.seats).toHaveLength(2);

    const deeper = await gql('query($id: ID!) { game(id: $id) { events { edges { cursor } } } }', { id: game.id }, user.token, shallow);
    expect(deeper.data ?? null).toBeNull();
    expect(deeper.errors![0]!.extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
    expect(deeper.errors![0]!.message).toMatch(/depth/i);

    const viaFragment = await gql('query($id: ID!) { game(id: $id) { ...Deep } } fragment Deep on Game { events { edges { cursor } } }', { id: game.id }, user.token, shallow);
    expect(viaFragment.errors![0]!.extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
    expect(viaFragment.errors![0]!.message).toMatch(/depth/i);

    const mutation = await gql('mutation { createGame(type: "toy", seats: 2) { events { edges { cursor } } } }', {}, user.token, shallow);
    expect(mutation.errors![0]!.extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
    // A refused mutation is never executed.
    expect((await shallow.sql.query('SELECT count(*)::int AS n FROM games')).rows[0].n).toBe(1);
  });

  it('lets the default depth serve the deepest query the schema allows', async () => {
    const { alice, gameId } = await startedToyGame(t);
    await t.http.post(`/v1/games/${gameId}/actions`).set(alice.auth).send({ action: { type: 'pass' } }).expect(201);
    const response = await gql('{ games(filter: { mine: true }) { edges { node { events { edges { node { log { message data } } } } } } } }', {}, alice.token);
    expect(response.errors).toBeUndefined();
    expect(response.data.games.edges[0].node.events.edges[0].node.log).toEqual([{ message: 'The game starts with 2 players.', data: null }]);
    expect(response.data.games.edges[0].node.events.edges[1].node.log).toEqual([{ message: 'Seat 0 passes.', data: null }]);
  });
});

describe('lobby: createGame, joinGame, startGame, leaveGame', () => {
  it('creates a game with the creator in seat 0, like REST', async () => {
    const alice = await newUser(t, 'gql_alice');
    const response = await gql(CREATE, { type: 'toy', seats: 3, options: { rounds: 2 } }, alice.token);
    expect(response.errors).toBeUndefined();
    const game = response.data.createGame;
    expect(game).toMatchObject({ type: 'toy', rulesVersion: 1, status: 'open', version: 0, seatCount: 3, yourSeat: 0, options: { rounds: 2 }, view: null, activeSeats: [], result: null, startedAt: null });
    expect(game.seats).toEqual([{ seat: 0, username: alice.username }, { seat: 1, username: null }, { seat: 2, username: null }]);
    const rest = await t.http.get(`/v1/games/${game.id}`).set(alice.auth).expect(200);
    expect(rest.body).toMatchObject({ id: game.id, status: 'open', seatCount: 3, yourSeat: 0, options: { rounds: 2 } });
    // Options default from the game's schema.
    const defaults = await gql(CREATE, { type: 'toy', seats: 2 }, alice.token);
    expect(defaults.data.createGame.options).toEqual({ rounds: 3 });
  });

  it('refuses bad types, seat counts and options, and callers without an account, creating nothing', async () => {
    const alice = await newUser(t, 'gql_alice');
    const before = await count('games');
    const cases: [Record<string, unknown>, string | undefined, string, number][] = [
      [{ type: 'chess', seats: 2 }, alice.token, 'UNKNOWN_GAME_TYPE', 400],
      [{ type: 'toy', seats: 5 }, alice.token, 'INVALID_SEAT_COUNT', 400],
      [{ type: 'toy', seats: 1 }, alice.token, 'INVALID_SEAT_COUNT', 400],
      [{ type: 'toy', seats: 2, options: { rounds: 99 } }, alice.token, 'INVALID_OPTIONS', 400],
      [{ type: 'toy', seats: 2, options: { colour: 'red' } }, alice.token, 'INVALID_OPTIONS', 400],
      [{ type: 'toy', seats: 2, options: [1, 2] }, alice.token, 'INVALID_OPTIONS', 400],
      [{ type: 'toy', seats: 2, options: 'rounds=2' }, alice.token, 'INVALID_OPTIONS', 400],
      [{ type: 'toy', seats: 2 }, undefined, 'UNAUTHENTICATED', 401],
      [{ type: 'toy', seats: 2 }, 'Bearer not.a.jwt', 'INVALID_TOKEN', 401],
    ];
    for (const [variables, auth, code, status] of cases) {
      const response = await gql(CREATE, variables, auth);
      expect(response.data, code).toBeNull();
      expect(refusal(response), JSON.stringify(variables)).toMatchObject({ code, status });
      if (!Array.isArray(variables.options) && typeof variables.options !== 'string') {
        const rest = t.http.post('/v1/games');
        if (auth) rest.set('Authorization', auth.includes(' ') ? auth : `Bearer ${auth}`);
        expect((await rest.send(variables)).body.code, `REST ${code}`).toBe(code);
      }
    }
    expect(await count('games')).toBe(before);
  });

  it('joins a chosen or the first free seat, refuses taken and unknown seats, and starts by itself when full', async () => {
    const [alice, bob, carol, dave] = await Promise.all([newUser(t), newUser(t), newUser(t), newUser(t)]);
    const gameId = (await gql(CREATE, { type: 'toy', seats: 3 }, alice.token)).data.createGame.id as string;

    const joined = await gql(JOIN, { gameId, seat: 2 }, bob.token);
    expect(joined.errors).toBeUndefined();
    expect(joined.data.joinGame).toMatchObject({ yourSeat: 2, status: 'open', view: null });
    expect(joined.data.joinGame.seats[2]).toEqual({ seat: 2, username: bob.username });

    const before = await stored(gameId);
    const refusals: [Record<string, unknown>, string | undefined, string, number][] = [
      [{ gameId, seat: 2 }, carol.token, 'SEAT_TAKEN', 409],
      [{ gameId }, bob.token, 'ALREADY_SEATED', 409],
      [{ gameId, seat: 7 }, carol.token, 'NO_SUCH_SEAT', 422],
      [{ gameId, seat: -1 }, carol.token, 'NO_SUCH_SEAT', 422],
      [{ gameId }, undefined, 'UNAUTHENTICATED', 401],
      [{ gameId: randomUUID() }, carol.token, 'NOT_FOUND', 404],
      [{ gameId: 'not-a-uuid' }, carol.token, 'NOT_FOUND', 404],
    ];
    for (const [variables, auth, code, status] of refusals) {
      const response = await gql(JOIN, variables, auth);
      expect(response.data).toBeNull();
      expect(refusal(response), code).toMatchObject({ code, status });
      // REST's route schema refuses a malformed id earlier (VALIDATION_FAILED); GraphQL's ID is any string.
      if ((variables.seat === undefined || (variables.seat as number) >= 0) && variables.gameId !== 'not-a-uuid') {
        const rest = t.http.post(`/v1/games/${variables.gameId}/join`);
        if (auth) rest.set('Authorization', `Bearer ${auth}`);
        expect((await rest.send(variables.seat === undefined ? {} : { seat: variables.seat })).body.code, `REST ${code}`).toBe(code);
      }
    }
    expect((await stored(gameId)).fingerprint).toBe(before.fingerprint);

    const first = await gql(JOIN, { gameId }, carol.token);
    expect(first.data.joinGame).toMatchObject({ yourSeat: 1, status: 'active', version: 1, activeSeats: [0] });
    const state = (await stored(gameId)).state;
    expect(first.data.joinGame.view).toEqual(toyGame.view(state, 1));
    expect(first.data.joinGame.startedAt).not.toBeNull();

    const late = await gql(JOIN, { gameId }, dave.token);
    expect(refusal(late)).toMatchObject({ code: 'GAME_NOT_OPEN', status: 409 });
  });

  it('lets only the creator start early, with enough players; refuses a second start', async () => {
    const [alice, bob, carol] = await Promise.all([newUser(t), newUser(t), newUser(t)]);
    const gameId = (await gql(CREATE, { type: 'toy', seats: 3 }, alice.token)).data.createGame.id as string;

    expect(refusal(await gql(START, { gameId }, alice.token))).toMatchObject({ code: 'NOT_ENOUGH_PLAYERS', status: 409 });
    await gql(JOIN, { gameId, seat: 2 }, bob.token);
    const before = await stored(gameId);
    expect(refusal(await gql(START, { gameId }, bob.token))).toMatchObject({ code: 'NOT_GAME_CREATOR', status: 403 });
    expect(refusal(await gql(START, { gameId }, carol.token))).toMatchObject({ code: 'NOT_GAME_CREATOR', status: 403 });
    expect(refusal(await gql(START, { gameId })).code).toBe('UNAUTHENTICATED');
    expect(refusal(await gql(START, { gameId: randomUUID() }, alice.token)).code).toBe('NOT_FOUND');
    expect((await t.http.post(`/v1/games/${gameId}/start`).set(bob.auth)).body.code).toBe('NOT_GAME_CREATOR');
    expect((await stored(gameId)).fingerprint).toBe(before.fingerprint);

    const started = await gql(START, { gameId }, alice.token);
    expect(started.errors).toBeUndefined();
    expect(started.data.startGame).toMatchObject({ status: 'active', version: 1, yourSeat: 0, activeSeats: [0] });
    expect(started.data.startGame.view.hand).toEqual((await stored(gameId)).state.hands[0]);
    expect(refusal(await gql(START, { gameId }, alice.token))).toMatchObject({ code: 'GAME_NOT_OPEN', status: 409 });
  });

  it('leaves before the start only, and only a seat one holds', async () => {
    const [alice, bob, carol] = await Promise.all([newUser(t), newUser(t), newUser(t)]);
    const gameId = (await gql(CREATE, { type: 'toy', seats: 3 }, alice.token)).data.createGame.id as string;
    await gql(JOIN, { gameId, seat: 1 }, bob.token);

    const left = await gql(LEAVE, { gameId }, bob.token);
    expect(left.errors).toBeUndefined();
    expect(left.data.leaveGame).toMatchObject({ yourSeat: null, status: 'open' });
    expect(left.data.leaveGame.seats[1]).toEqual({ seat: 1, username: null });
    expect(refusal(await gql(LEAVE, { gameId }, bob.token))).toMatchObject({ code: 'NOT_SEATED', status: 409 });
    expect(refusal(await gql(LEAVE, { gameId }, carol.token))).toMatchObject({ code: 'NOT_SEATED', status: 409 });
    expect(refusal(await gql(LEAVE, { gameId })).code).toBe('UNAUTHENTICATED');
    expect(refusal(await gql(LEAVE, { gameId: randomUUID() }, bob.token)).code).toBe('NOT_FOUND');

    await gql(JOIN, { gameId }, bob.token);
    await gql(JOIN, { gameId }, carol.token);
    const before = await stored(gameId);
    expect(before.status).toBe('active');
    expect(refusal(await gql(LEAVE, { gameId }, carol.token))).toMatchObject({ code: 'GAME_NOT_OPEN', status: 409 });
    expect((await stored(gameId)).fingerprint).toBe(before.fingerprint);
  });
});

describe('games(filter)', () => {
  it('filters by mine, status and awaitingMe, and paginates', async () => {
    const [alice, bob, carol] = await Promise.all([newUser(t), newUser(t), newUser(t)]);
    // Alice: two open games, two active (one awaiting her, one awaiting bob), one finished.
    const open1 = (await gql(CREATE, { type: 'toy', seats: 2 }, alice.token)).data.createGame.id as string;
    const open2 = (await gql(CREATE, { type: 'toy', seats: 3 }, alice.token)).data.createGame.id as string;
    const awaitingAlice = (await gql(CREATE, { type: 'toy', seats: 2 }, alice.token)).data.createGame.id as string;
    await gql(JOIN, { gameId: awaitingAlice }, bob.token);
    const awaitingBob = (await gql(CREATE, { type: 'toy', seats: 2 }, alice.token)).data.createGame.id as string;
    await gql(JOIN, { gameId: awaitingBob }, bob.token);
    await gql(SUBMIT, { gameId: awaitingBob, action: { type: 'pass' } }, alice.token);
    const finished = (await gql(CREATE, { type: 'toy', seats: 2, options: { rounds: 1 } }, alice.token)).data.createGame.id as string;
    await gql(JOIN, { gameId: finished }, bob.token);
    await gql(SUBMIT, { gameId: finished, action: { type: 'pass' } }, alice.token);
    await gql(SUBMIT, { gameId: finished, action: { type: 'pass' } }, bob.token);
    // Someone else's game, which `mine` must leave out.
    await gql(CREATE, { type: 'toy', seats: 2 }, carol.token);

    type Game = { id: string; status: string; yourSeat: number | null; activeSeats: number[]; version: number; view: unknown };
    type Page = { totalCount: number; pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null }; edges: { cursor: string; node: Game }[] };
    const list = async (filter: Record<string, unknown> | undefined, token: string | undefined = alice.token, paging: { first?: number; after?: string | null } = {}) => {
      const response = await gql(GAMES, { ...(filter === undefined ? {} : { filter }), ...paging }, token);
      expect(response.errors, JSON.stringify(filter)).toBeUndefined();
      const connection = response.data.games as Page;
      return { ...connection, games: nodes(connection) };
    };
    const ids = (page: { games: { id: string }[] }) => page.games.map((game) => game.id).sort();

    const mine = await list({ mine: true });
    expect(mine.totalCount).toBe(5);
    expect(ids(mine)).toEqual([open1, open2, awaitingAlice, awaitingBob, finished].sort());
    expect(mine.games.every((game) => game.yourSeat === 0)).toBe(true);
    expect(ids(await list({ mine: true, status: 'open' }))).toEqual([open1, open2].sort());
    expect(ids(await list({ mine: true, status: 'active' }))).toEqual([awaitingAlice, awaitingBob].sort());
    expect(ids(await list({ mine: true, status: 'finished' }))).toEqual([finished]);
    expect(ids(await list({ awaitingMe: true }))).toEqual([awaitingAlice]);
    expect(ids(await list({ awaitingMe: true }, bob.token))).toEqual([awaitingBob]);
    expect(ids(await list({ awaitingMe: true }, carol.token))).toEqual([]);
    expect((await list({ mine: true }, bob.token)).totalCount).toBe(3);
    // Without `mine`, everyone's games are listed (carol's included).
    const all = await list(undefined, carol.token);
    expect(all.totalCount).toBeGreaterThanOrEqual(6);
    expect(all.games.length).toBe(Math.min(20, all.totalCount));

    // Pagination: pages of 2, each after the previous page's endCursor, cover all 5 once, in a stable order; totals stay the same.
    const pages = [await list({ mine: true }, alice.token, { first: 2 })];
    while (pages.at(-1)!.pageInfo.hasNextPage) pages.push(await list({ mine: true }, alice.token, { first: 2, after: pages.at(-1)!.pageInfo.endCursor }));
    expect(pages.map((page) => page.games.length)).toEqual([2, 2, 1]);
    expect(pages.map((page) => page.totalCount)).toEqual([5, 5, 5]);
    expect(pages.map((page) => page.pageInfo.hasPreviousPage)).toEqual([false, true, true]);
    expect(pages.map((page) => [page.pageInfo.startCursor, page.pageInfo.endCursor])).toEqual(pages.map((page) => [page.edges[0]!.cursor, page.edges.at(-1)!.cursor]));
    expect(pages.flatMap((page) => page.games.map((game) => game.id)).sort()).toEqual(ids(mine));
    const past = await list({ mine: true }, alice.token, { first: 2, after: pages.at(-1)!.pageInfo.endCursor });
    expect(past).toMatchObject({ games: [], totalCount: 5, pageInfo: { hasNextPage: false, startCursor: null, endCursor: null } });
    // Same as REST.
    const rest = await t.http.get('/v1/games?mine=true&limit=2&offset=2').set(alice.auth).expect(200);
    expect(pages[1]!.games.map((game) => game.id)).toEqual(rest.body.games.map((game: { id: string }) => game.id));

    // The caller's view in the list: own hand for active games, null for open ones.
    const active = await list({ mine: true, status: 'active' }, bob.token);
    for (const game of active.games) {
      expect(game.yourSeat).toBe(1);
      expect(game.view).toEqual(toyGame.view((await stored(game.id)).state, 1));
    }
    expect((await list({ mine: true, status: 'open' })).games.every((game) => game.view === null)).toBe(true);
  });

  it('refuses bad pages and callers without an account', async () => {
    const alice = await newUser(t);
    const { gameId } = await startedToyGame(t);
    const eventCursor = (await gql(GAME, { id: gameId }, alice.token)).data.game.events.pageInfo.endCursor;
    for (const paging of [{ first: 0 }, { first: 101 }, { after: 'not a cursor' }, { after: Buffer.from('offset:-1').toString('base64url') }, { after: Buffer.from('seq:1').toString('base64url') }, { after: eventCursor ?? 'c2VxOjA' }]) {
      expect(refusal(await gql(GAMES, paging, alice.token)), JSON.stringify(paging)).toMatchObject({ code: 'VALIDATION_FAILED', status: 400 });
    }
    expect(refusal(await gql(GAMES, {}))).toMatchObject({ code: 'UNAUTHENTICATED', status: 401 });
    expect(refusal(await gql(GAMES, {}, 'Bearer not.a.jwt'))).toMatchObject({ code: 'INVALID_TOKEN', status: 401 });
    expect((await t.http.get('/v1/games')).body.code).toBe('UNAUTHENTICATED');
  });
});

describe('game(id): view, legalActions, log', () => {
  it("shows each player their own hand and never the other's; spectators see no hand", async () => {
    const { alice, bob, gameId } = await startedToyGame(t);
    const stranger = await newUser(t, 'gql_stranger');
    const state = (await stored(gameId)).state;

    const asAlice = (await gql(GAME, { id: gameId }, alice.token)).data.game;
    const asBob = (await gql(GAME, { id: gameId }, bob.token)).data.game;
    const asStranger = (await gql(GAME, { id: gameId }, stranger.token)).data.game;
    const anonymous = await gql(GAME, { id: gameId });
    expect(anonymous.errors).toBeUndefined();

    expect(asAlice).toMatchObject({ id: gameId, status: 'active', version: 1, yourSeat: 0, activeSeats: [0] });
    expect(asAlice.view).toEqual(toyGame.view(state, 0));
    expect(asAlice.view.hand).toEqual(state.hands[0]);
    expect(asBob.yourSeat).toBe(1);
    expect(asBob.view).toEqual(toyGame.view(state, 1));
    expect(asBob.view.hand).toEqual(state.hands[1]);
    for (const game of [asStranger, anonymous.data.game]) {
      expect(game.yourSeat).toBeNull();
      expect(game.view).toEqual(toyGame.view(state, null));
      expect(game.view.hand).toBeNull();
      expect(game.legalActions).toEqual([]);
    }
    // Nothing but the view leaves the server: no full state, hands, deck, seed or RNG anywhere.
    for (const game of [asAlice, asBob, asStranger]) {
      const text = JSON.stringify(game);
      for (const secret of ['"hands"', '"deck"', '"rng"', '"seed"', '"state"']) expect(text).not.toContain(secret);
    }
    // Same as REST.
    expect((await t.http.get(`/v1/games/${gameId}`).set(bob.auth).expect(200)).body.view).toEqual(asBob.view);
  });

  it('lists legal actions for the seat to act only', async () => {
    const { alice, bob, gameId } = await startedToyGame(t);
    const state = (await stored(gameId)).state;
    const asAlice = (await gql(GAME, { id: gameId }, alice.token)).data.game;
    expect(asAlice.legalActions).toEqual(toyGame.legalActions(state, 0));
    expect(asAlice.legalActions).toContainEqual({ type: 'pass' });
    expect(asAlice.legalActions).toContainEqual({ type: 'play', card: state.hands[0]![0] });
    expect((await gql(GAME, { id: gameId }, bob.token)).data.game.legalActions).toEqual([]);
    expect((await t.http.get(`/v1/games/${gameId}/legal-actions`).set(alice.auth).expect(200)).body.actions).toEqual(asAlice.legalActions);
    // Before the start there is nothing to do.
    const open = (await gql(CREATE, { type: 'toy', seats: 2 }, alice.token)).data.createGame.id as string;
    expect((await gql(GAME, { id: open }, alice.token)).data.game).toMatchObject({ legalActions: [], view: null, events: { totalCount: 0, edges: [] } });
  });

  it("returns each seat its own private log entries and nobody else's, and actions only to their actor", async () => {
    const { alice, bob, gameId } = await startedToyGame(t);
    const stranger = await newUser(t, 'gql_stranger');
    const aliceCard = (await stored(gameId)).state.hands[0]![0]!;
    await gql(SUBMIT, { gameId, action: { type: 'play', card: aliceCard } }, alice.token);
    const bobCard = (await stored(gameId)).state.hands[1]![0]!;
    await gql(SUBMIT, { gameId, action: { type: 'play', card: bobCard } }, bob.token);
    const state = (await stored(gameId)).state;
    const aliceDraw = state.hands[0]!.at(-1)!;
    const bobDraw = state.hands[1]!.at(-1)!;

    const withLog = (game: { version: number; events: { edges: { node: unknown }[] } }) => ({ ...game, log: nodes(game.events) as { seq: number; action: unknown; log: { message: string; data: unknown }[] }[] });
    const asAlice = withLog((await gql(GAME, { id: gameId }, alice.token)).data.game);
    const asBob = withLog((await gql(GAME, { id: gameId }, bob.token)).data.game);
    const asStranger = withLog((await gql(GAME, { id: gameId }, stranger.token)).data.game);
    expect(asAlice.version).toBe(3);
    expect(asAlice.log.map((event: { seq: number }) => event.seq)).toEqual([1, 2, 3]);
    expect(asAlice.log[0]).toMatchObject({ seq: 1, seat: null, kind: 'start', log: [{ message: 'The game starts with 2 players.', data: null }] });
    expect(asAlice.log[1]).toMatchObject({ seq: 2, seat: 0, kind: 'action', action: { type: 'play', card: aliceCard } });
    expect(new Date((asAlice.log[1] as unknown as { createdAt: string }).createdAt).toISOString()).toBe((asAlice.log[1] as unknown as { createdAt: string }).createdAt);
    expect(asAlice.log[1].log).toEqual([{ message: `Seat 0 plays a ${aliceCard}.`, data: null }, { message: `Seat 0 draws a ${aliceDraw}.`, data: null }]);
    expect(asAlice.log[2]).toMatchObject({ seq: 3, seat: 1, action: null, log: [{ message: `Seat 1 plays a ${bobCard}.`, data: null }] });

    expect(asBob.log[1]).toMatchObject({ seq: 2, seat: 0, action: null, log: [{ message: `Seat 0 plays a ${aliceCard}.`, data: null }] });
    expect(asBob.log[2].log).toEqual([{ message: `Seat 1 plays a ${bobCard}.`, data: null }, { message: `Seat 1 draws a ${bobDraw}.`, data: null }]);
    expect(JSON.stringify(asBob.log)).not.toContain('Seat 0 draws');
    expect(JSON.stringify(asAlice.log)).not.toContain('Seat 1 draws');
    expect(JSON.stringify(asStranger.log)).not.toContain('draws');
    expect(asStranger.log.every((event: { action: unknown }) => event.action === null)).toBe(true);
    expect(JSON.stringify(asAlice)).not.toContain('visibleTo');

    // Paging through the events: first and after (cursors of events stay valid as the game goes on).
    const first = (await gql(GAME, { id: gameId, first: 2 }, alice.token)).data.game.events;
    expect(first).toMatchObject({ totalCount: 3, pageInfo: { hasNextPage: true, hasPreviousPage: false } });
    expect(nodes<{ seq: number }>(first).map((event) => event.seq)).toEqual([1, 2]);
    const second = (await gql(GAME, { id: gameId, after: first.pageInfo.endCursor }, bob.token)).data.game.events;
    expect(second).toMatchObject({ totalCount: 3, pageInfo: { hasNextPage: false, hasPreviousPage: true } });
    expect(nodes<{ seq: number }>(second).map((event) => event.seq)).toEqual([3]);
    expect(nodes((await gql(GAME, { id: gameId, after: second.pageInfo.endCursor }, alice.token)).data.game.events)).toEqual([]);
    for (const paging of [{ first: 0 }, { first: 501 }, { after: 'bm9wZQ' }]) {
      expect(refusal(await gql(GAME, { id: gameId, ...paging }, alice.token)), JSON.stringify(paging)).toMatchObject({ code: 'VALIDATION_FAILED', status: 400 });
    }
    // Same as REST.
    const rest = await t.http.get(`/v1/games/${gameId}/log`).set(bob.auth).expect(200);
    expect(rest.body.events.map((event: { log: { message: string }[] }) => event.log.map((entry) => entry.message))).toEqual(
      asBob.log.map((event: { log: { message: string }[] }) => event.log.map((entry) => entry.message)),
    );
  });

  it('hides a private game from outsiders (NOT_FOUND, not listed), as REST does', async () => {
    const [alice, outsider] = await Promise.all([newUser(t, 'gql_private'), newUser(t, 'gql_outsider')]);
    const { body: game } = await t.http.post('/v1/games').set(alice.auth).send({ type: 'toy', seats: 2, private: true }).expect(201);
    for (const auth of [outsider.token, undefined]) {
      const response = await gql(GAME, { id: game.id }, auth);
      expect(response.data).toBeNull();
      expect(refusal(response)).toMatchObject({ code: 'NOT_FOUND', status: 404 });
    }
    expect((await t.http.get(`/v1/games/${game.id}`).set(outsider.auth)).body.code).toBe('NOT_FOUND');
    const listed = await gql(GAMES, { filter: { status: 'open' }, first: 100 }, outsider.token);
    expect(nodes(listed.data.games).map((entry) => entry.id)).not.toContain(game.id);
    const own = await gql(GAME, { id: game.id }, alice.token);
    expect(own.errors).toBeUndefined();
    expect(own.data.game).toMatchObject({ id: game.id, yourSeat: 0 });
  });

  it('refuses unknown games and bad tokens', async () => {
    const { gameId } = await startedToyGame(t);
    const user = await newUser(t, 'gql_nf');
    for (const id of [randomUUID(), 'not-a-uuid']) {
      const response = await gql(GAME, { id }, user.token);
      expect(response.data).toBeNull();
      expect(refusal(response)).toMatchObject({ code: 'NOT_FOUND', status: 404 });
      if (id !== 'not-a-uuid') expect((await t.http.get(`/v1/games/${id}`).set(user.auth)).body.code).toBe('NOT_FOUND');
    }
    for (const header of await badTokens(user)) {
      const response = await gql(GAME, { id: gameId }, header);
      expect(response.data).toBeNull();
      expect(codeOf(response)).toBe('INVALID_TOKEN');
    }
  });
});

describe('submitAction', () => {
  it('applies a legal action: the new version, own view and own log entries, stored as event 1', async () => {
    const { alice, gameId } = await startedToyGame(t);
    const card = (await stored(gameId)).state.hands[0]![0]!;
    const response = await gql(SUBMIT, { gameId, action: { type: 'play', card }, expectedVersion: 1 }, alice.token);
    expect(response.errors).toBeUndefined();
    const result = response.data.submitAction;
    expect(result.version).toBe(2);
    expect(result.log[0]).toEqual({ message: `Seat 0 plays a ${card}.`, data: null });
    expect(result.log[1].message).toMatch(/^Seat 0 draws a \d\.$/);
    const after = await stored(gameId);
    expect(after.version).toBe(2);
    expect(after.events).toHaveLength(1);
    expect(after.events[0]).toMatchObject({ seq: 2, seat: 0, action: { type: 'play', card } });
    expect(result.view).toEqual(toyGame.view(after.state, 0));
    expect(result.view.hand).toEqual(after.state.hands[0]);
  });

  it('takes the action as an inline JSON literal too', async () => {
    const { alice, gameId } = await startedToyGame(t);
    const response = await gql(`mutation { submitAction(gameId: "${gameId}", action: { type: "pass" }, expectedVersion: 1) { version log { message } } }`, {}, alice.token);
    expect(response.errors).toBeUndefined();
    expect(response.data.submitAction).toEqual({ version: 2, log: [{ message: 'Seat 0 passes.' }] });
  });

  it('refuses wrong seat, out of turn, illegal, malformed and stale actions with the REST codes, changing nothing', async () => {
    const { alice, bob, gameId } = await startedToyGame(t);
    const stranger = await newUser(t, 'gql_stranger');
    const before = await stored(gameId);
    const notInHand = [1, 2, 3, 4, 5, 6, 7, 8, 9].find((card) => !before.state.hands[0]!.includes(card))!;
    const [forged] = await badTokens(alice);
    const cases: { who: string | undefined; action: unknown; expectedVersion?: number; code: string; status: number; rest?: false }[] = [
      { who: stranger.token, action: { type: 'pass' }, code: 'NOT_A_PLAYER', status: 403 },
      { who: bob.token, action: { type: 'pass' }, code: 'NOT_YOUR_TURN', status: 422 },
      { who: alice.token, action: { type: 'play', card: notInHand }, code: 'RULE_VIOLATION/CARD_NOT_IN_HAND', status: 422 },
      { who: alice.token, action: { type: 'fly' }, code: 'INVALID_ACTION', status: 400 },
      { who: alice.token, action: { type: 'pass', extra: 1 }, code: 'INVALID_ACTION', status: 400 },
      { who: alice.token, action: { type: 'play', card: 12 }, code: 'INVALID_ACTION', status: 400 },
      { who: alice.token, action: 'pass', code: 'INVALID_ACTION', status: 400, rest: false },
      { who: alice.token, action: { type: 'pass' }, expectedVersion: 5, code: 'STALE_VERSION', status: 409 },
      { who: alice.token, action: { type: 'pass' }, expectedVersion: -1, code: 'STALE_VERSION', status: 409, rest: false },
      { who: undefined, action: { type: 'pass' }, code: 'UNAUTHENTICATED', status: 401 },
      { who: forged, action: { type: 'pass' }, code: 'INVALID_TOKEN', status: 401 },
    ];
    for (const { who, action, expectedVersion, code, status, rest } of cases) {
      const response = await gql(SUBMIT, { gameId, action, expectedVersion }, who);
      expect(response.data, code).toBeNull();
      expect(refusal(response), code).toMatchObject({ code, status });
      if (rest !== false) {
        const request = t.http.post(`/v1/games/${gameId}/actions`);
        if (who) request.set('Authorization', who.includes(' ') ? who : `Bearer ${who}`);
        const answer = await request.send(expectedVersion === undefined ? { action } : { action, expectedVersion });
        expect(answer.body.code, `REST ${code}`).toBe(code);
        expect(answer.status).toBe(status);
      }
    }
    const rule = await gql(SUBMIT, { gameId, action: { type: 'play', card: notInHand } }, alice.token);
    expect(rule.errors![0]!.message).toBe(`You hold no ${notInHand}.`);
    expect(rule.errors![0]!.extensions.rule).toBe('CARD_NOT_IN_HAND');
    const stale = await gql(SUBMIT, { gameId, action: { type: 'pass' }, expectedVersion: 3 }, alice.token);
    expect(stale.errors![0]!.extensions.currentVersion).toBe(1);

    const after = await stored(gameId);
    expect(after.fingerprint).toBe(before.fingerprint);
    expect(after.version).toBe(1);
    expect(after.events).toHaveLength(0);
    expect((await gql(GAME, { id: gameId }, alice.token)).data.game.version).toBe(1);
  });

  it('refuses unknown games, games not started and games over', async () => {
    const alice = await newUser(t);
    expect(refusal(await gql(SUBMIT, { gameId: randomUUID(), action: { type: 'pass' } }, alice.token))).toMatchObject({ code: 'NOT_FOUND', status: 404 });
    expect(refusal(await gql(SUBMIT, { gameId: 'nope', action: { type: 'pass' } }, alice.token))).toMatchObject({ code: 'NOT_FOUND', status: 404 });
    const open = (await gql(CREATE, { type: 'toy', seats: 2 }, alice.token)).data.createGame.id as string;
    expect(refusal(await gql(SUBMIT, { gameId: open, action: { type: 'pass' } }, alice.token))).toMatchObject({ code: 'GAME_NOT_ACTIVE', status: 409 });

    const { alice: a, bob: b, gameId } = await startedToyGame(t, { rounds: 1 });
    await gql(SUBMIT, { gameId, action: { type: 'pass' }, expectedVersion: 1 }, a.token);
    const last = await gql(SUBMIT, { gameId, action: { type: 'pass' }, expectedVersion: 2 }, b.token);
    expect(last.data.submitAction.version).toBe(3);
    const finished = (await gql(GAME, { id: gameId }, a.token)).data.game;
    expect(finished).toMatchObject({ status: 'finished', activeSeats: [], result: { winners: [0, 1], scores: [0, 0] }, legalActions: [] });
    expect(finished.finishedAt).not.toBeNull();
    expect(refusal(await gql(SUBMIT, { gameId, action: { type: 'pass' } }, a.token))).toMatchObject({ code: 'GAME_NOT_ACTIVE', status: 409 });
    expect((await stored(gameId)).version).toBe(3);
  });

  it('answers a retried idempotencyKey with the first result and applies the action once', async () => {
    const { alice, gameId } = await startedToyGame(t);
    const card = (await stored(gameId)).state.hands[0]![0]!;
    const first = await gql(SUBMIT, { gameId, action: { type: 'play', card }, idempotencyKey: 'gql-k-1' }, alice.token);
    expect(first.errors).toBeUndefined();
    const retry = await gql(SUBMIT, { gameId, action: { type: 'play', card }, idempotencyKey: 'gql-k-1' }, alice.token);
    expect(retry.errors).toBeUndefined();
    expect(retry.data).toEqual(first.data);
    expect((await stored(gameId)).events).toHaveLength(1);
    // The same key over REST is the same request: the first answer again.
    const rest = await t.http.post(`/v1/games/${gameId}/actions`).set(alice.auth).set('Idempotency-Key', 'gql-k-1').send({ action: { type: 'play', card } }).expect(201);
    expect(rest.headers['idempotent-replayed']).toBe('true');
    // REST's answer also names the game type (the discriminator of its per-game schema).
    expect(rest.body).toEqual({ gameType: 'toy', ...first.data.submitAction, log: first.data.submitAction.log.map(({ message }: { message: string }) => ({ message })) });
    expect((await stored(gameId)).events).toHaveLength(1);

    const before = await stored(gameId);
    const reused = await gql(SUBMIT, { gameId, action: { type: 'pass' }, idempotencyKey: 'gql-k-1' }, alice.token);
    expect(refusal(reused)).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED', status: 422 });
    for (const idempotencyKey of ['', 'k'.repeat(201)]) {
      expect(refusal(await gql(SUBMIT, { gameId, action: { type: 'pass' }, idempotencyKey }, alice.token))).toMatchObject({ code: 'VALIDATION_FAILED', status: 400 });
    }
    expect((await stored(gameId)).fingerprint).toBe(before.fingerprint);

    // A key is per user: bob's 'gql-k-1' is his own.
    const bob = (await t.sql.query('SELECT u.username FROM seats s JOIN users u ON u.id = s.user_id WHERE s.game_id = $1 AND s.seat = 1', [gameId])).rows[0].username as string;
    const bobLogin = await gql('mutation($u: String!) { login(username: $u, password: "correct horse battery") { token } }', { u: bob });
    const bobMove = await gql(SUBMIT, { gameId, action: { type: 'pass' }, idempotencyKey: 'gql-k-1' }, bobLogin.data.login.token);
    expect(bobMove.errors).toBeUndefined();
    expect(bobMove.data.submitAction.version).toBe(3);
  });

  it('lets exactly one of several concurrent submissions for one version win', async () => {
    const { alice, gameId } = await startedToyGame(t, { rounds: 5 });
    const responses = await Promise.all(Array.from({ length: 10 }, () => gql(SUBMIT, { gameId, action: { type: 'pass' }, expectedVersion: 1 }, alice.token)));
    expect(responses.filter((response) => response.errors === undefined)).toHaveLength(1);
    expect(responses.filter((response) => response.errors?.[0]?.extensions.code === 'STALE_VERSION')).toHaveLength(9);
    const after = await stored(gameId);
    expect(after.version).toBe(2);
    expect(after.events.map((event: { seq: number }) => event.seq)).toEqual([2]);
  });
});
