import { readFileSync } from 'node:fs';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_ONLY } from '../../src/http/routes/account-care.js';
import { newUser, startTestApp, type TestApp } from '../support/api.js';
import { postGraphql } from '../support/graphql.js';

/**
 * Who calls is checked before what they sent: every operation that needs a token answers 401
 * without one, and every admin operation 403 to a player, whatever the body (malformed JSON, a
 * body of the wrong shape). Errors of GraphQL carry a code wherever they arrive.
 */
let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await startTestApp({ workers: false, listen: true });
  port = (t.app.server.address() as { port: number }).port;
});
afterAll(async () => t?.close());

interface Operation {
  method: string;
  path: string;
  admin: boolean;
  /** Account care: only the account's login token, never a personal API token (http/routes/account-care.ts). */
  loginOnly: boolean;
}

/** Every operation of the published document whose `security` asks for a token, with its path filled in. */
function securedOperations(): Operation[] {
  const document = JSON.parse(readFileSync(new URL('../../openapi/openapi.json', import.meta.url), 'utf8')) as {
    paths: Record<string, Record<string, { security?: unknown[]; tags?: string[]; description?: string }>>;
  };
  const filled = (path: string) => path.replace(/\{(\w+)\}/g, (_, name: string) => (/seat/i.test(name) ? '1' : '00000000-0000-4000-8000-000000000000'));
  return Object.entries(document.paths).flatMap(([path, operations]) => Object.entries(operations)
    .filter(([, operation]) => Array.isArray(operation.security) && operation.security.length > 0 && operation.security.every((requirement) => Object.keys(requirement as object).length > 0))
    .map(([method, operation]) => ({ method: method.toUpperCase(), path: filled(path), admin: path.startsWith('/v1/admin/'), loginOnly: (operation.description ?? '').includes(LOGIN_ONLY) })));
}

const BAD_BODIES = ['{"not": "what this operation takes", "extra": [1, 2, 3]}', '{ this is not json'];

describe('authentication and roles before body validation', () => {
  it('answers 401 to every operation that needs a token when none is sent, whatever the body', async () => {
    const operations = securedOperations();
    expect(operations.length).toBeGreaterThan(30);
    for (const operation of operations) {
      for (const body of operation.method === 'GET' || operation.method === 'DELETE' ? [undefined] : BAD_BODIES) {
        const request = t.http[operation.method.toLowerCase() as 'post'](operation.path);
        const response = body === undefined ? await request : await request.set('Content-Type', 'application/json').send(body);
        expect(response.status, `${operation.method} ${operation.path} with ${body ?? 'no body'}: ${response.text}`).toBe(401);
        expect(response.body.code).toBe('UNAUTHENTICATED');
      }
    }
  });

  it('answers 403 ADMIN_ONLY to a player on every admin operation, whatever the body', async () => {
    const player = await newUser(t, 'not_admin');
    const operations = securedOperations().filter((operation) => operation.admin);
    expect(operations.map((operation) => operation.path)).toContain('/v1/admin/games/import');
    for (const operation of operations) {
      for (const body of operation.method === 'GET' ? [undefined] : BAD_BODIES) {
        const request = t.http[operation.method.toLowerCase() as 'post'](operation.path).set(player.auth);
        const response = body === undefined ? await request : await request.set('Content-Type', 'application/json').send(body);
        expect(response.status, `${operation.method} ${operation.path}: ${response.text}`).toBe(403);
        expect(response.body.code).toBe('ADMIN_ONLY');
      }
    }
  });
});

describe('account care needs the login token', () => {
  it('answers 403 LOGIN_REQUIRED to a personal API token with every scope on every login-only operation, whatever the body, changing nothing', async () => {
    const owner = await newUser(t, 'care_owner');
    const apiToken = (await t.http.post('/v1/me/tokens').set(owner.auth).send({ name: 'all scopes', scopes: ['read', 'play', 'account'] }).expect(201)).body.token as string;
    const operations = securedOperations().filter((operation) => operation.loginOnly);
    expect(operations.map((operation) => `${operation.method} ${operation.path}`).sort()).toEqual(['GET /v1/me/export', 'POST /v1/me/delete', 'POST /v1/me/logout-everywhere', 'PUT /v1/me/password']);
    for (const operation of operations) {
      for (const body of operation.method === 'GET' ? [undefined] : [...BAD_BODIES, JSON.stringify({ password: 'correct horse battery', currentPassword: 'correct horse battery', newPassword: 'a new long password' })]) {
        const request = t.http[operation.method.toLowerCase() as 'post'](operation.path).set({ Authorization: `Bearer ${apiToken}` });
        const response = body === undefined ? await request : await request.set('Content-Type', 'application/json').send(body);
        expect(response.status, `${operation.method} ${operation.path}: ${response.text}`).toBe(403);
        expect(response.body.code).toBe('LOGIN_REQUIRED');
      }
    }
    // Nothing happened: the login token still works and the password is unchanged.
    await t.http.get('/v1/me').set(owner.auth).expect(200);
    await t.http.post('/v1/auth/login').send({ username: owner.username, password: 'correct horse battery' }).expect(200);
  });
});

describe('GraphQL errors carry a code', () => {
  it('refuses a subscription sent over HTTP POST with a bad token as INVALID_TOKEN, not as a server error', async () => {
    const response = await postGraphql(t, 'subscription { myTurn { gameId } }', {}, 'Bearer not-a-token');
    expect(response.errors?.map((error) => error.extensions.code)).toEqual(['INVALID_TOKEN']);
    expect(response.status).toBe(401);
  });

  it('gives graphql-ws errors for an invalid operation an extensions.code', async () => {
    const user = await newUser(t, 'ws_client');
    const client = createClient({ url: `ws://127.0.0.1:${port}/graphql`, webSocketImpl: WebSocket, connectionParams: { authorization: user.auth.Authorization }, retryAttempts: 0 });
    try {
      const errors = await new Promise<readonly { message: string; extensions?: { code?: unknown } }[]>((resolve, reject) => {
        client.subscribe({ query: 'subscription { noSuchField }' }, {
          next: () => reject(new Error('an invalid operation produced data')),
          error: (error) => (Array.isArray(error) ? resolve(error) : reject(error)),
          complete: () => reject(new Error('completed without an error')),
        });
      });
      expect(errors.length).toBeGreaterThan(0);
      for (const error of errors) expect(error.extensions?.code, error.message).toBe('GRAPHQL_VALIDATION_FAILED');
    } finally {
      await client.dispose();
    }
  });
});
