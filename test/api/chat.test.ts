import type { AddressInfo } from 'node:net';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { loginAdmin, newUser, startedToyGame, startTestApp, type TestApp } from '../support/api.js';
import { postGraphql } from '../support/graphql.js';
import { connectSse } from '../support/sse.js';
import { waitFor } from '../support/wait.js';

/**
 * Chat at the table: who reads and writes which channel, paging, plain-text limits, the per-account
 * rate limit (REST and GraphQL in one bucket), admin moderation (delete, mute), live delivery (SSE
 * and the GraphQL subscription), and that a take-back leaves chat alone.
 */
let t: TestApp;
let base: string;
const clients: Client[] = [];
beforeAll(async () => {
  t = await startTestApp({
    listen: true,
    config: { rateLimits: loadConfig({ RATE_LIMIT_CHAT_PER_ACCOUNT: '6/60', RATE_LIMIT_CHAT_PER_IP: '1000/60', RATE_LIMIT_REGISTER_PER_IP: '1000/60', RATE_LIMIT_LOGIN_PER_IP: '1000/60' }).rateLimits },
  });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await Promise.all(clients.map((client) => client.dispose()));
  await t?.close();
});

const say = (gameId: string, auth: Record<string, string>, channel: string, text: string) => t.http.post(`/v1/games/${gameId}/chat`).set(auth).send({ channel, text });
const page = (gameId: string, auth: Record<string, string> | null, channel: string, query = '') => {
  const request = t.http.get(`/v1/games/${gameId}/chat?channel=${channel}${query}`);
  return auth ? request.set(auth) : request;
};
/** Until `check` holds (waitFor stops at any value but undefined). */
const until = (check: () => boolean | Promise<boolean>) => waitFor(async () => ((await check()) ? true : undefined), 10_000);
const texts = (body: { items: { text: string }[] }) => body.items.map((item) => item.text);

