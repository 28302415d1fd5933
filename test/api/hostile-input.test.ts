import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAdmin, newUser, startedToyGame, startTestApp, type TestApp } from '../support/api.js';

/**
 * Each hostile request the hardening issue found answering 5xx or a body that is not a problem: now a
 * 4xx problem+json (GraphQL: an error with extensions.code) that changes nothing.
 */
let t: TestApp;
let port: number;
let game: Awaited<ReturnType<typeof startedToyGame>>;
let admin: { Authorization: string };
beforeAll(async () => {
  t = await startTestApp({ listen: true });
  port = (t.app.server.address() as AddressInfo).port;
  game = await startedToyGame(t);
  admin = await loginAdmin(t);
});
afterAll(async () => t?.close());

async function counts() {
  const { rows } = await t.sql.query('SELECT (SELECT count(*) FROM users)::int AS users, (SELECT count(*) FROM games)::int AS games, (SELECT count(*) FROM game_events)::int AS events, (SELECT sum(version) FROM games)::int AS versions');
  return rows[0];
}

function expectProblem(response: { status: number; headers: Record<string, string>; body: { code?: string } }, status: number, code: string) {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(response.body.code).toBe(code);
}

describe('REST', () => {
  it('refuses numbers past their maxima before they reach the database', async () => {
    const before = await counts();
    expectProblem(await t.http.get(`/v1/games/${game.gameId}/log?after=99999999999`).set(game.alice.auth), 400, 'VALIDATION_FAILED');
    expectProblem(await t.http.get('/v1/lobby?offset=1e%2B308').set(game.alice.auth), 400, 'VALIDATION_FAILED');
    expectProblem(await t.http.get('/v1/games?offset=1e%2B308').set(game.alice.auth), 400, 'VALIDATION_FAILED');
    expectProblem(await t.http.get(`/v1/admin/games/${game.gameId}/state?at=99999999999`).set(admin), 400, 'VALIDATION_FAILED');
    expectProblem(await t.http.post(`/v1/games/${game.gameId}/actions`).set(game.alice.auth).send({ action: { type: 'pass' }, expectedVersion: 1e300 }), 400, 'VALIDATION_FAILED');
    expect(await counts()).toEqual(before);
  });

  it('refuses NUL characters in any string or key, and JSON nested too deep', async () => {
    const before = await counts();
    expectProblem(await t.http.post('/v1/auth/register').send({ username: 'a\u0000b', password: 'password123' }), 400, 'INVALID_CHARACTERS');
    expectProblem(await t.http.post('/v1/auth/login').send({ username: 'a\u0000b', password: 'password123' }), 400, 'INVALID_CHARACTERS');
    expectProblem(await t.http.post(`/v1/games/${game.gameId}/actions`).set(game.alice.auth).send({ action: { type: 'pass', ['k\u0000']: 1 } }), 400, 'INVALID_CHARACTERS');
    expectProblem(await t.http.get('/v1/lobby?type=a%00b').set(game.alice.auth), 400, 'INVALID_CHARACTERS');
    const deep = `{"action":{"type":"pass","x":${'['.repeat(5000)}${']'.repeat(5000)}}}`;
    expectProblem(await t.http.post(`/v1/games/${game.gameId}/actions`).set(game.alice.auth).set('Content-Type', 'application/json').send(deep), 400, 'INPUT_TOO_DEEP');
    expect(await counts()).toEqual(before);
  });

  it('answers a path parameter over 100 characters with a problem, not Fastify\'s own body', async () => {
    expectProblem(await t.http.get(`/v1/games/${'a'.repeat(150)}`), 414, 'URI_TOO_LONG');
  });

  it('answers oversized headers with 431 problem+json from the HTTP parser', async () => {
    const { status, type, body } = await new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
      const request = httpRequest({ host: '127.0.0.1', port, path: '/health', headers: { 'x-big': 'a'.repeat(40_000) } }, (response) => {
        let text = '';
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode!, type: String(response.headers['content-type']), body: text }));
      });
      request.on('error', reject);
      request.end();
    });
    expect(status).toBe(431);
    expect(type).toMatch(/^application\/problem\+json/);
    expect(JSON.parse(body)).toMatchObject({ status: 431, code: 'HEADERS_TOO_LARGE' });
  });
});

