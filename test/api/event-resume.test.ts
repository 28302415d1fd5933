import type { AddressInfo } from 'node:net';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUser, startedToyGame, startTestApp, type TestApp } from '../support/api.js';
import { contractChecker } from '../support/contract.js';
import { connectSse } from '../support/sse.js';
import { waitFor } from '../support/wait.js';

/**
 * The account event stream resumes after a disconnect: SSE with Last-Event-ID (what EventSource
 * sends when it reconnects) and GraphQL `accountEvents(after:)`. Every event missed while the client
 * was away reaches it on reconnection, once and in order, within the window (RESUME_EVENTS_PER_GAME,
 * here 25); beyond it a `gap` event says what to reload. Stream tickets open the stream without
 * Authorization (EventSource), once.
 */
let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await startTestApp({ listen: true, config: { resumeEventsPerGame: 25 } });
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
    const seen = await waitFor(async () => stream.events.find((event) => event.data.gameId === first.gameId && event.data.version === 2), 10_000, 'the first event');
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
    await waitFor(async () => (newest(resumed.events.map((event) => event.data))[first.gameId] === 4 ? true : undefined), 10_000, 'the missed moves');
    expect(resumed.events.find((event) => event.data.gameId === first.gameId && event.data.version === 4)).toMatchObject({ event: 'your_turn', data: { yourTurn: true } });
    expect(resumed.events.some((event) => event.data.gameId === second.gameId)).toBe(false);
    // Then live, as before.
    await t.http.post(`/v1/games/${first.gameId}/actions`).set(bob.auth).send({ action: { type: 'pass' } }).expect(201);
    await waitFor(async () => (newest(resumed.events.map((event) => event.data))[first.gameId] === 5 ? true : undefined), 10_000, 'the live move');
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
      await waitFor(async () => (received.some((event) => event.gameId === gameId && event.version === 2) ? true : undefined), 10_000, 'the replayed event');
      // Every event replayed from the log, in order: the start (alice to act), then alice's move (bob to act).
      expect(received.filter((event) => event.gameId === gameId).map(({ version, yourTurn }) => ({ version, yourTurn }))).toEqual([{ version: 1, yourTurn: false }, { version: 2, yourTurn: true }]);
      expect(received.find((event) => event.gameId === gameId && event.version === 2)).toMatchObject({ yourTurn: true, cursor: expect.stringMatching(/^\d+-/) });
      await t.http.post(`/v1/games/${gameId}/actions`).set(bob.auth).send({ action: { type: 'pass' } }).expect(201);
      await waitFor(async () => (received.some((event) => event.gameId === gameId && event.version === 3) ? true : undefined), 10_000, 'the live event');
    } finally {
      await client.dispose();
      await done.catch(() => {});
    }
  });

  it('SSE: a client that missed 20 moves gets each of them once and in order on reconnection, with its turn in each', async () => {
    const { alice, bob, gameId } = await startedToyGame(t, { rounds: 20 });
    const stream = await connectSse(base, bob.auth);
    await t.http.post(`/v1/games/${gameId}/actions`).set(alice.auth).send({ action: { type: 'pass' } }).expect(201);
    const seen = await waitFor(async () => stream.events.find((event) => event.data.gameId === gameId && event.data.version === 2), 10_000, 'the first move');
    await stream.close();
    // 20 moves while bob's stream is away (versions 3 to 22): bob passes from another client, alice answers.
    for (let version = 3; version <= 22; version++) await t.http.post(`/v1/games/${gameId}/actions`).set(version % 2 === 1 ? bob.auth : alice.auth).send({ action: { type: 'pass' }, expectedVersion: version - 1 }).expect(201);
    const resumed = await connectSse(base, bob.auth, seen.id);
    await waitFor(async () => (resumed.events.some((event) => event.data.version === 22) ? true : undefined), 10_000, 'the missed moves');
    const ofGame = resumed.events.filter((event) => event.data.gameId === gameId);
    expect(ofGame.map((event) => event.data.version)).toEqual(Array.from({ length: 20 }, (_, i) => i + 3));
    // Alice moved at even versions: then it is bob's turn.
    expect(ofGame.map((event) => event.data.yourTurn)).toEqual(ofGame.map((event) => event.data.version % 2 === 0));
    expect(ofGame.map((event) => event.event)).toEqual(ofGame.map((event) => (event.data.yourTurn ? 'your_turn' : 'game_updated')));
    const check = contractChecker().component('AccountEventData');
    for (const event of ofGame) {
      expect(check(event.data)).toEqual([]);
      expect(event.id).toBe(event.data.cursor);
    }
    // The ids resume as exactly: from the tenth, the ten after it.
    const again = await connectSse(base, bob.auth, ofGame[9]!.id);
    await waitFor(async () => (again.events.some((event) => event.data.version === 22) ? true : undefined), 10_000, 'the rest');
    expect(again.events.filter((event) => event.data.gameId === gameId).map((event) => event.data.version)).toEqual(Array.from({ length: 10 }, (_, i) => i + 13));
    await Promise.all([resumed.close(), again.close()]);
  });

  it('SSE: beyond the window, a gap event names what to reload, then the newest event; an id older than the time window gets an account-wide gap', async () => {
    const { alice, bob, gameId } = await startedToyGame(t, { rounds: 20 });
    await t.http.post(`/v1/games/${gameId}/actions`).set(alice.auth).send({ action: { type: 'pass' } }).expect(201);
    const stream = await connectSse(base, bob.auth, `${Date.now() - 60_000}-${gameId}:1`);
    const seen = await waitFor(async () => stream.events.find((event) => event.data.version === 2), 10_000, 'the first move');
    await stream.close();
    // 30 missed moves, more than the window's 25.
    for (let version = 3; version <= 32; version++) await t.http.post(`/v1/games/${gameId}/actions`).set(version % 2 === 1 ? bob.auth : alice.auth).send({ action: { type: 'pass' } }).expect(201);
    const resumed = await connectSse(base, bob.auth, seen.id);
    await waitFor(async () => (resumed.events.some((event) => event.data.version === 32) ? true : undefined), 10_000, 'the newest event');
    const ofGame = resumed.events.filter((event) => event.data.gameId === gameId);
    expect(ofGame.map((event) => event.event)).toEqual(['gap', 'your_turn']);
    expect(ofGame[0]!.data).toEqual({ type: 'gap', gameId, gameType: 'toy', fromVersion: 3, version: 32 });
    expect(contractChecker().component('StreamGapData')(ofGame[0]!.data)).toEqual([]);
    expect(ofGame[1]!.data).toMatchObject({ version: 32, yourTurn: true });
    await resumed.close();

    // An id from two hours ago: the whole account may have missed events.
    const old = await connectSse(base, bob.auth, `${Date.now() - 2 * 3600_000}-${gameId}:2`);
    await waitFor(async () => (old.events.some((event) => event.data.version === 32) ? true : undefined), 10_000, 'the newest event');
    expect(old.events[0]).toMatchObject({ event: 'gap', data: { type: 'gap', gameId: null, fromVersion: null, version: null } });
    expect(old.events.filter((event) => event.data.gameId === gameId).map((event) => event.data.version)).toEqual([32]);
    await old.close();
  });

  it('SSE: the start has a version of its own (1), delivered once between the open game and the first move', async () => {
    const alice = await newUser(t, 'alice');
    const bob = await newUser(t, 'bob');
    const { body: game } = await t.http.post('/v1/games').set(alice.auth).send({ type: 'toy', seats: 2 }).expect(201);
    const stream = await connectSse(base, bob.auth);
    await t.http.post(`/v1/games/${game.id}/join`).set(bob.auth).send({}).expect(200);
    await t.http.post(`/v1/games/${game.id}/actions`).set(alice.auth).send({ action: { type: 'pass' } }).expect(201);
    await waitFor(async () => (stream.events.some((event) => event.data.version === 2) ? true : undefined), 10_000, 'the first move');
    expect(stream.events.map((event) => [event.data.version, event.data.status, event.data.yourTurn])).toEqual([[1, 'active', false], [2, 'active', true]]);
    await stream.close();
  });

  it('SSE: a stream ticket opens the stream without Authorization once, then is refused', async () => {
    const { alice, bob, gameId } = await startedToyGame(t);
    const { body: issued } = await t.http.post('/v1/me/stream-tickets').set(bob.auth).expect(201);
    expect(issued).toEqual({ ticket: expect.stringMatching(/^st_/), expiresAt: expect.any(String) });
    expect(new Date(issued.expiresAt).getTime() - Date.now()).toBeLessThanOrEqual(60_000);
    const stream = await connectSse(base, {}, undefined, `/v1/me/events?ticket=${encodeURIComponent(issued.ticket)}`);
    await t.http.post(`/v1/games/${gameId}/actions`).set(alice.auth).send({ action: { type: 'pass' } }).expect(201);
    expect(await waitFor(async () => stream.events.find((event) => event.data.gameId === gameId), 10_000, 'the move')).toMatchObject({ event: 'your_turn', data: { version: 2 } });
    await stream.close();
    for (const query of [`ticket=${encodeURIComponent(issued.ticket)}`, 'ticket=st_never-issued']) {
      const refused = await fetch(`${base}/v1/me/events?${query}`);
      expect(refused.status).toBe(401);
      expect(((await refused.json()) as { code: string }).code).toBe('INVALID_TICKET');
    }
    expect((await fetch(`${base}/v1/me/events`)).status).toBe(401);
    expect((await t.http.post('/v1/me/stream-tickets').expect(401)).body.code).toBe('UNAUTHENTICATED');
  });
});
