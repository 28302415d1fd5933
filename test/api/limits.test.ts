import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { newUser, startTestApp, type TestApp } from '../support/api.js';
import { postGraphql } from '../support/graphql.js';
import { testRedis } from '../support/redis.js';

/**
 * Rate limits (429 RATE_LIMITED with Retry-After and RateLimit-* headers, REST and GraphQL sharing
 * the same counters) and per-account quotas. Tests elsewhere run with limits off (test/support/api.ts);
 * here they are on, with small limits set through the same environment settings an operator uses.
 */
const limits = (env: Record<string, string>) => loadConfig({ ...env }).rateLimits;
const password = 'correct horse battery';

function expectRateLimited(response: { status: number; headers: Record<string, string>; body: Record<string, unknown> }) {
  expect(response.status).toBe(429);
  expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(response.body.code).toBe('RATE_LIMITED');
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  expect(response.headers['ratelimit-limit']).toBeDefined();
  expect(response.headers['ratelimit-remaining']).toBe('0');
  expect(Number(response.headers['ratelimit-reset'])).toBeGreaterThan(0);
}

describe('rate limits in one process', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({
      config: {
        rateLimits: limits({ RATE_LIMIT_LOGIN_PER_IP: '4/60', RATE_LIMIT_LOGIN_PER_ACCOUNT: '3/60', RATE_LIMIT_SUBMIT_PER_ACCOUNT: '1/60', RATE_LIMIT_CREATE_GAME_PER_ACCOUNT: '100/60', RATE_LIMIT_REGISTER_PER_IP: '100/60' }),
      },
    });
  });
  afterAll(async () => t?.close());

  it('limits logins per account (by the username tried, any case) with 429 problem+json, through REST and GraphQL alike', async () => {
    const { username } = await newUser(t, 'victim');
    const first = await t.http.post('/v1/auth/login').send({ username, password: 'wrong password' }).expect(401);
    expect(first.headers['ratelimit-limit']).toBe('3');
    expect(first.headers['ratelimit-remaining']).toBe('2');
    await t.http.post('/v1/auth/login').send({ username: username.toUpperCase(), password: 'wrong password' }).expect(401);
    const viaGraphql = await postGraphql(t, 'mutation($u: String!, $p: String!) { login(username: $u, password: $p) { token } }', { u: username, p: password });
    expect(viaGraphql.errors).toBeUndefined();
    // The limit is reached: even the right password is refused now, over either API.
    const refused = await t.http.post('/v1/auth/login').send({ username, password });
    expectRateLimited(refused);
    expect(refused.body).toMatchObject({ status: 429, scope: 'account', limit: 3, windowSeconds: 60 });
    const refusedGraphql = await t.http.post('/graphql').send({ query: 'mutation($u: String!, $p: String!) { login(username: $u, password: $p) { token } }', variables: { u: username, p: password } });
    expect(refusedGraphql.body.errors[0].extensions).toMatchObject({ code: 'RATE_LIMITED', status: 429 });
    expect(Number(refusedGraphql.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('limits logins per IP address across usernames', async () => {
    // 4 per IP: the first test used them all from this address, so another account is refused too.
    const other = await newUser(t, 'other');
    const refused = await t.http.post('/v1/auth/login').send({ username: other.username, password });
    expectRateLimited(refused);
    expect(refused.body.scope).toBe('ip');
  });

  it('counts every aliased GraphQL mutation: a batch cannot pass the submit limit', async () => {
    const alice = await newUser(t, 'alice');
    const bob = await newUser(t, 'bob');
    const { body: game } = await t.http.post('/v1/games').set(alice.auth).send({ type: 'toy', seats: 2, options: { rounds: 5 } }).expect(201);
    await t.http.post(`/v1/games/${game.id}/join`).set(bob.auth).expect(200);
    const { body: state } = await t.http.get(`/v1/games/${game.id}`).set(alice.auth).expect(200);
    const mover = state.activeSeats[0] === 0 ? alice : bob;
    const aliases = [1, 2, 3].map((n) => `m${n}: submitAction(gameId: $g, action: {type: "pass"}) { version }`).join(' ');
    const batch = await postGraphql(t, `mutation($g: ID!) { ${aliases} }`, { g: game.id }, mover.token);
    // Mutations run one after another: the first is applied, the second is over the limit (1 per minute).
    expect(batch.errors?.map((error) => error.extensions.code)).toEqual(['RATE_LIMITED']);
    const { rows } = await t.sql.query('SELECT version FROM games WHERE id = $1', [game.id]);
    expect(rows[0].version).toBe(state.version + 1);
    const rest = await t.http.post(`/v1/games/${game.id}/actions`).set(mover.auth).send({ action: { type: 'pass' } });
    expectRateLimited(rest);
  });
});

describe('quotas', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ config: { openGamesPerAccount: 2, webhooksPerAccount: 1, webhookAllowPrivate: true } });
  });
  afterAll(async () => t?.close());

  it('refuses a third open game with TOO_MANY_OPEN_GAMES, and accepts one again once a game started', async () => {
    const alice = await newUser(t, 'alice');
    const bob = await newUser(t, 'bob');
    const first = await t.http.post('/v1/games').set(alice.auth).send({ type: 'toy', seats: 2 }).expect(201);
    await t.http.post('/v1/games').set(alice.auth).send({ type: 'toy', seats: 2 }).expect(201);
    const before = (await t.sql.query('SELECT count(*)::int AS n FROM games')).rows[0].n;
    const refused = await t.http.post('/v1/games').set(alice.auth).send({ type: 'toy', seats: 2 }).expect(409);
    expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(refused.body).toMatchObject({ code: 'TOO_MANY_OPEN_GAMES', quota: 2 });
    const viaGraphql = await postGraphql(t, 'mutation { createGame(type: "toy", seats: 2) { id } }', {}, alice.token);
    expect(viaGraphql.errors?.[0]?.extensions.code).toBe('TOO_MANY_OPEN_GAMES');
    expect((await t.sql.query('SELECT count(*)::int AS n FROM games')).rows[0].n).toBe(before);
    // Bob fills the first game: it starts, and Alice may open another.
    await t.http.post(`/v1/games/${first.body.id}/join`).set(bob.auth).expect(200);
    await t.http.post('/v1/games').set(alice.auth).send({ type: 'toy', seats: 2 }).expect(201);
  });

  it('refuses webhooks past the per-account quota with TOO_MANY_WEBHOOKS', async () => {
    const carol = await newUser(t, 'carol');
    const hook = { url: 'http://127.0.0.1:9/hook', events: ['your_turn'] };
    await t.http.post('/v1/me/webhooks').set(carol.auth).send(hook).expect(201);
    const refused = await t.http.post('/v1/me/webhooks').set(carol.auth).send(hook).expect(409);
    expect(refused.body).toMatchObject({ code: 'TOO_MANY_WEBHOOKS', quota: 1 });
  });
});