describe('chat channels', () => {
  it('players talk among themselves, spectators among themselves; after the game everyone reads both', async () => {
    const { alice, bob, gameId } = await startedToyGame(t, { rounds: 1 });
    const carol = await newUser(t, 'carol');
    const posted = await say(gameId, alice.auth, 'players', 'Good luck, Bob').expect(201);
    expect(posted.body).toMatchObject({ gameId, channel: 'players', author: alice.username, text: 'Good luck, Bob' });
    await say(gameId, carol.auth, 'spectators', 'Bob will lose').expect(201);

    expect(texts((await page(gameId, bob.auth, 'players').expect(200)).body)).toEqual(['Good luck, Bob']);
    // Onlookers neither read nor write the players' channel while the game runs, and players stay out of theirs.
    expect((await page(gameId, carol.auth, 'players').expect(403)).body.code).toBe('CHAT_CHANNEL_CLOSED');
    expect((await page(gameId, null, 'players').expect(403)).body.code).toBe('CHAT_CHANNEL_CLOSED');
    expect((await say(gameId, carol.auth, 'players', 'hi').expect(403)).body.code).toBe('CHAT_CHANNEL_CLOSED');
    expect((await page(gameId, bob.auth, 'spectators').expect(403)).body.code).toBe('CHAT_CHANNEL_CLOSED');
    expect((await say(gameId, bob.auth, 'spectators', 'hi').expect(403)).body.code).toBe('CHAT_CHANNEL_CLOSED');
    expect(texts((await page(gameId, null, 'spectators').expect(200)).body)).toEqual(['Bob will lose']);
    expect(texts((await page(gameId, await loginAdmin(t), 'players').expect(200)).body)).toEqual(['Good luck, Bob']);

    await t.http.post(`/v1/games/${gameId}/actions`).set(alice.auth).send({ action: { type: 'pass' } }).expect(201);
    await t.http.post(`/v1/games/${gameId}/actions`).set(bob.auth).send({ action: { type: 'pass' } }).expect(201);
    expect((await t.http.get(`/v1/games/${gameId}`).expect(200)).body.status).toBe('finished');
    expect(texts((await page(gameId, carol.auth, 'players').expect(200)).body)).toEqual(['Good luck, Bob']);
    expect(texts((await page(gameId, bob.auth, 'spectators').expect(200)).body)).toEqual(['Bob will lose']);
    await say(gameId, bob.auth, 'players', 'gg').expect(201);
  });

  it('a private game\u2019s chat is as hidden as the game', async () => {
    const alice = await newUser(t, 'alice');
    const outsider = await newUser(t, 'eve');
    const gameId = (await t.http.post('/v1/games').set(alice.auth).send({ type: 'toy', seats: 2, private: true }).expect(201)).body.id;
    await say(gameId, alice.auth, 'players', 'secret plans').expect(201);
    expect((await page(gameId, outsider.auth, 'spectators').expect(404)).body.code).toBe('NOT_FOUND');
    expect((await say(gameId, outsider.auth, 'spectators', 'hello').expect(404)).body.code).toBe('NOT_FOUND');
  });

  it('pages newest first with `before`, and says whether older messages exist', async () => {
    const { alice, gameId } = await startedToyGame(t);
    const ids: number[] = [];
    for (const text of ['one', 'two', 'three', 'four', 'five']) ids.push((await say(gameId, alice.auth, 'players', text).expect(201)).body.id);
    const first = (await page(gameId, alice.auth, 'players', '&limit=2').expect(200)).body;
    expect(texts(first)).toEqual(['five', 'four']);
    expect(first.hasMore).toBe(true);
    const second = (await page(gameId, alice.auth, 'players', `&limit=2&before=${first.items[1].id}`).expect(200)).body;
    expect(texts(second)).toEqual(['three', 'two']);
    const last = (await page(gameId, alice.auth, 'players', `&limit=2&before=${second.items[1].id}`).expect(200)).body;
    expect(texts(last)).toEqual(['one']);
    expect(last.hasMore).toBe(false);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect((await page(gameId, alice.auth, 'players', '&limit=101').expect(400)).body.code).toBe('VALIDATION_FAILED');
    expect((await page(gameId, alice.auth, 'lobby').expect(400)).body.code).toBe('VALIDATION_FAILED');

    const graphql = await postGraphql(t, `query($g: ID!, $b: ID) { chat(gameId: $g, channel: players, first: 3, before: $b) { messages { id text author } hasMore } }`, { g: gameId, b: String(ids[4]) }, `Bearer ${alice.token}`);
    expect(graphql.errors).toBeUndefined();
    expect((graphql.data as { chat: { messages: { text: string }[]; hasMore: boolean } }).chat).toMatchObject({ messages: [{ text: 'four' }, { text: 'three' }, { text: 'two' }], hasMore: true });
  });
});

