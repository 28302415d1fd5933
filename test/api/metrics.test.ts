import type { AddressInfo } from 'node:net';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { createTestDatabase, startedToyGame, startTestApp, testConfig, type TestApp } from '../support/api.js';
import { codeOf, postGraphql } from '../support/graphql.js';
import { waitFor } from '../support/wait.js';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await startTestApp({ listen: true });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => t?.close());

/** The value of one sample of the Prometheus text, or undefined. */
async function sample(name: string, labels: string): Promise<number | undefined> {
  const text = (await t.http.get('/metrics').expect(200)).text;
  const line = text.split('\n').find((entry) => entry.startsWith(`${name}{${labels}}`));
  return line === undefined ? undefined : Number(line.split(' ').at(-1));
}

describe('/metrics', () => {
  it('times accepted moves by game type', async () => {
    const { alice, bob, gameId } = await startedToyGame(t);
    await t.http.post(`/v1/games/${gameId}/actions`).set(alice.auth).send({ action: { type: 'pass' } }).expect(201);
    await t.http.post(`/v1/games/${gameId}/actions`).set(alice.auth).send({ action: { type: 'pass' } }).expect(422);
    await t.http.post(`/v1/games/${gameId}/actions`).set(bob.auth).send({ action: { type: 'pass' } }).expect(201);
    expect(await sample('game_move_duration_seconds_count', 'game_type="toy"')).toBe(2);
  });

  it('times accepted GraphQL moves in the same histogram, and only accepted ones', async () => {
    const { alice, gameId } = await startedToyGame(t);
    const before = (await sample('game_move_duration_seconds_count', 'game_type="toy"')) ?? 0;
    const submit = 'mutation($gameId: ID!) { submitAction(gameId: $gameId, action: { type: "pass" }) { version } }';
    expect((await postGraphql(t, submit, { gameId }, alice.token)).data.submitAction.version).toBe(2);
    expect(codeOf(await postGraphql(t, submit, { gameId }, alice.token))).toBe('NOT_YOUR_TURN');
    expect(await sample('game_move_duration_seconds_count', 'game_type="toy"')).toBe(before + 1);
  });

  it('answers 200 with what it can on a database without its tables (figures read from tables are left out)', async () => {
    const database = await createTestDatabase();
    // No admin account to ensure at start: that needs the users table.
    const app = await buildApp({ config: testConfig({ adminUsername: null, adminPassword: null }), databaseUrl: database.url, workers: false });
    try {
      await app.ready();
      const response = await app.inject({ method: 'GET', url: '/metrics' });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.body).toContain('# TYPE http_request_duration_seconds histogram');
      expect(response.body).not.toMatch(/^webhook_deliveries\{/m);
      expect(response.body).not.toMatch(/^due_work_backlog\{/m);
    } finally {
      await app.close();
      await database.drop();
    }
  });

  it("reports this process's database pool", async () => {
    const inUse = await sample('db_pool_connections', 'state="in_use"');
    const idle = await sample('db_pool_connections', 'state="idle"');
    expect(inUse! + idle!).toBeGreaterThanOrEqual(1);
    expect(await sample('db_pool_connections', 'state="waiting"')).toBe(0);
  });

  it('counts open SSE streams and GraphQL subscription sockets, and forgets them when they close', async () => {
    const { bob } = await startedToyGame(t);
    expect(await sample('open_event_streams', 'kind="sse"')).toBe(0);
    const controller = new AbortController();
    const response = await fetch(`${base}/v1/me/events`, { headers: bob.auth, signal: controller.signal });
    expect(response.status).toBe(200);
    expect(await sample('open_event_streams', 'kind="sse"')).toBe(1);
    const client = createClient({ url: `${base.replace('http', 'ws')}/graphql`, webSocketImpl: WebSocket, retryAttempts: 0, connectionParams: { authorization: `Bearer ${bob.token}` } });
    const subscription = client.iterate({ query: 'subscription { accountEvents { gameId } }' });
    void subscription.next();
    await waitFor(async () => ((await sample('open_event_streams', 'kind="graphql_ws"')) === 1 ? true : undefined), 10_000, 'the socket counted');
    controller.abort();
    await client.dispose();
    await waitFor(async () => ((await sample('open_event_streams', 'kind="sse"')) === 0 ? true : undefined), 10_000, 'the stream uncounted');
    await waitFor(async () => ((await sample('open_event_streams', 'kind="graphql_ws"')) === 0 ? true : undefined), 10_000, 'the socket uncounted');
  });

  it('reports webhook deliveries by status from the outbox', async () => {
    const { alice } = await startedToyGame(t);
    const user = (await t.sql.query('SELECT id FROM users WHERE username = $1', [alice.username])).rows[0].id;
    const hook = (await t.sql.query("INSERT INTO webhooks (id, user_id, url, secret, events) VALUES (gen_random_uuid(), $1, 'https://example.org/h', 's', '{your_turn}') RETURNING id", [user])).rows[0].id;
    await t.sql.query("INSERT INTO webhook_deliveries (id, webhook_id, event, payload, status) VALUES (gen_random_uuid(), $1, 'your_turn', '{}', 'failed'), (gen_random_uuid(), $1, 'your_turn', '{}', 'failed')", [hook]);
    expect(await sample('webhook_deliveries', 'status="failed"')).toBe(2);
    expect(await sample('webhook_deliveries', 'status="delivered"')).toBe(0);
  });
});
