import type { AddressInfo } from 'node:net';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUser, startedToyGame, startTestApp, type TestApp } from '../support/api.js';
import { codeOf, postGraphql } from '../support/graphql.js';
import { waitFor } from '../support/wait.js';

/** The asynchronous-play features over GraphQL: the same use cases and codes as REST. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ listen: true });
});
afterAll(async () => t?.close());

const gql = (query: string, variables: Record<string, unknown>, token?: string) => postGraphql(t, query, variables, token);
const GAME = 'id status version activeSeats deadline private timeControl seats { seat username bot reservedFor resigned }';

describe('lobby and seats', () => {
  it('creates private and timed games, invites, fills seats with bots, and lists the lobby', async () => {
    const [host, guest] = [await newUser(t), await newUser(t)];
    const created = await gql(`mutation($tc: JSON) { createGame(type: "toy", seats: 3, private: true, timeControl: $tc) { ${GAME} } }`,
      { tc: { kind: 'per-move', moveSeconds: 3600 } }, host.token);
    expect(created.data.createGame).toMatchObject({ private: true, timeControl: { kind: 'per-move', moveSeconds: 3600 } });
    const gameId = created.data.createGame.id;
    expect(codeOf(await gql('mutation($tc: JSON) { createGame(type: "toy", seats: 2, timeControl: $tc) { id } }', { tc: { kind: 'sundial' } }, host.token))).toBe('INVALID_TIME_CONTROL');

    const SEAT = `mutation($g: ID!, $s: Int!, $f: SeatFill!, $u: String) { configureSeat(gameId: $g, seat: $s, fill: $f, username: $u) { ${GAME} } }`;
    expect(codeOf(await gql(SEAT, { g: gameId, s: 1, f: 'reserved' }, host.token))).toBe('VALIDATION_FAILED');
    await gql(SEAT, { g: gameId, s: 1, f: 'reserved', u: guest.username }, host.token);
    expect((await gql('{ invitations { id } }', {}, guest.token)).data.invitations).toEqual([{ id: gameId }]);
    const lobby = (await gql('{ lobby(first: 100) { totalCount edges { node { id } } } }', {}, guest.token)).data.lobby;
    expect(lobby.edges.map((edge: { node: { id: string } }) => edge.node.id)).toContain(gameId);
    await gql('mutation($g: ID!) { joinGame(gameId: $g) { id } }', { g: gameId }, guest.token);
    const started = (await gql(SEAT, { g: gameId, s: 2, f: 'bot' }, host.token)).data.configureSeat;
    expect(started.status).toBe('active');
    expect(started.seats[2]).toMatchObject({ bot: 'random', username: null });
    expect(started.deadline).not.toBeNull();
  });
});

describe('take-backs and resigning', () => {
  it('takes back, asks and answers undo requests, and resigns', async () => {
    const { alice, bob, gameId } = await startedToyGame(t, { rounds: 5 });
    const PASS = 'mutation($g: ID!) { submitAction(gameId: $g, action: { type: "pass" }) { version } }';
    await gql(PASS, { g: gameId }, alice.token);
    const back = await gql('mutation($g: ID!) { takeBack(gameId: $g) { version log { message } } }', { g: gameId }, alice.token);
    expect(back.data.takeBack.version).toBe(3);
    await gql(PASS, { g: gameId }, alice.token);
    await gql(PASS, { g: gameId }, bob.token);
    expect(codeOf(await gql('mutation($g: ID!) { takeBack(gameId: $g) { version } }', { g: gameId }, alice.token))).toBe('TAKE_BACK_NEEDS_APPROVAL');
    const asked = (await gql('mutation($g: ID!) { requestUndo(gameId: $g) { id seq status } }', { g: gameId }, alice.token)).data.requestUndo;
    expect(asked).toMatchObject({ seq: 4, status: 'open' });
    const answered = await gql('mutation($g: ID!, $r: ID!) { answerUndo(gameId: $g, requestId: $r, approve: true) { status approvals } }', { g: gameId, r: asked.id }, bob.token);
    expect(answered.data.answerUndo).toEqual({ status: 'approved', approvals: [1] });
    const game = (await gql('query($g: ID!) { game(id: $g) { version activeSeats events { totalCount edges { node { seq kind undoesSeq } } } } }', { g: gameId }, alice.token)).data.game;
    expect(game.activeSeats).toEqual([0]);
    expect(game.events.totalCount).toBe(6);
    expect(game.events.edges.at(-1).node).toEqual({ seq: 6, kind: 'undo', undoesSeq: 4 });
    expect((await gql('query($g: ID!) { undoRequests(gameId: $g) { status } }', { g: gameId }, bob.token)).data.undoRequests).toEqual([{ status: 'approved' }]);
    const resigned = (await gql(`mutation($g: ID!) { resign(gameId: $g) { ${GAME} } }`, { g: gameId }, bob.token)).data.resign;
    expect(resigned.seats[1]).toMatchObject({ resigned: true, bot: 'random' });
  });
});

describe('API tokens and webhooks', () => {
  it('creates tokens whose scopes GraphQL enforces, and refuses unsafe webhooks', async () => {
    const alice = await newUser(t);
    const token = (await gql('mutation { createApiToken(name: "reader", scopes: [read]) { token scopes } }', {}, alice.token)).data.createApiToken;
    expect(token.scopes).toEqual(['read']);
    expect((await gql('{ me { username } }', {}, token.token)).data.me.username).toBe(alice.username);
    expect(codeOf(await gql('mutation { createGame(type: "toy", seats: 2) { id } }', {}, token.token))).toBe('INSUFFICIENT_SCOPE');
    // Token management needs the account scope, and even then a login token, not another API token.
    expect(codeOf(await gql('mutation { createApiToken(name: "x", scopes: [read]) { token } }', {}, token.token))).toBe('INSUFFICIENT_SCOPE');
    const carol = await newUser(t, 'carol');
    const accountToken = (await gql('mutation { createApiToken(name: "settings", scopes: [account]) { token } }', {}, carol.token)).data.createApiToken.token;
    expect(codeOf(await gql('mutation { createApiToken(name: "x", scopes: [read]) { token } }', {}, accountToken))).toBe('LOGIN_REQUIRED');
    expect((await gql('{ apiTokens { name revokedAt } }', {}, alice.token)).data.apiTokens).toEqual([{ name: 'reader', revokedAt: null }]);
    expect(codeOf(await gql('mutation { registerWebhook(url: "http://127.0.0.1:1/x", events: [your_turn]) { id } }', {}, alice.token))).toBe('UNSAFE_WEBHOOK_URL');
    expect((await gql('{ webhooks { id } }', {}, alice.token)).data.webhooks).toEqual([]);
  });
});

describe('webhookDeliveries', () => {
  it("pages a webhook's latest deliveries, newest first, with enum statuses and DateTime timestamps, as REST lists them", async () => {
    const alice = await newUser(t);
    const outsider = await newUser(t);
    // Deliveries are written by the server's own workers; here they are laid down directly, three minutes apart.
    const hook = (await t.sql.query("INSERT INTO webhooks (id, user_id, url, secret, events) VALUES (gen_random_uuid(), $1, 'https://example.org/h', 's', '{your_turn,game_over}') RETURNING id", [alice.id])).rows[0].id;
    await t.sql.query(
      `INSERT INTO webhook_deliveries (id, webhook_id, event, payload, status, created_at) VALUES
        (gen_random_uuid(), $1, 'your_turn', '{}', 'delivered', now() - interval '9 minutes'),
        (gen_random_uuid(), $1, 'game_over', '{}', 'failed', now() - interval '6 minutes'),
        (gen_random_uuid(), $1, 'your_turn', '{}', 'pending', now() - interval '3 minutes')`,
      [hook],
    );
    const PAGE = `query($w: ID!, $first: Int, $after: String) { webhookDeliveries(webhookId: $w, first: $first, after: $after) {
      totalCount pageInfo { hasNextPage endCursor } edges { node { id event status attempts createdAt nextAttemptAt } } } }`;
    const first = (await gql(PAGE, { w: hook, first: 2 }, alice.token)).data.webhookDeliveries;
    expect(first).toMatchObject({ totalCount: 3, pageInfo: { hasNextPage: true } });
    const second = (await gql(PAGE, { w: hook, first: 2, after: first.pageInfo.endCursor }, alice.token)).data.webhookDeliveries;
    expect(second).toMatchObject({ totalCount: 3, pageInfo: { hasNextPage: false } });
    const listed = [...first.edges, ...second.edges].map((edge: { node: { status: string; event: string; createdAt: string; nextAttemptAt: string | null } }) => edge.node);
    expect(listed.map((delivery) => [delivery.status, delivery.event])).toEqual([['pending', 'your_turn'], ['failed', 'game_over'], ['delivered', 'your_turn']]);
    expect(listed.every((delivery) => new Date(delivery.createdAt).toISOString() === delivery.createdAt)).toBe(true);
    expect(listed.map((delivery) => delivery.nextAttemptAt === null)).toEqual([false, true, true]);
    const rest = await t.http.get(`/v1/me/webhooks/${hook}/deliveries`).set(alice.auth).expect(200);
    expect(listed.map((delivery) => (delivery as unknown as { id: string }).id)).toEqual(rest.body.items.map((delivery: { id: string }) => delivery.id));
    expect(codeOf(await gql(PAGE, { w: hook }, outsider.token))).toBe('NOT_FOUND');
    expect(codeOf(await gql(PAGE, { w: hook, first: 51 }, alice.token))).toBe('VALIDATION_FAILED');
  });
});

describe('myTurn', () => {
  it("tells a user's socket of every game where it becomes their turn, and nothing else", async () => {
    const { alice, bob, gameId } = await startedToyGame(t, { rounds: 5 });
    const other = await startedToyGame(t, { rounds: 5 });
    const url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/graphql`;
    const client = createClient({ url, webSocketImpl: WebSocket, retryAttempts: 0, connectionParams: { authorization: `Bearer ${bob.token}` } });
    const received: { gameId: string; version: number; yourTurn: boolean }[] = [];
    const errors: unknown[] = [];
    try {
      await new Promise<void>((resolve) => {
        client.on('connected', () => resolve());
        client.subscribe<{ myTurn: { gameId: string; version: number; yourTurn: boolean } }>(
          { query: 'subscription { myTurn { gameId version yourTurn status } }' },
          { next: (message) => void (message.data ? received.push(message.data.myTurn) : errors.push(message)), error: (error) => void errors.push(error), complete: () => {} },
        );
      });
      // The subscription is registered once the server has processed it: wait for a turn that we cause repeatedly if needed.
      await waitFor(async () => {
        if (received.length > 0) return true;
        const { activeSeats, version } = (await t.http.get(`/v1/games/${gameId}`).set(alice.auth)).body;
        if (activeSeats[0] === 0) await t.http.post(`/v1/games/${gameId}/actions`).set(alice.auth).send({ action: { type: 'pass' }, expectedVersion: version });
        else await t.http.post(`/v1/games/${gameId}/actions`).set(bob.auth).send({ action: { type: 'pass' }, expectedVersion: version });
        return undefined;
      }, 10_000, 'a myTurn message');
      // A move in a game bob is not in tells him nothing.
      await t.http.post(`/v1/games/${other.gameId}/actions`).set(other.alice.auth).send({ action: { type: 'pass' } }).expect(201);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(errors).toEqual([]);
      expect(received.every((event) => event.gameId === gameId && event.yourTurn)).toBe(true);
    } finally {
      await client.dispose();
    }
  });
});