describe('chat limits', () => {
  it('plain text only: trimmed, 1 to 500 characters, markup kept as typed, control characters refused', async () => {
    const { alice, gameId } = await startedToyGame(t);
    const markup = '<script>alert("x")</script> <b>bold</b> & co';
    expect((await say(gameId, alice.auth, 'players', `  ${markup}\n`).expect(201)).body.text).toBe(markup);
    expect((await say(gameId, alice.auth, 'players', '   ').expect(400)).body.code).toBe('INVALID_CHAT_MESSAGE');
    expect((await say(gameId, alice.auth, 'players', 'x'.repeat(501)).expect(400)).body.code).toBe('INVALID_CHAT_MESSAGE');
    expect((await say(gameId, alice.auth, 'players', 'bell\u0007').expect(400)).body.code).toBe('INVALID_CHAT_MESSAGE');
    await say(gameId, alice.auth, 'players', '\u{1F600}'.repeat(500)).expect(201);
    expect((await t.http.post(`/v1/games/${gameId}/chat`).set(alice.auth).send({ channel: 'players', text: 'hi', html: true }).expect(400)).body.code).toBe('VALIDATION_FAILED');
    expect((await t.http.post(`/v1/games/${gameId}/chat`).send({ channel: 'players', text: 'hi' }).expect(401)).body.code).toBe('UNAUTHENTICATED');
    expect(texts((await page(gameId, alice.auth, 'players').expect(200)).body)).toEqual(['\u{1F600}'.repeat(500), markup]);
  });

  it('counts each account\u2019s messages, REST and GraphQL alike, and answers 429 with Retry-After past the limit', async () => {
    const { alice, bob, gameId } = await startedToyGame(t);
    for (let i = 0; i < 5; i++) await say(gameId, alice.auth, 'players', `message ${i}`).expect(201);
    const sixth = await postGraphql(t, 'mutation($g: ID!) { postChatMessage(gameId: $g, channel: players, text: "six") { id } }', { g: gameId }, `Bearer ${alice.token}`);
    expect(sixth.errors).toBeUndefined();
    const refused = await say(gameId, alice.auth, 'players', 'seven').expect(429);
    expect(refused.body.code).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const refusedGraphql = await postGraphql(t, 'mutation($g: ID!) { postChatMessage(gameId: $g, channel: players, text: "eight") { id } }', { g: gameId }, `Bearer ${alice.token}`);
    expect(refusedGraphql.errors?.[0]?.extensions).toMatchObject({ code: 'RATE_LIMITED', status: 429 });
    // Another account is not held back by Alice's count.
    await say(gameId, bob.auth, 'players', 'my turn to talk').expect(201);
    expect((await page(gameId, bob.auth, 'players', '&limit=100').expect(200)).body.items).toHaveLength(7);
  });
});

describe('chat moderation', () => {
  it('an admin deletes a message (gone for everyone) and mutes an account (refused everywhere until unmuted)', async () => {
    const { alice, bob, gameId } = await startedToyGame(t);
    const admin = await loginAdmin(t);
    const rude = (await say(gameId, bob.auth, 'players', 'something rude').expect(201)).body;
    await say(gameId, bob.auth, 'players', 'sorry').expect(201);
    expect((await t.http.delete(`/v1/admin/chat/${rude.id}`).set(alice.auth).expect(403)).body.code).toBe('ADMIN_ONLY');
    await t.http.delete(`/v1/admin/chat/${rude.id}`).set(admin).expect(204);
    expect((await t.http.delete(`/v1/admin/chat/${rude.id}`).set(admin).expect(404)).body.code).toBe('NOT_FOUND');
    expect(texts((await page(gameId, alice.auth, 'players').expect(200)).body)).toEqual(['sorry']);

    expect((await t.http.post(`/v1/admin/users/${bob.id}/mute`).set(alice.auth).expect(403)).body.code).toBe('ADMIN_ONLY');
    const muted = (await t.http.post(`/v1/admin/users/${bob.id}/mute`).set(admin).expect(200)).body;
    expect(muted).toMatchObject({ id: bob.id, username: bob.username });
    expect(muted.mutedAt).not.toBeNull();
    expect((await say(gameId, bob.auth, 'players', 'let me speak').expect(403)).body.code).toBe('ACCOUNT_MUTED');
    const viaGraphql = await postGraphql(t, 'mutation($g: ID!) { postChatMessage(gameId: $g, channel: players, text: "hello?") { id } }', { g: gameId }, `Bearer ${bob.token}`);
    expect(viaGraphql.errors?.[0]?.extensions?.code).toBe('ACCOUNT_MUTED');
    // Muted, still a player: the game goes on.
    await t.http.post(`/v1/games/${gameId}/actions`).set(alice.auth).send({ action: { type: 'pass' } }).expect(201);
    await t.http.post(`/v1/games/${gameId}/actions`).set(bob.auth).send({ action: { type: 'pass' } }).expect(201);

    const unmuted = await postGraphql(t, 'mutation($u: ID!) { adminMuteUser(id: $u, muted: false) { mutedAt } }', { u: bob.id }, admin.Authorization);
    expect(unmuted.errors).toBeUndefined();
    expect(unmuted.data).toEqual({ adminMuteUser: { mutedAt: null } });
    await say(gameId, bob.auth, 'players', 'thanks').expect(201);
    expect(texts((await page(gameId, alice.auth, 'players').expect(200)).body)).toEqual(['thanks', 'sorry']);
  });

  it('a take-back never removes chat', async () => {
    const { alice, gameId } = await startedToyGame(t);
    await say(gameId, alice.auth, 'players', 'before my move').expect(201);
    await t.http.post(`/v1/games/${gameId}/actions`).set(alice.auth).send({ action: { type: 'pass' } }).expect(201);
    await say(gameId, alice.auth, 'players', 'oops, wrong move').expect(201);
    await t.http.post(`/v1/games/${gameId}/take-back`).set(alice.auth).expect(201);
    expect(texts((await page(gameId, alice.auth, 'players').expect(200)).body)).toEqual(['oops, wrong move', 'before my move']);
  });
});

