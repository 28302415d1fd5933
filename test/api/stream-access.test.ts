import type { AddressInfo } from 'node:net';
import { createClient, type Client } from 'graphql-ws';
import { SignJWT } from 'jose';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountTopicOf, topicOf } from '../../src/graphql/updates.js';
import { loginAdmin, newUser, startTestApp, TEST_JWT_SECRET, type TestApp } from '../support/api.js';
import { connectSse } from '../support/sse.js';

/**
 * Live streams follow access (services/stream-access.ts): a stream ends, with a stated reason,
 * before the first event its subscriber may no longer read — over SSE (`event: closed`) and over
 * graphql-ws (an `error` message with the reason as `extensions.code`) — for each way of losing
 * access: leaving a private game, taking a seat while reading the spectators' chat, an API token
 * revoked, a login token expired, an account disabled.
 */
let t: TestApp;
let base: string;
let wsUrl: string;
beforeAll(async () => {
  t = await startTestApp({ listen: true });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  wsUrl = `${base.replace('http', 'ws')}/graphql`;
});
const clients: Client[] = [];
const streams: Awaited<ReturnType<typeof connectSse>>[] = [];
afterAll(async () => {
  // A stream left open (a failed test) would keep the server from closing.
  await Promise.all([...clients.map((client) => client.dispose()), ...streams.map((stream) => stream.close())]);
  await t?.close();
});
async function openSse(...args: Parameters<typeof connectSse>) {
  const stream = await connectSse(...args);
  streams.push(stream);
  return stream;
}

type User = Awaited<ReturnType<typeof newUser>>;

