import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { createClient, type Client } from 'graphql-ws';
import { UnsecuredJWT } from 'jose';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { topicOf } from '../../src/graphql/updates.js';
import { newUser, startedToyGame, startTestApp, type TestApp, storedGame } from '../support/api.js';
import { toyGame, type ToyState } from '../support/toy-game.js';

/**
 * `gameUpdated(gameId)` over WebSocket (graphql-ws protocol): each subscriber receives every new
 * version with its own seat's view and the log entries it may read, and nothing of anyone else's
 * hidden information — checked on the raw frames, not only on the parsed data.
 */
let t: TestApp;
let url: string;
beforeAll(async () => {
  t = await startTestApp({ listen: true });
  url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/graphql`;
});
afterAll(async () => t?.close());

const UPDATES = 'subscription($gameId: ID!) { gameUpdated(gameId: $gameId) { gameId version status activeSeats view log { message data } result undoRequestsChanged } }';

interface Update {
  gameId: string;
  version: number;
  status: string;
  activeSeats: number[];
  view: { hand: number[] | null; handSizes: number[]; scores: number[]; turn: number; active: number | null; deckSize: number };
  log: { message: string; data: unknown }[];
  result: unknown;
  undoRequestsChanged: boolean;
}
interface Received {
  data?: { gameUpdated: Update } | null;
  errors?: { message: string; extensions?: Record<string, unknown> }[];
}

const open: Client[] = [];
afterAll(async () => {
  await Promise.all(open.map((client) => client.dispose()));
});

/** A subscriber: its own socket, every raw frame it received, and the parsed messages. */
function subscribe(gameId: string, authorization?: string) {
  const frames: string[] = [];
  // Records every frame the server sends, before graphql-ws parses it.
  class RecordingWebSocket extends WebSocket {
    constructor(address: string, protocols?: string | string[]) {
      super(address, protocols);
      this.on('message', (data) => frames.push(String(data)));
    }
  }
  const client = createClient({
    url,
    webSocketImpl: RecordingWebSocket,
    retryAttempts: 0,
    lazy: true,
    connectionParams: authorization === undefined ? {} : { authorization },
  });
  open.push(client);
  const received: Received[] = [];
  let failure: unknown = undefined;
  let completed = false;
  const listeners = new Set<() => void>();
  const notify = () => [...listeners].forEach((listener) => listener());
  client.subscribe<{ gameUpdated: Update }>(
    { query: UPDATES, variables: { gameId } },
    {
      next: (message) => {
        received.push(message as Received);
        notify();
      },
      error: (error) => {
        failure = error;
        notify();
      },
      complete: () => {
        completed = true;
        notify();
      },
    },
  );

  /** Resolves with the first value `check` returns that is not undefined; fails after `ms`. */
  const until = <T>(what: string, check: () => T | undefined, ms = 5_000) =>
    new Promise<T>((resolve, reject) => {
      const attempt = () => {
        const value = check();
        if (value !== undefined) {
          cleanup();
          resolve(value);
        }
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`timed out waiting for ${what}; received ${JSON.stringify(received)}; error ${JSON.stringify(failure)}`));
      }, ms);
      const cleanup = () => {
        clearTimeout(timer);
        listeners.delete(attempt);
      };
      listeners.add(attempt);
      attempt();
    });

  return {
    frames,
    received,
    /**
     * Waits until the server has really registered the subscription: graphql-ws acknowledges the
     * connection but not the subscription, and the server only publishes on new versions. So the
     * game is re-announced at version 0 (an open game's version: the server publishes it on seat changes)
     * every 20 ms until the first update arrives.
     */
    async established() {
      const ping = () => t.app.graphql.pubsub.publish({ topic: topicOf(gameId), payload: { gameId, version: 0 } });
      ping();
      const timer = setInterval(ping, 20);
      try {
        await until('the subscription to be established', () => (received.length > 0 ? true : failure !== undefined ? (() => { throw failure; })() : undefined));
      } finally {
        clearInterval(timer);
      }
    },
    /** The first update that matches. */
    update: (what: string, match: (update: Update) => boolean) =>
      until(what, () => {
        const found = received.find((message) => message.data && match(message.data.gameUpdated));
        return found ? found.data!.gameUpdated : undefined;
      }),
    /** The update for `version` (pings of version 0 before it are skipped). */
    version: (version: number) =>
      until(`version ${version}`, () => {
        const found = received.find((message) => message.data?.gameUpdated.version === version);
        return found ? found.data!.gameUpdated : undefined;
      }),
    /** The error that ended the subscription (or closed its socket). */
    failed: () => until('the subscription to fail', () => failure ?? (completed ? 'completed' : undefined)),
    messagesOf: (version: number) => received.filter((message) => message.data?.gameUpdated.version === version),
    client,
  };
}

async function stored(gameId: string) {
  const game = await storedGame(t, gameId);
  return { state: game.state as ToyState, version: game.version as number };
}

/** Keys and words that only hidden information would bring along. */
function expectNoSecrets(frames: string[], forbidden: string[]) {
  expect(frames.length).toBeGreaterThan(0);
  for (const frame of frames) {
    for (const secret of ['"hands"', '"deck"', '"rng"', '"seed"', '"state"', 'visibleTo', ...forbidden]) expect(frame, frame).not.toContain(secret);
  }
}

describe('gameUpdated', () => {
  it("delivers A's move to B with B's own view and the public log, and nothing of A's hidden information", async () => {
    const { alice, bob, gameId } = await startedToyGame(t);
    const carol = await newUser(t, 'spectator');
    const asAlice = subscribe(gameId, `Bearer ${alice.token}`);
    const asBob = subscribe(gameId, `Bearer ${bob.token}`);
    const asCarol = subscribe(gameId, `Bearer ${carol.token}`);
    await Promise.all([asAlice.established(), asBob.established(), asCarol.established()]);

    // The current version (the start, 1) as each sees it: own hand, or none for the spectator.
    const start = (await stored(gameId)).state;
    expect(asBob.received[0]!.data!.gameUpdated).toEqual({ gameId, version: 1, status: 'active', activeSeats: [0], view: toyGame.view(start, 1), log: [{ message: 'The game starts with 2 players.', data: null }], result: null, undoRequestsChanged: false });
    expect(asCarol.received[0]!.data!.gameUpdated.view.hand).toBeNull();

    // A plays over REST; the answer tells A (only A) what she drew.
    const card = start.hands[0]![0]!;
    const move = await t.http.post(`/v1/games/${gameId}/actions`).set(alice.auth).send({ action: { type: 'play', card }, expectedVersion: 1 }).expect(201);
    const drawEntry = move.body.log[1].message as string;
    expect(drawEntry).toMatch(/^Seat 0 draws a \d\.$/);
    const { state } = await stored(gameId);
    const aliceHand = state.hands[0]!;
    const bobHand = state.hands[1]!;

    const forBob = await asBob.version(2);
    expect(forBob).toEqual({
      gameId,
      version: 2,
      status: 'active',
      activeSeats: [1],
      view: toyGame.view(state, 1),
      log: [{ message: `Seat 0 plays a ${card}.`, data: null }],
      result: null,
      undoRequestsChanged: false,
    });
    expect(forBob.view.hand).toEqual(bobHand);
    expect(asBob.messagesOf(2)).toHaveLength(1);
    // Nothing of A's hidden information anywhere in what B's socket received: not the draw, not A's hand.
    expectNoSecrets(asBob.frames, ['draws', drawEntry]);
    if (JSON.stringify(aliceHand) !== JSON.stringify(bobHand)) {
      for (const frame of asBob.frames) expect(frame).not.toContain(`"hand":${JSON.stringify(aliceHand)}`);
    }

    // The spectator: the spectator view (no hand) and the public entries only.
    const forCarol = await asCarol.version(2);
    expect(forCarol).toEqual({ ...forBob, view: toyGame.view(state, null) });
    expect(forCarol.view.hand).toBeNull();
    expectNoSecrets(asCarol.frames, ['draws', '"hand":[']);

    // A herself: her own hand and her private draw.
    const forAlice = await asAlice.version(2);
    expect(forAlice.view).toEqual(toyGame.view(state, 0));
    expect(forAlice.view.hand).toEqual(aliceHand);
    expect(forAlice.log).toEqual([{ message: `Seat 0 plays a ${card}.`, data: null }, { message: drawEntry, data: null }]);

    // And the other way round, B moving through the GraphQL mutation: A never learns B's draw.
    const bobCard = bobHand[0]!;
    const bobMove = await t.http
      .post('/graphql')
      .set('Authorization', `Bearer ${bob.token}`)
      .send({ query: 'mutation($id: ID!, $a: JSON!) { submitAction(gameId: $id, action: $a, expectedVersion: 2) { version log { message } } }', variables: { id: gameId, a: { type: 'play', card: bobCard } } })
      .expect(200);
    expect(bobMove.body.data.submitAction.version).toBe(3);
    const bobDraw = bobMove.body.data.submitAction.log[1].message as string;
    const after = (await stored(gameId)).state;
    const aliceSees = await asAlice.version(3);
    expect(aliceSees).toMatchObject({ version: 3, activeSeats: [0], view: toyGame.view(after, 0), log: [{ message: `Seat 1 plays a ${bobCard}.`, data: null }] });
    for (const frame of asAlice.frames) expect(frame).not.toContain(bobDraw);
    expect((await asBob.version(3)).log).toEqual([{ message: `Seat 1 plays a ${bobCard}.`, data: null }, { message: bobDraw, data: null }]);
    expect((await asCarol.version(3)).log).toEqual([{ message: `Seat 1 plays a ${bobCard}.`, data: null }]);
    expectNoSecrets(asCarol.frames, ['draws', '"hand":[']);
  });

  it('delivers the start as a version of its own (1, after the open game\'s 0), each version once, and the end with the result', async () => {
    const alice = await newUser(t, 'alice');
    const bob = await newUser(t, 'bob');
    const { body: game } = await t.http.post('/v1/games').set(alice.auth).send({ type: 'toy', seats: 2, options: { rounds: 1 } }).expect(201);
    const asAlice = subscribe(game.id, `Bearer ${alice.token}`);
    await asAlice.established();
    // Pings on an open game carry no view yet.
    expect(asAlice.received[0]!.data!.gameUpdated).toMatchObject({ version: 0, status: 'open', view: null, log: [] });
    // Let the test's re-announcements still in flight land before the join (they carry the game as it is then).
    await new Promise((resolve) => setTimeout(resolve, 200));
    await t.http.post(`/v1/games/${game.id}/join`).set(bob.auth).send({}).expect(200);
    const started = await asAlice.update('the start', (update) => update.status === 'active');
    expect(started).toMatchObject({ version: 1, status: 'active', activeSeats: [0], log: [{ message: 'The game starts with 2 players.', data: null }] });
    expect(started.view.hand).toEqual((await stored(game.id)).state.hands[0]);

    await t.http.post(`/v1/games/${game.id}/actions`).set(alice.auth).send({ action: { type: 'pass' } }).expect(201);
    await t.http.post(`/v1/games/${game.id}/actions`).set(bob.auth).send({ action: { type: 'pass' } }).expect(201);
    expect(await asAlice.version(2)).toMatchObject({ status: 'active', activeSeats: [1], log: [{ message: 'Seat 0 passes.', data: null }] });
    expect(await asAlice.version(3)).toMatchObject({ status: 'finished', activeSeats: [], result: { winners: [0, 1], scores: [0, 0] }, log: [{ message: 'Seat 1 passes.', data: null }] });
    // A client that drops duplicates by gameId + version keeps "open", "started" and every move: no version arrives with two statuses.
    const seen = new Map<number, Set<string>>();
    for (const message of asAlice.received) {
      const update = message.data!.gameUpdated;
      seen.set(update.version, (seen.get(update.version) ?? new Set()).add(update.status));
    }
    expect([...seen.entries()].map(([version, statuses]) => [version, [...statuses]])).toEqual([[0, ['open']], [1, ['active']], [2, ['active']], [3, ['finished']]]);
  });

  it('sends a version that a newer one overtook as it was: its own status, turn, view and log (the newer one finished the game)', async () => {
    const alice = await newUser(t, 'alice');
    const bob = await newUser(t, 'bob');
    const { body: game } = await t.http.post('/v1/games').set(alice.auth).send({ type: 'toy', seats: 2, options: { rounds: 1 } }).expect(201);
    await t.http.post(`/v1/games/${game.id}/join`).set(bob.auth).send({}).expect(200);
    await t.http.post(`/v1/games/${game.id}/actions`).set(alice.auth).send({ action: { type: 'pass' } }).expect(201);
    const atTwo = (await stored(game.id)).state as ToyState;
    await t.http.post(`/v1/games/${game.id}/actions`).set(bob.auth).send({ action: { type: 'pass' } }).expect(201);
    const asAlice = subscribe(game.id, `Bearer ${alice.token}`);
    expect(await asAlice.version(3)).toMatchObject({ status: 'finished', activeSeats: [], result: { winners: [0, 1] } });
    // Version 2's announcement arrives only now, as when its subscribers load it after version 3 committed.
    await t.app.graphql.pubsub.publish({ topic: topicOf(game.id), payload: { gameId: game.id, version: 2 } });
    expect(await asAlice.version(2)).toEqual({
      gameId: game.id,
      version: 2,
      status: 'active',
      activeSeats: [1],
      view: toyGame.view(atTwo, 0),
      log: [{ message: 'Seat 0 passes.', data: null }],
      result: null,
      undoRequestsChanged: false,
    });
  });

  it('tells the other players of an undo request asked and declined (same version, undoRequestsChanged), and of the approval that takes the move back (a new version)', async () => {
    const { alice, bob, gameId } = await startedToyGame(t, { rounds: 5 });
    await t.http.post(`/v1/games/${gameId}/actions`).set(alice.auth).send({ action: { type: 'pass' } }).expect(201);
    await t.http.post(`/v1/games/${gameId}/actions`).set(bob.auth).send({ action: { type: 'pass' } }).expect(201);
    const asBob = subscribe(gameId, `Bearer ${bob.token}`);
    await asBob.established();
    const count = () => asBob.received.filter((message) => message.data?.gameUpdated.undoRequestsChanged).length;
    expect(count()).toBe(0);

    const asked = (await t.http.post(`/v1/games/${gameId}/undo-requests`).set(alice.auth).expect(201)).body;
    expect(await asBob.update('the request', (update) => update.undoRequestsChanged)).toMatchObject({ version: 3, status: 'active', activeSeats: [0] });
    await t.http.post(`/v1/games/${gameId}/undo-requests/${asked.id}/decline`).set(bob.auth).expect(200);
    await expect.poll(count).toBe(2);

    const again = (await t.http.post(`/v1/games/${gameId}/undo-requests`).set(alice.auth).expect(201)).body;
    await expect.poll(count).toBe(3);
    await t.http.post(`/v1/games/${gameId}/undo-requests/${again.id}/approve`).set(bob.auth).expect(200);
    // The approval is the undo event itself: a new version, not a request update.
    expect(await asBob.version(4)).toMatchObject({ undoRequestsChanged: false, activeSeats: [0] });
    expect(count()).toBe(3);
  });

  it('starts with the game as it is: a client that read the game and then subscribes misses no move made in between', async () => {
    const { alice, bob, gameId } = await startedToyGame(t, { rounds: 5 });
    await t.http.post(`/v1/games/${gameId}/actions`).set(alice.auth).send({ action: { type: 'pass' } }).expect(201);
    await t.http.post(`/v1/games/${gameId}/actions`).set(bob.auth).send({ action: { type: 'pass' } }).expect(201);
    // No ping: the first update is the server's own, the current version with Bob's view of it.
    const asBob = subscribe(gameId, `Bearer ${bob.token}`);
    const first = await asBob.update('the current version', () => true);
    expect(first).toMatchObject({ gameId, version: 3, status: 'active', activeSeats: [0], undoRequestsChanged: false });
    expect(first.view).toEqual(toyGame.view((await stored(gameId)).state as ToyState, 1));
    await t.http.post(`/v1/games/${gameId}/actions`).set(alice.auth).send({ action: { type: 'pass' } }).expect(201);
    expect(await asBob.version(4)).toMatchObject({ activeSeats: [1] });
  });

  it('refuses a subscriber whose token is forged or malformed with INVALID_TOKEN, and it receives nothing', async () => {
    const { alice, bob, gameId } = await startedToyGame(t);
    const none = new UnsecuredJWT({ sub: bob.id, username: bob.username, role: 'player', iss: 'boardgame-server', exp: Math.floor(Date.now() / 1000) + 100 }).encode();
    const [header, payload] = bob.token.split('.');
    const refused = [`Bearer ${none}`, `Bearer ${header}.${payload}.AAAA`, 'Bearer not.a.jwt', `Basic ${bob.token}`].map((authorization) => subscribe(gameId, authorization));
    for (const subscriber of refused) {
      const error = (await subscriber.failed()) as { message: string; extensions?: Record<string, unknown> }[];
      expect(Array.isArray(error), String(error)).toBe(true);
      expect(error[0]!.extensions).toMatchObject({ code: 'INVALID_TOKEN', status: 401 });
    }

    // A move after the refusal reaches none of them.
    const watcher = subscribe(gameId, `Bearer ${alice.token}`);
    await watcher.established();
    await t.http.post(`/v1/games/${gameId}/actions`).set(alice.auth).send({ action: { type: 'pass' } }).expect(201);
    await watcher.version(2);
    for (const subscriber of refused) {
      expect(subscriber.received).toEqual([]);
      expectNoSecrets(subscriber.frames, ['"view"', 'passes', '"hand"']);
    }
  });

  it('treats a subscriber without any token as a spectator, as REST does for GET /v1/games/:id', async () => {
    const { alice, gameId } = await startedToyGame(t);
    const anonymous = subscribe(gameId);
    await anonymous.established();
    const card = (await stored(gameId)).state.hands[0]![0]!;
    await t.http.post(`/v1/games/${gameId}/actions`).set(alice.auth).send({ action: { type: 'play', card } }).expect(201);
    const update = await anonymous.version(2);
    expect(update.view).toEqual(toyGame.view((await stored(gameId)).state, null));
    expect(update.log).toEqual([{ message: `Seat 0 plays a ${card}.`, data: null }]);
    expectNoSecrets(anonymous.frames, ['draws', '"hand":[']);
    expect((await t.http.get(`/v1/games/${gameId}`).expect(200)).body.view).toEqual(update.view);
  });

  it('refuses a subscription to a private game of others with NOT_FOUND', async () => {
    const [alice, outsider] = await Promise.all([newUser(t, 'private'), newUser(t, 'outsider')]);
    const { body: game } = await t.http.post('/v1/games').set(alice.auth).send({ type: 'toy', seats: 2, private: true }).expect(201);
    for (const authorization of [`Bearer ${outsider.token}`, undefined]) {
      const subscriber = subscribe(game.id, authorization);
      const error = (await subscriber.failed()) as { extensions?: Record<string, unknown> }[];
      expect(Array.isArray(error), JSON.stringify(error)).toBe(true);
      expect(error[0]!.extensions).toMatchObject({ code: 'NOT_FOUND', status: 404 });
      expect(subscriber.received).toEqual([]);
    }
    const creator = subscribe(game.id, `Bearer ${alice.token}`);
    await creator.established();
    expect(creator.received[0]!.data!.gameUpdated).toMatchObject({ gameId: game.id, status: 'open' });
  });

  it('refuses a subscription to an unknown game with NOT_FOUND', async () => {
    const user = await newUser(t, 'sub_nf');
    for (const gameId of [randomUUID(), 'not-a-uuid']) {
      const subscriber = subscribe(gameId, `Bearer ${user.token}`);
      const error = (await subscriber.failed()) as { message: string; extensions?: { code?: string } }[];
      expect(Array.isArray(error), JSON.stringify(error)).toBe(true);
      expect(error[0]!.extensions).toMatchObject({ code: 'NOT_FOUND', status: 404 });
      expect(subscriber.received).toEqual([]);
    }
  });
});

describe('fan-out', () => {
  it('loads a game once per version for all its subscribers, and still gives each subscriber only its own view', async () => {
    const { alice, bob, gameId } = await startedToyGame(t, { rounds: 5 });
    const spectators = Array.from({ length: 8 }, () => subscribe(gameId));
    const players = [subscribe(gameId, `Bearer ${alice.token}`), subscribe(gameId, `Bearer ${bob.token}`)];
    const everyone = [...spectators, ...players];
    await Promise.all(everyone.map((subscriber) => subscriber.established()));
    // Let the re-announcements of version 0 still in flight drain (each is loaded per subscriber).
    for (let seen = -1, now = 0; seen !== now; await new Promise((resolve) => setTimeout(resolve, 300))) {
      seen = now;
      now = everyone.reduce((sum, subscriber) => sum + subscriber.received.length, 0);
    }

    // Count the statements that load a game (the fast move path itself runs on node-postgres, not here).
    const db = t.app.services.db;
    const original = db.$queryRaw;
    let gameLoads = 0;
    db.$queryRaw = ((...args: Parameters<typeof original>) => {
      if (String((args[0] as unknown as { strings?: string[] }).strings?.join('') ?? args[0]).includes('FROM games g')) gameLoads++;
      return original.apply(db, args);
    }) as typeof original;
    try {
      const moved = await t.http.post(`/v1/games/${gameId}/actions`).set(alice.auth).send({ action: { type: 'pass' } }).expect(201);
      const updates = await Promise.all(everyone.map((subscriber) => subscriber.version(moved.body.version)));
      expect(gameLoads).toBe(1);
      // Each player's update is that player's own view (a pass leaves the hand as it was, so Bob's move
      // answers with his hand at this version). The two hands are drawn at random and can be equal, so
      // the views are compared with each player's own, not with each other.
      const [aliceUpdate, bobUpdate] = updates.slice(-2);
      expect(aliceUpdate!.view).toEqual(moved.body.view);
      const bobMoved = await t.http.post(`/v1/games/${gameId}/actions`).set(bob.auth).send({ action: { type: 'pass' } }).expect(201);
      expect(bobUpdate!.view.hand).toEqual(bobMoved.body.view.hand);
      expect(bobUpdate!.view.hand).not.toBeNull();
      for (const update of updates.slice(0, -2)) expect(update.view.hand).toBeNull();
      // The next version is loaded once more, again for everyone (ten subscribers, not ten loads). Bob's own
      // move may also read the game once when it takes the locked path (a lost race with the cache), so
      // that read is allowed for beside the one fan-out load.
      await Promise.all(everyone.map((subscriber) => subscriber.version(bobMoved.body.version)));
      expect(gameLoads).toBeGreaterThanOrEqual(2);
      expect(gameLoads).toBeLessThanOrEqual(3);
    } finally {
      db.$queryRaw = original;
    }
  });
});
