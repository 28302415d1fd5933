import { createServer, connect, type AddressInfo, type Server, type Socket } from 'node:net';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, newUser, startTestApp, type TestApp } from '../support/api.js';
import { postGraphql } from '../support/graphql.js';
import { waitFor } from '../support/wait.js';

/**
 * A TCP proxy in front of the test database that the test can cut and restore: the app's pool
 * sees PostgreSQL vanish (refused connections, open ones reset) and come back on the same address.
 */
interface Cuttable {
  port: number;
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

async function startProxy(target: { host: string; port: number }, port = 0): Promise<Cuttable> {
  const sockets = new Set<Socket>();
  let server: Server;
  const listen = (onPort: number) => new Promise<Server>((resolve, reject) => {
    const created = createServer((client) => {
      const upstream = connect(target.port, target.host);
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
        socket.on('error', () => {});
      }
      client.pipe(upstream).pipe(client);
      upstream.on('close', () => client.destroy());
      client.on('close', () => upstream.destroy());
    });
    created.once('error', reject);
    created.listen(onPort, '127.0.0.1', () => resolve(created));
  });
  server = await listen(port);
  const boundPort = (server.address() as { port: number }).port;
  const stop = () => new Promise<void>((resolve) => {
    for (const socket of sockets) socket.destroy();
    server.close(() => resolve());
  });
  return {
    port: boundPort,
    cut: stop,
    async restore() {
      server = await listen(boundPort);
    },
    close: stop,
  };
}

let proxy: Cuttable;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let t: TestApp;
beforeAll(async () => {
  database = await createTestDatabase();
  const direct = new URL(database.url);
  proxy = await startProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
  const proxied = new URL(database.url);
  proxied.hostname = '127.0.0.1';
  proxied.port = String(proxy.port);
  t = await startTestApp({ databaseUrl: proxied.toString(), workers: false, listen: true });
});
afterAll(async () => {
  await t?.close();
  await proxy?.close();
  await database?.drop();
});

/** The error a graphql-ws subscription is refused with (fails the test if it is not refused). */
async function refusedSubscription(query: string, token: string): Promise<{ message: string; extensions?: Record<string, unknown> }> {
  const port = (t.app.server.address() as AddressInfo).port;
  const client = createClient({ url: `ws://127.0.0.1:${port}/graphql`, webSocketImpl: WebSocket, retryAttempts: 0, connectionParams: { authorization: `Bearer ${token}` } });
  try {
    const errors = await new Promise<unknown>((resolve) => client.subscribe({ query }, { next: () => resolve('a value'), error: resolve, complete: () => resolve('completed') }));
    expect(Array.isArray(errors), String(errors)).toBe(true);
    return (errors as { message: string; extensions?: Record<string, unknown> }[])[0]!;
  } finally {
    await client.dispose();
  }
}

describe('a database outage', () => {
  it('answers 503 DATABASE_UNAVAILABLE with Retry-After on REST and GraphQL (HTTP and WebSocket), then recovers by itself', async () => {
    const alice = await newUser(t, 'outage');
    const game = (await t.http.post('/v1/games').set(alice.auth).send({ type: 'toy', seats: 2 }).expect(201)).body;

    await proxy.cut();
    const checks = [
      t.http.get(`/v1/games/${game.id}`).set(alice.auth),
      t.http.post('/v1/games').set(alice.auth).send({ type: 'toy', seats: 2 }),
      t.http.post('/v1/auth/login').send({ username: alice.username, password: 'correct horse battery' }),
      t.http.get('/v1/lobby').set(alice.auth),
    ];
    for (const response of await Promise.all(checks)) {
      expect(response.status, response.text).toBe(503);
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(response.headers['retry-after']).toBe('5');
      expect(response.body).toMatchObject({ status: 503, code: 'DATABASE_UNAVAILABLE' });
    }
    const graphql = await t.http.post('/graphql').set('Authorization', `Bearer ${alice.token}`).send({ query: `{ game(id: "${game.id}") { id version } }` });
    expect(graphql.status).toBe(503);
    expect(graphql.headers['retry-after']).toBe('5');
    expect(graphql.body.errors.map((error: { extensions: { code: string } }) => error.extensions.code)).toEqual(['DATABASE_UNAVAILABLE']);
    const mutation = await postGraphql(t, 'mutation { createGame(type: "toy", seats: 2) { id } }', {}, alice.token);
    expect(mutation.errors?.[0]?.extensions.code).toBe('DATABASE_UNAVAILABLE');
    // Over WebSocket, a subscription that needs the database is refused with the same code.
    const refused = await refusedSubscription(`subscription { gameUpdated(gameId: "${game.id}") { version } }`, alice.token);
    expect(refused.extensions).toMatchObject({ code: 'DATABASE_UNAVAILABLE', status: 503, retryAfterSeconds: 5 });
    const ready = await t.http.get('/ready').expect(503);
    expect(ready.body.code).toBe('DATABASE_UNAVAILABLE');
    expect(ready.headers['retry-after']).toBe('5');

    await proxy.restore();
    await waitFor(async () => ((await t.http.get('/ready')).status === 200 ? true : undefined), 10_000, 'the service to reach the database again');
    const again = await t.http.get(`/v1/games/${game.id}`).set(alice.auth).expect(200);
    expect(again.body.id).toBe(game.id);
    await t.http.post('/v1/games').set(alice.auth).send({ type: 'toy', seats: 2 }).expect(201);
    // Nothing the refused requests asked for happened.
    const { rows } = await t.sql.query('SELECT count(*)::int AS n FROM games WHERE created_by_id = $1', [alice.id]);
    expect(rows[0].n).toBe(2);
  });
});
