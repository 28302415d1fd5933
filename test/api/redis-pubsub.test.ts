import type { AddressInfo } from 'node:net';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { afterAll, describe, expect, it } from 'vitest';
import { newUser, startTestApp, type TestApp, storedGame } from '../support/api.js';
import { waitFor } from '../support/wait.js';
import { testRedis } from '../support/redis.js';

/**
 * Two server processes behind one load balancer: with REDIS_URL, a subscriber on one hears of a
 * move made on the other. The Redis: test/support/redis.ts (the running one, else one started here).
 */
const redisUrl = await testRedis();

const apps: TestApp[] = [];
afterAll(async () => {
  for (const app of apps.reverse()) await app.close();
});

describe(`pub/sub through Redis (${redisUrl})`, () => {
  it("delivers a move made on one server to a subscriber of another, with the subscriber's own view", async () => {
    const first = await startTestApp({ listen: true, config: { redisUrl } });
    apps.push(first);
    const second = await startTestApp({ listen: true, config: { redisUrl }, databaseUrl: first.databaseUrl });
    apps.push(second);
    const [alice, bob] = [await newUser(first), await newUser(first)];
    const { body: game } = await first.http.post('/v1/games').set(alice.auth).send({ type: 'toy', seats: 2, options: { rounds: 5 } }).expect(201);
    await first.http.post(`/v1/games/${game.id}/join`).set(bob.auth).expect(200);

    const url = `ws://127.0.0.1:${(first.app.server.address() as AddressInfo).port}/graphql`;
    const client = createClient({ url, webSocketImpl: WebSocket, retryAttempts: 0, connectionParams: { authorization: `Bearer ${bob.token}` } });
    const versions: { version: number; view: { hand: number[] | null } }[] = [];
    try {
      client.subscribe<{ gameUpdated: { version: number; view: { hand: number[] | null } } }>(
        { query: 'subscription($g: ID!) { gameUpdated(gameId: $g) { version view } }', variables: { g: game.id } },
        { next: (message) => void (message.data && versions.push(message.data.gameUpdated)), error: () => {}, complete: () => {} },
      );
      // Moves go to the second server until the first server's subscriber has heard of one
      // (its first update is the game as it was when it subscribed: started, version 1).
      await waitFor(async () => {
        if (versions.some((update) => update.version > 1)) return true;
        const { body } = await second.http.get(`/v1/games/${game.id}`).set(alice.auth);
        const mover = body.activeSeats[0] === 0 ? alice : bob;
        await second.http.post(`/v1/games/${game.id}/actions`).set(mover.auth).send({ action: { type: 'pass' }, expectedVersion: body.version });
        return undefined;
      }, 15_000, 'a cross-server update');
      const stateHand = (await storedGame(first, game.id)).state.hands[1];
      expect(versions[0]!.version).toBe(1);
      expect(versions.at(-1)!.version).toBeGreaterThan(1);
      expect(versions.at(-1)!.view.hand).toEqual(stateHand);
    } finally {
      await client.dispose();
    }
  });
});