/**
 * Several processes behind a load balancer share the counters through Redis (test/support/redis.ts:
 * the running one, else one started here).
 */
const redisUrl = await testRedis();

describe(`rate limits shared through Redis (${redisUrl})`, () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const app of apps.reverse()) await app.close();
  });

  it('counts logins on two server processes against one limit', async () => {
    // A fresh username per run: the counters live in Redis, beyond this test's databases.
    const rateLimits = limits({ RATE_LIMIT_LOGIN_PER_ACCOUNT: '3/60', RATE_LIMIT_LOGIN_PER_IP: '1000/60' });
    const first = await startTestApp({ config: { redisUrl, rateLimits } });
    apps.push(first);
    const second = await startTestApp({ config: { redisUrl, rateLimits }, databaseUrl: first.databaseUrl });
    apps.push(second);
    const { username } = await newUser(first, `shared${Date.now().toString(36)}`);
    await first.http.post('/v1/auth/login').send({ username, password }).expect(200);
    await second.http.post('/v1/auth/login').send({ username, password }).expect(200);
    const third = await first.http.post('/v1/auth/login').send({ username, password }).expect(200);
    expect(third.headers['ratelimit-remaining']).toBe('0');
    expectRateLimited(await second.http.post('/v1/auth/login').send({ username, password }));
    expectRateLimited(await first.http.post('/v1/auth/login').send({ username, password }));
  });
});