describe('live chat', () => {
  it('reaches SSE and GraphQL subscribers of the channel, with deletions, and nobody else', async () => {
    const { alice, bob, gameId } = await startedToyGame(t);
    const carol = await newUser(t, 'carol');
    const admin = await loginAdmin(t);
    const players = await connectSse(base, bob.auth, undefined, `/v1/games/${gameId}/chat/events?channel=players`);
    const onlookers = await connectSse(base, carol.auth, undefined, `/v1/games/${gameId}/chat/events?channel=spectators`);
    const closed = await fetch(`${base}/v1/games/${gameId}/chat/events?channel=players`, { headers: carol.auth });
    expect(closed.status).toBe(403);
    expect(((await closed.json()) as { code: string }).code).toBe('CHAT_CHANNEL_CLOSED');

    const graphqlEvents: unknown[] = [];
    const client = createClient({ url: `${base.replace('http', 'ws')}/graphql`, webSocketImpl: WebSocket, retryAttempts: 0, lazy: true, connectionParams: { authorization: `Bearer ${alice.token}` } });
    clients.push(client);
    let subscribed = false;
    client.subscribe({ query: `subscription($g: ID!) { chatMessages(gameId: $g, channel: players) { type deletedId message { id author text channel } } }`, variables: { g: gameId } }, {
      next: (message) => graphqlEvents.push(message),
      error: (error) => graphqlEvents.push({ error }),
      complete: () => {},
    });
    client.on('connected', () => (subscribed = true));
    await until(() => subscribed);
    // The subscription is registered once its socket answered the first message: a message sent until it arrives.
    let hello: { id: number } | null = null;
    await until(async () => {
      if (graphqlEvents.length > 0) return true;
      hello = (await say(gameId, alice.auth, 'players', 'hello').expect(201)).body;
      await new Promise((resolve) => setTimeout(resolve, 100));
      return graphqlEvents.length > 0;
    });
    const watched = (await say(gameId, carol.auth, 'spectators', 'watching').expect(201)).body;
    await t.http.delete(`/v1/admin/chat/${hello!.id}`).set(admin).expect(204);

    await until(() => players.events.some((event) => event.event === 'chat_message_deleted'));
    const bobHeard = players.events.filter((event) => event.event === 'chat_message').map((event) => (event.data as unknown as { text: string }).text);
    expect(new Set(bobHeard)).toEqual(new Set(['hello']));
    expect(players.events.find((event) => event.event === 'chat_message_deleted')!.data).toEqual({ id: hello!.id, channel: 'players' });
    await until(() => onlookers.events.length > 0);
    expect(onlookers.events.map((event) => [event.event, event.id, (event.data as unknown as { text: string }).text])).toEqual([['chat_message', String(watched.id), 'watching']]);
    await until(() => graphqlEvents.some((event) => JSON.stringify(event).includes('"deleted"')));
    const received = graphqlEvents as { data: { chatMessages: { type: string; deletedId: string | null; message: { text: string; channel: string } | null } } }[];
    expect(received.every((event) => event.data.chatMessages.type === 'deleted' || event.data.chatMessages.message!.channel === 'players')).toBe(true);
    expect(received.at(-1)!.data.chatMessages).toEqual({ type: 'deleted', deletedId: String(hello!.id), message: null });
    await players.close();
    await onlookers.close();
  });
});
