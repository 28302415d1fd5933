import { SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, loginAdmin, newUser, startTestApp, TEST_JWT_SECRET, type TestApp } from '../support/api.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const problemOf = (response: { status: number; headers: Record<string, string>; body: { code?: string } }) => {
  expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  return response.body.code;
};

describe('register and log in', () => {
  it('registers, logs in and answers /v1/me with the same account', async () => {
    const registered = await t.http.post('/v1/auth/register').send({ username: 'carol_1', password: 'long enough pw' }).expect(201);
    expect(registered.body.user).toMatchObject({ username: 'carol_1', role: 'player' });
    expect(registered.body.user).not.toHaveProperty('passwordHash');
    const login = await t.http.post('/v1/auth/login').send({ username: 'carol_1', password: 'long enough pw' }).expect(200);
    const me = await t.http.get('/v1/me').set('Authorization', `Bearer ${login.body.token}`).expect(200);
    expect(me.body).toMatchObject({ id: registered.body.user.id, username: 'carol_1', role: 'player' });
  });

  it('stores passwords as salted scrypt hashes', async () => {
    await t.http.post('/v1/auth/register').send({ username: 'salt_a', password: 'same password' }).expect(201);
    await t.http.post('/v1/auth/register').send({ username: 'salt_b', password: 'same password' }).expect(201);
    const { rows } = await t.sql.query("SELECT password_hash FROM users WHERE username IN ('salt_a', 'salt_b')");
    expect(rows).toHaveLength(2);
    expect(rows[0].password_hash).toMatch(/^scrypt\$/);
    expect(rows[0].password_hash).not.toBe(rows[1].password_hash);
    expect(rows[0].password_hash).not.toContain('same password');
  });

  it('refuses a taken username, bad input, unknown fields and bad JSON with problem+json', async () => {
    await t.http.post('/v1/auth/register').send({ username: 'dup_name', password: 'password123' }).expect(201);
    const taken = await t.http.post('/v1/auth/register').send({ username: 'dup_name', password: 'password123' }).expect(409);
    expect(problemOf(taken)).toBe('USERNAME_TAKEN');
    const short = await t.http.post('/v1/auth/register').send({ username: 'ok_name', password: 'short' }).expect(400);
    expect(problemOf(short)).toBe('VALIDATION_FAILED');
    const unknown = await t.http.post('/v1/auth/register').send({ username: 'ok_name', password: 'password123', role: 'admin' }).expect(400);
    expect(problemOf(unknown)).toBe('VALIDATION_FAILED');
    const badJson = await t.http.post('/v1/auth/register').set('content-type', 'application/json').send('{"username": "x",').expect(400);
    expect(problemOf(badJson)).toBe('INVALID_JSON');
    const { rows } = await t.sql.query("SELECT count(*)::int AS n FROM users WHERE username = 'ok_name'");
    expect(rows[0].n).toBe(0);
  });

  it('refuses a wrong password and an unknown user alike', async () => {
    await t.http.post('/v1/auth/register').send({ username: 'dave_x', password: 'password123' }).expect(201);
    const wrong = await t.http.post('/v1/auth/login').send({ username: 'dave_x', password: 'password124' }).expect(401);
    const unknown = await t.http.post('/v1/auth/login').send({ username: 'nobody_here', password: 'password123' }).expect(401);
    expect(problemOf(wrong)).toBe('INVALID_CREDENTIALS');
    expect(unknown.body.detail).toBe(wrong.body.detail);
  });
});

describe('tokens', () => {
  const key = new TextEncoder().encode(TEST_JWT_SECRET);
  let user: Awaited<ReturnType<typeof newUser>>;
  beforeAll(async () => {
    user = await newUser(t, 'tok');
  });

  const forge = (header: Record<string, string>, claims: Record<string, unknown>, secret = key) =>
    new SignJWT(claims).setProtectedHeader(header as { alg: string }).sign(secret);

  it('needs a token where an account is needed', async () => {
    expect(problemOf(await t.http.get('/v1/me').expect(401))).toBe('UNAUTHENTICATED');
    expect(problemOf(await t.http.get('/v1/me').set('Authorization', 'Basic abc').expect(401))).toBe('INVALID_TOKEN');
  });

  it('refuses expired, forged, wrong-key, wrong-issuer and alg:none tokens', async () => {
    const claims = { username: user.username, role: 'player', sub: user.id, iss: 'boardgame-server' };
    const now = Math.floor(Date.now() / 1000);
    const expired = await forge({ alg: 'HS256' }, { ...claims, iat: now - 100, exp: now - 10 });
    const wrongKey = await forge({ alg: 'HS256' }, { ...claims, exp: now + 100 }, new TextEncoder().encode('another-secret-another-secret-another!!'));
    const wrongIssuer = await forge({ alg: 'HS256' }, { ...claims, iss: 'someone-else', exp: now + 100 });
    const hs512 = await forge({ alg: 'HS512' }, { ...claims, exp: now + 100 });
    const none = new UnsecuredJWT({ ...claims, exp: now + 100 }).encode();
    const [header, payload] = user.token.split('.');
    const elevated = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), role: 'admin' })).toString('base64url');
    const tampered = `${header}.${elevated}.${user.token.split('.')[2]}`;
    for (const token of [expired, wrongKey, wrongIssuer, hs512, none, tampered, 'not.a.jwt']) {
      const response = await t.http.get('/v1/me').set('Authorization', `Bearer ${token}`).expect(401);
      expect(problemOf(response)).toBe('INVALID_TOKEN');
    }
    const valid = await forge({ alg: 'HS256' }, { ...claims, exp: now + 100 });
    await t.http.get('/v1/me').set('Authorization', `Bearer ${valid}`).expect(200);
  });

  it('creates the admin account from ADMIN_USERNAME/ADMIN_PASSWORD at start', async () => {
    const auth = await loginAdmin(t);
    const me = await t.http.get('/v1/me').set(auth).expect(200);
    expect(me.body).toMatchObject({ username: ADMIN.username, role: 'admin' });
  });
});