/** Polls `check` (every 20 ms) until it holds; fails after `ms` saying what it waited for. */
async function until(what: string, check: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const say = (gameId: string, user: User, channel: 'players' | 'spectators', text: string) =>
  t.http.post(`/v1/games/${gameId}/chat`).set(user.auth).send({ channel, text }).expect(201);

/** An open 3-seat toy game of `alice`; private games get seat 1 reserved for `invited` (who may then see and join it). */
async function openGame(alice: User, options: { private?: boolean; invited?: User } = {}): Promise<string> {
  const created = await t.http.post('/v1/games').set(alice.auth).send({ type: 'toy', seats: 3, private: options.private ?? false }).expect(201);
  const gameId = created.body.id as string;
  if (options.invited) await t.http.put(`/v1/games/${gameId}/seats/1`).set(alice.auth).send({ fill: 'reserved', username: options.invited.username }).expect(200);
  return gameId;
}
const join = (gameId: string, user: User) => t.http.post(`/v1/games/${gameId}/join`).set(user.auth).send({}).expect(200);
const leave = (gameId: string, user: User) => t.http.post(`/v1/games/${gameId}/leave`).set(user.auth).send({}).expect(200);

/** A login JWT of `user` signed as the server signs them, expiring in `seconds`. */
const shortLivedToken = (user: User, seconds: number) =>
  new SignJWT({ username: user.username, role: 'player' }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setSubject(user.id).setIssuer('boardgame-server')
    .setIssuedAt().setExpirationTime(Math.floor(Date.now() / 1000) + seconds).sign(new TextEncoder().encode(TEST_JWT_SECRET));

async function apiToken(user: User): Promise<{ id: string; token: string }> {
  const created = await t.http.post('/v1/me/tokens').set(user.auth).send({ name: 'stream', scopes: ['read'] }).expect(201);
  return { id: created.body.id, token: created.body.token };
}

/** An SSE stream's end: its `closed` event's data; the stream has ended after it. */
async function closedWith(stream: Awaited<ReturnType<typeof connectSse>>): Promise<Record<string, unknown>> {
  await until('the stream to end', () => stream.events.some((event) => event.event === 'closed'));
  await stream.ended;
  const last = stream.events.at(-1)!;
  expect(last.event).toBe('closed');
  return last.data as unknown as Record<string, unknown>;
}
const chatTexts = (stream: Awaited<ReturnType<typeof connectSse>>) =>
  stream.events.filter((event) => event.event === 'chat_message').map((event) => (event.data as unknown as { text: string }).text);

/** A graphql-ws subscription on a socket of its own: what it received, and the error that ended it. */
function subscribe(query: string, variables: Record<string, unknown>, authorization?: string) {
  const client = createClient({ url: wsUrl, webSocketImpl: WebSocket, retryAttempts: 0, lazy: true, connectionParams: authorization ? { authorization } : {} });
  clients.push(client);
  const received: { data?: Record<string, unknown> | null; errors?: unknown[] }[] = [];
  let failure: { extensions?: { code?: string; refusal?: string } }[] | null = null;
  let completed = false;
  client.subscribe({ query, variables }, {
    next: (message) => void received.push(message as (typeof received)[number]),
    error: (error) => void (failure = error as typeof failure),
    complete: () => void (completed = true),
  });
  return {
    received,
    /** The error that ended the subscription (an array of GraphQL errors, as graphql-ws hands it). */
    async failed() {
      await until('the subscription to end with an error', () => failure !== null || completed);
      expect(completed, 'completed without an error').toBe(false);
      expect(failure).toHaveLength(1);
      return failure![0]!.extensions!;
    },
  };
}

const CHAT = 'subscription($g: ID!, $c: ChatChannel!) { chatMessages(gameId: $g, channel: $c) { type message { text } } }';
const UPDATES = 'subscription($g: ID!) { gameUpdated(gameId: $g) { version status undoRequestsChanged } }';
const ACCOUNT = 'subscription { accountEvents { gameId version } }';

/** Posts `text` until the subscriber has received a message: then its subscription is registered for sure. */
async function chatEstablished(subscriber: ReturnType<typeof subscribe>, gameId: string, author: User, channel: 'players' | 'spectators') {
  for (let attempt = 0; subscriber.received.length === 0; attempt++) {
    if (attempt > 100) throw new Error('the chat subscription never received a message');
    await say(gameId, author, channel, 'hello');
    await until('a message or a pause', () => subscriber.received.length > 0, 200).catch(() => {});
  }
}

const heardTexts = (subscriber: ReturnType<typeof subscribe>) => subscriber.received.map((message) => (message.data!.chatMessages as { message: { text: string } | null }).message?.text);

/** Re-announces `topic` every 20 ms until the subscriber has received something: then it is registered. */
async function established(subscriber: ReturnType<typeof subscribe>, topic: string, payload: unknown) {
  const ping = () => t.app.graphql.pubsub.publish({ topic, payload });
  ping();
  const timer = setInterval(ping, 20);
  try {
    await until('the subscription to be established', () => subscriber.received.length > 0);
  } finally {
    clearInterval(timer);
  }
}

describe('SSE streams follow access', () => {
  it('a player who leaves a private game stops receiving its players\u2019 chat: `closed` ACCESS_LOST before the next message', async () => {
    const alice = await newUser(t, 'alice');
    const bob = await newUser(t, 'bob');
    const gameId = await openGame(alice, { private: true, invited: bob });
    await join(gameId, bob);
    const stream = await openSse(base, bob.auth, undefined, `/v1/games/${gameId}/chat/events?channel=players`);
    await say(gameId, alice, 'players', 'before');
    await until('the first message', () => chatTexts(stream).length === 1);

    await leave(gameId, bob);
    await t.http.get(`/v1/games/${gameId}/chat?channel=players`).set(bob.auth).expect(404);
    await say(gameId, alice, 'players', 'after bob left');
    expect(await closedWith(stream)).toMatchObject({ reason: 'ACCESS_LOST', refusal: 'NOT_FOUND' });
    expect(chatTexts(stream)).toEqual(['before']);
  });

  it('a spectator who takes a seat stops receiving the spectators\u2019 chat: `closed` ACCESS_LOST (CHAT_CHANNEL_CLOSED)', async () => {
    const alice = await newUser(t, 'alice');
    const carol = await newUser(t, 'carol');
    const dave = await newUser(t, 'dave');
    const gameId = await openGame(alice);
    const stream = await openSse(base, carol.auth, undefined, `/v1/games/${gameId}/chat/events?channel=spectators`);
    await say(gameId, dave, 'spectators', 'before');
    await until('the first message', () => chatTexts(stream).length === 1);

    await join(gameId, carol);
    expect((await t.http.get(`/v1/games/${gameId}/chat?channel=spectators`).set(carol.auth).expect(403)).body.code).toBe('CHAT_CHANNEL_CLOSED');
    await say(gameId, dave, 'spectators', 'what the onlookers think of carol');
    expect(await closedWith(stream)).toMatchObject({ reason: 'ACCESS_LOST', refusal: 'CHAT_CHANNEL_CLOSED' });
    expect(chatTexts(stream)).toEqual(['before']);
  });

  it('an account stream opened with an API token ends when the token is revoked: `closed` TOKEN_REVOKED, nothing after', async () => {
    const alice = await newUser(t, 'alice');
    const bob = await newUser(t, 'bob');
    const { id, token } = await apiToken(alice);
    const stream = await openSse(base, { Authorization: `Bearer ${token}` });
    const gameId = await openGame(alice);
    await join(gameId, bob);
    await t.http.put(`/v1/games/${gameId}/seats/2`).set(alice.auth).send({ fill: 'bot' }).expect(200);
    await until('the start', () => stream.events.some((event) => event.data.gameId === gameId));

    // Counted before the revocation: it is pushed to the stream (LISTEN/NOTIFY), so `closed` may well
    // arrive before the DELETE's answer does.
    const beforeRevoke = stream.events.length;
    await t.http.delete(`/v1/me/tokens/${id}`).set(alice.auth).expect(204);
    await t.http.post(`/v1/games/${gameId}/resign`).set(bob.auth).send({}).expect(200);
    expect(await closedWith(stream)).toMatchObject({ reason: 'TOKEN_REVOKED' });
    // Nothing after the revocation tells the revoked token of the resign; `closed` is the last event.
    const afterRevoke = stream.events.slice(beforeRevoke);
    expect(afterRevoke.filter((event) => event.data.status === 'finished')).toEqual([]);
    expect(afterRevoke.filter((event) => event.event === 'closed')).toHaveLength(1);
  });

  it('a revocation in one server process ends the stream another process serves (LISTEN/NOTIFY), without waiting for an event', async () => {
    const other = await startTestApp({ listen: true, databaseUrl: t.databaseUrl, startWorkers: false });
    try {
      const alice = await newUser(t, 'alice');
      const { id, token } = await apiToken(alice);
      const otherBase = `http://127.0.0.1:${(other.app.server.address() as AddressInfo).port}`;
      const stream = await openSse(otherBase, { Authorization: `Bearer ${token}` });
      await t.http.delete(`/v1/me/tokens/${id}`).set(alice.auth).expect(204);
      expect(await closedWith(stream)).toMatchObject({ reason: 'TOKEN_REVOKED' });
    } finally {
      await other.close();
    }
  });

  it('a chat stream opened with an API token ends when the token is revoked, without waiting for a message', async () => {
    const alice = await newUser(t, 'alice');
    const { id, token } = await apiToken(alice);
    const gameId = await openGame(alice);
    const stream = await openSse(base, { Authorization: `Bearer ${token}` }, undefined, `/v1/games/${gameId}/chat/events?channel=players`);
    await say(gameId, alice, 'players', 'before');
    await until('the first message', () => chatTexts(stream).length === 1);
    await t.http.delete(`/v1/me/tokens/${id}`).set(alice.auth).expect(204);
    expect(await closedWith(stream)).toMatchObject({ reason: 'TOKEN_REVOKED' });
    expect(chatTexts(stream)).toEqual(['before']);
  });

  it('an account stream opened with a stream ticket follows the credential that asked for the ticket: revoking that API token ends it', async () => {
    const alice = await newUser(t, 'alice');
    const { id, token } = await apiToken(alice);
    const ticket = (await t.http.post('/v1/me/stream-tickets').set({ Authorization: `Bearer ${token}` }).send({}).expect(201)).body.ticket as string;
    const stream = await openSse(base, {}, undefined, `/v1/me/events?ticket=${encodeURIComponent(ticket)}`);
    await t.http.delete(`/v1/me/tokens/${id}`).set(alice.auth).expect(204);
    expect(await closedWith(stream)).toMatchObject({ reason: 'TOKEN_REVOKED' });
  });

  it('a stream opened with a login token ends at the token\u2019s expiry: `closed` TOKEN_EXPIRED', async () => {
    const alice = await newUser(t, 'alice');
    const gameId = await openGame(alice);
    const token = await shortLivedToken(alice, 2);
    const stream = await openSse(base, { Authorization: `Bearer ${token}` }, undefined, `/v1/games/${gameId}/chat/events?channel=players`);
    expect(await closedWith(stream)).toMatchObject({ reason: 'TOKEN_EXPIRED' });
    await t.http.get(`/v1/games/${gameId}/chat?channel=players`).set({ Authorization: `Bearer ${token}` }).expect(401);
  });

  it('a disabled account\u2019s chat and account streams end: `closed` ACCOUNT_DISABLED', async () => {
    const admin = await loginAdmin(t);
    const alice = await newUser(t, 'alice');
    const bob = await newUser(t, 'bob');
    const gameId = await openGame(alice);
    await join(gameId, bob);
    const chat = await openSse(base, bob.auth, undefined, `/v1/games/${gameId}/chat/events?channel=players`);
    const account = await openSse(base, bob.auth);
    await say(gameId, alice, 'players', 'before');
    await until('the first message', () => chatTexts(chat).length === 1);

    await t.http.post(`/v1/admin/users/${bob.id}/disable`).set(admin).send({}).expect(200);
    await say(gameId, alice, 'players', 'after bob was disabled');
    expect(await closedWith(chat)).toMatchObject({ reason: 'ACCOUNT_DISABLED' });
    expect(await closedWith(account)).toMatchObject({ reason: 'ACCOUNT_DISABLED' });
    expect(chatTexts(chat)).toEqual(['before']);
  });
});

describe('graphql-ws subscriptions follow access', () => {
  it('a player who leaves a private game: chatMessages and gameUpdated end with ACCESS_LOST before the next event', async () => {
    const alice = await newUser(t, 'alice');
    const bob = await newUser(t, 'bob');
    const gameId = await openGame(alice, { private: true, invited: bob });
    await join(gameId, bob);
    const chat = subscribe(CHAT, { g: gameId, c: 'players' }, `Bearer ${bob.token}`);
    const updates = subscribe(UPDATES, { g: gameId }, `Bearer ${bob.token}`);
    await chatEstablished(chat, gameId, alice, 'players');
    await until('the game as it is', () => updates.received.length > 0);

    await leave(gameId, bob);
    await say(gameId, alice, 'players', 'after bob left');
    // The game starts (a version of its own) with a bot in each free seat.
    await t.http.put(`/v1/games/${gameId}/seats/1`).set(alice.auth).send({ fill: 'bot' }).expect(200);
    await t.http.put(`/v1/games/${gameId}/seats/2`).set(alice.auth).send({ fill: 'bot' }).expect(200);
    expect(await chat.failed()).toMatchObject({ code: 'ACCESS_LOST', refusal: 'NOT_FOUND' });
    expect(await updates.failed()).toMatchObject({ code: 'ACCESS_LOST', refusal: 'NOT_FOUND' });
    expect(heardTexts(chat)).not.toContain('after bob left');
    expect(updates.received.map((message) => (message.data!.gameUpdated as { version: number }).version)).toEqual([0]);
  });

  it('a spectator who takes a seat: chatMessages of the spectators ends with ACCESS_LOST (CHAT_CHANNEL_CLOSED)', async () => {
    const alice = await newUser(t, 'alice');
    const carol = await newUser(t, 'carol');
    const dave = await newUser(t, 'dave');
    const gameId = await openGame(alice);
    const chat = subscribe(CHAT, { g: gameId, c: 'spectators' }, `Bearer ${carol.token}`);
    await chatEstablished(chat, gameId, dave, 'spectators');

    await join(gameId, carol);
    await say(gameId, dave, 'spectators', 'what the onlookers think of carol');
    expect(await chat.failed()).toMatchObject({ code: 'ACCESS_LOST', refusal: 'CHAT_CHANNEL_CLOSED' });
    expect(heardTexts(chat)).not.toContain('what the onlookers think of carol');
  });

  it('accountEvents opened with an API token ends with TOKEN_REVOKED when the token is revoked', async () => {
    const alice = await newUser(t, 'alice');
    const { id, token } = await apiToken(alice);
    const events = subscribe(ACCOUNT, {}, `Bearer ${token}`);
    const gameId = await openGame(alice);
    const event = { type: 'game_updated', gameId, gameType: 'toy', version: 0, status: 'open', yourTurn: false, deadline: null };
    await established(events, accountTopicOf(alice.id), event);

    await t.http.delete(`/v1/me/tokens/${id}`).set(alice.auth).expect(204);
    // An event after the revocation (the pings before it had version 0) is never delivered.
    await t.app.graphql.pubsub.publish({ topic: accountTopicOf(alice.id), payload: { ...event, version: 1 } });
    expect(await events.failed()).toMatchObject({ code: 'TOKEN_REVOKED' });
    expect(events.received.map((message) => (message.data!.accountEvents as { version: number }).version)).not.toContain(1);
  });

  it('gameUpdated opened with a login token ends with TOKEN_EXPIRED at its expiry', async () => {
    const alice = await newUser(t, 'alice');
    const gameId = await openGame(alice);
    const updates = subscribe(UPDATES, { g: gameId }, `Bearer ${await shortLivedToken(alice, 2)}`);
    await until('the game as it is', () => updates.received.length > 0);
    expect(await updates.failed()).toMatchObject({ code: 'TOKEN_EXPIRED' });
  });

  it('a disabled account\u2019s gameUpdated and chatMessages end with ACCOUNT_DISABLED', async () => {
    const admin = await loginAdmin(t);
    const alice = await newUser(t, 'alice');
    const bob = await newUser(t, 'bob');
    const gameId = await openGame(alice);
    await join(gameId, bob);
    const updates = subscribe(UPDATES, { g: gameId }, `Bearer ${bob.token}`);
    const chat = subscribe(CHAT, { g: gameId, c: 'players' }, `Bearer ${bob.token}`);
    await chatEstablished(chat, gameId, alice, 'players');
    await established(updates, topicOf(gameId), { gameId, version: 0 });

    await t.http.post(`/v1/admin/users/${bob.id}/disable`).set(admin).send({}).expect(200);
    // An update after the disabling (told apart from the pings before it) is never delivered, nor a message.
    await t.app.graphql.pubsub.publish({ topic: topicOf(gameId), payload: { gameId, version: 0, undoRequestsChanged: true } });
    await say(gameId, alice, 'players', 'after bob was disabled');
    expect(await updates.failed()).toMatchObject({ code: 'ACCOUNT_DISABLED' });
    expect(await chat.failed()).toMatchObject({ code: 'ACCOUNT_DISABLED' });
    expect(updates.received.some((message) => (message.data!.gameUpdated as { undoRequestsChanged: boolean }).undoRequestsChanged)).toBe(false);
    expect(heardTexts(chat)).not.toContain('after bob was disabled');
  });
});

describe('the re-check costs no query per subscriber', () => {
  it('loads the game once per chat message for every SSE and GraphQL subscriber of the process', async () => {
    const alice = await newUser(t, 'alice');
    const dave = await newUser(t, 'dave');
    const gameId = await openGame(alice);
    const watchers = await Promise.all(Array.from({ length: 3 }, async () => newUser(t, 'watcher')));
    const sse = await Promise.all([...watchers.map((watcher) => watcher.auth), {}].map((auth) => openSse(base, auth, undefined, `/v1/games/${gameId}/chat/events?channel=spectators`)));
    const graphql = [subscribe(CHAT, { g: gameId, c: 'spectators' }, `Bearer ${watchers[0]!.token}`), subscribe(CHAT, { g: gameId, c: 'spectators' })];
    for (const subscriber of graphql) await chatEstablished(subscriber, gameId, dave, 'spectators');
    await until('every SSE stream to hear the first messages', () => sse.every((stream) => chatTexts(stream).length > 0));

    // Count the statements that load a game (as test/api/subscriptions.test.ts does for game updates).
    const db = t.app.services.db;
    const original = db.$queryRaw;
    let gameLoads = 0;
    db.$queryRaw = ((...args: Parameters<typeof original>) => {
      if (String((args[0] as unknown as { strings?: string[] }).strings?.join('') ?? args[0]).includes('FROM games g')) gameLoads++;
      return original.apply(db, args);
    }) as typeof original;
    try {
      await say(gameId, dave, 'spectators', 'counted');
      await until('every subscriber to hear it', () => sse.every((stream) => chatTexts(stream).includes('counted')) && graphql.every((subscriber) => heardTexts(subscriber).includes('counted')));
      // One load to post it (the author's access), one for all six subscribers' re-check.
      expect(gameLoads).toBe(2);
    } finally {
      db.$queryRaw = original;
    }
  });
});
