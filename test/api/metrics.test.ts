import type { AddressInfo } from 'node:net';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startedToyGame, startTestApp, type TestApp } from '../support/api.js';
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