describe('GraphQL', () => {
  const post = (body: unknown, auth?: { Authorization: string }) => {
    const request = t.http.post('/graphql').set('Content-Type', 'application/json');
    if (auth) request.set(auth);
    return request.send(JSON.stringify(body));
  };
  const codeOf = (response: { body: { errors?: { extensions?: { code?: string } }[] } }) => response.body.errors?.[0]?.extensions?.code;

  it('refuses envelopes that are not GraphQL: a query that is not a string, or a JSON AST in its place', async () => {
    for (const query of [1, { kind: 'Document', definitions: [{ kind: 'OperationDefinition' }] }, JSON.stringify({ kind: 'Document', definitions: [{ kind: 'OperationDefinition', operation: 'query' }] })]) {
      const response = await post({ query });
      expect(response.status).toBe(400);
      expect(codeOf(response)).toBe('GRAPHQL_INVALID_REQUEST');
    }
  });

  it('refuses a mutation sent by GET with 405 METHOD_NOT_ALLOWED, and several operations without a name with 400', async () => {
    const before = await counts();
    const mutation = await t.http.get('/graphql').query({ query: 'mutation { register(username: "viaget", password: "password123") { token } }' });
    expect(mutation.status).toBe(405);
    expect(codeOf(mutation)).toBe('METHOD_NOT_ALLOWED');
    const ambiguous = await t.http.get('/graphql').query({ query: 'query a { gameTypes { id } } query b { gameTypes { id } }' });
    expect(ambiguous.status).toBe(400);
    expect(codeOf(ambiguous)).toBe('GRAPHQL_INVALID_REQUEST');
    const query = await t.http.get('/graphql').query({ query: 'query a { gameTypes { id } } query b { gameTypes { id } }', operationName: 'b' }).expect(200);
    expect(query.body.data.gameTypes.length).toBeGreaterThan(0);
    expect(await counts()).toEqual(before);
  });

  it('refuses a document nested 3,000 levels deep before the parser runs', async () => {
    for (const query of ['{me' + '{me'.repeat(3000) + '}'.repeat(3001), `{ gameTypes(x: ${'['.repeat(3000)}${']'.repeat(3000)}) { id } }`]) {
      const response = await post({ query });
      expect(response.status).toBe(400);
      expect(codeOf(response)).toBe('GRAPHQL_INVALID_REQUEST');
    }
  });

  it('refuses NUL characters in variables and in string literals', async () => {
    const before = await counts();
    const login = 'mutation($u: String!) { login(username: $u, password: "password123") { token } }';
    const inVariables = await post({ query: login, variables: { u: 'a\u0000b' } });
    expect(inVariables.status).toBe(400);
    expect(codeOf(inVariables)).toBe('INVALID_CHARACTERS');
    const inLiteral = await post({ query: 'mutation { register(username: "a\\u0000b", password: "password123") { token } }' });
    expect(codeOf(inLiteral)).toBe('GRAPHQL_VALIDATION_FAILED');
    expect(inLiteral.body.errors[0].message).toContain('NUL');
    expect(await counts()).toEqual(before);
  });

  it('answers a WebSocket message that is not JSON with an error carrying a code, and closes with 4400', async () => {
    const user = await newUser(t, 'ws');
    const socket = new WebSocket(`ws://127.0.0.1:${port}/graphql`, 'graphql-transport-ws');
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    socket.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${user.token}` } }));
    const messages: { type: string; payload?: { extensions?: { code?: string } }[] }[] = [];
    socket.on('message', (data) => messages.push(JSON.parse(String(data))));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
    socket.send('this is not json');
    expect(await closed).toBe(4400);
    const error = messages.find((message) => message.type === 'error');
    expect(error?.payload?.[0]?.extensions?.code).toBe('INVALID_MESSAGE');
  });
});
