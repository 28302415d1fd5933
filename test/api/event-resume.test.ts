import type { AddressInfo } from 'node:net';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startedToyGame, startTestApp, type TestApp } from '../support/api.js';
import { contractChecker } from '../support/contract.js';
import { connectSse } from '../support/sse.js';
import { waitFor } from '../support/wait.js';

/**
 * The account event stream resumes after a disconnect: SSE with Last-Event-ID (what EventSource
 * sends when it reconnects) and GraphQL `accountEvents(after:)`. Moves made while the client was
 * away reach it on reconnection: for every game, the newest version it learns equals the game's.
 */
let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await startTestApp({ listen: true });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => t?.close());

const newest = (events: { gameId: string; version: number }[]) => {
  const out: Record<string, number> = {};
  for (const { gameId, version } of events) out[gameId] = Math.max(out[gameId] ?? 0, version);
  return out;
};

describe('resuming the account event stream', () => {
  it('SSE: reconnecting with Last-Event-ID delivers what happened while away, then the live events', async () => {
    const first = await startedToyGame(t);
    const { alice, bob } = first;
    const second = await startedToyGame(t);
    const stream = await connectSse(base, bob.auth);
    await t.http.post(`/v1/games/${first.gameId}/actions`).set(alice.auth).send({ action: { type: 'pass' } }).expect(201);
    const seen = await waitFor(async () => stream.events.find((event) => event.data.gameId === first.gameId && event.data.version === 1), 10_000, 'the first event');
    expect(seen.event).toBe('your_turn');
    expect(seen.id).toBe(seen.data.cursor);
    // The data is what the OpenAPI document says it is (component AccountEventData).
    expect(contractChecker().component('AccountEventData')(seen.data)).toEqual([]);
    await stream.close();

    // While bob is away: he moves from another client, alice answers; in a second game of bob's, alice moves.
    await t.http.post(`/v1/games/${first.gameId}/actions`).set(bob.auth).send({ action: { type: 'pass' } }).expect(201);
    await t.http.post(`/v1/games/${first.gameId}/actions`).set(alice.auth).send({ action: { type: 'pass' } }).expect(201);
    await t.http.post(`/v1/games/${second.gameId}/actions`).set(second.alice.auth).send({ action: { type: 'pass' } }).expect(201);
    // Bob is not in `second` (startedToyGame made new users), so only the first game is his.
    const resumed = await connectSse(base, bob.auth, seen.id);
    await waitFor(async () => (newest(resumed.events.map((event) => event.data))[first.gameId] === 3 ? true : undefined), 10_000, 'the missed moves');
    expect(resumed.events.find((event) => event.data.gameId === first.gameId && event.data.version === 3)).toMatchObject({ event: 'your_turn', data: { yourTurn: true } });
    expect(resumed.events.some((event) => event.data.gameId === second.gameId)).toBe(false);
    // Then live, as before.
    await t.http.post(`/v1/games/${first.gameId}/actions`).set(bob.auth).send({ action: { type: 'pass' } }).expect(201);
    await waitFor(async () => (newest(resumed.events.map((event) => event.data))[first.gameId] === 4 ? true : undefined), 10_000, 'the live move');
    await resumed.close();
  });

  it('SSE: refuses an id it never gave, as a problem', async () => {
    const { bob } = await startedToyGame(t);
    const response = await fetch(`${base}/v1/me/events`, { headers: { ...bob.auth, 'last-event-id': 'yesterday' } });
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/problem\+json/);
    expect(((await response.json()) as { code: string }).code).toBe('INVALID_EVENT_ID');
  });

  it('GraphQL: accountEvents(after:) replays what was missed, then goes on live', async () => {
    const { alice, bob, gameId } = await startedToyGame(t);
    await t.http.post(`/v1/games/${gameId}/actions`).set(alice.auth).send({ action: { type: 'pass' } }).expect(201);
    const before = Date.now() - 60_000;
    const client = createClient({ url: `${base.replace('http', 'ws')}/graphql`, webSocketImpl: WebSocket, retryAttempts: 0, connectionParams: { authorization: `Bearer ${bob.token}` } });
    const received: { gameId: string; version: number; yourTurn: boolean; cursor: string }[] = [];
    const done = new Promise<void>((resolve, reject) => {
      client.subscribe<{ accountEvents: (typeof received)[number] }>(
        { query: 'subscription($after: String) { accountEvents(after: $after) { gameId version yourTurn cursor } }', variables: { after: `${before}-start` } },
        { next: (message) => void received.push(message.data!.accountEvents), error: reject, complete: resolve },
      );
    });
    try {
      await waitFor(async () => (received.some((event) => event.gameId === gameId && event.version === 1) ? true : undefined), 10_000, 'the replayed event');
      expect(received.find((event) => event.gameId === gameId)).toMatchObject({ version: 1, yourTurn: true, cursor: expect.stringMatching(/^\d+-/) });
      await t.http.post(`/v1/games/${gameId}/actions`).set(bob.auth).send({ action: { type: 'pass' } }).expect(201);
      await waitFor(async () => (received.some((event) => event.gameId === gameId && event.version === 2) ? true : undefined), 10_000, 'the live event');
    } finally {
      await client.dispose();
      await done.catch(() => {});
    }
  });
});
