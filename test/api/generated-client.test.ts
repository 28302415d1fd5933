import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playOneGame } from '../../examples/client.js';
import { CLIENT_TYPES_PATH, clientTypes, OPENAPI_PATH } from '../../scripts/generate-openapi.js';
import { games } from '../../src/games/index.js';
import { contractChecker } from '../support/contract.js';
import { startTestApp, type TestApp } from '../support/api.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ catalog: games, listen: true, workers: false });
});
afterAll(async () => t?.close());

describe('a client generated from openapi/openapi.json (openapi-typescript + openapi-fetch)', () => {
  it('compiles against types that are what openapi-typescript generates from the checked-in spec (run `npm run openapi`)', async () => {
    // examples/client.ts is type-checked against openapi/openapi.d.ts by `tsc` (npm test's first step).
    const document = JSON.parse(readFileSync(OPENAPI_PATH, 'utf8'));
    expect(readFileSync(CLIENT_TYPES_PATH, 'utf8')).toBe(await clientTypes(document));
  });

  it('plays a whole game and reads the log, every answer conforming to its documented status, media type and schema', async () => {
    const address = t.app.server.address() as { port: number };
    const contract = contractChecker();
    let seed = 7;
    const result = await playOneGame({
      baseUrl: `http://127.0.0.1:${address.port}`,
      gameType: 'urbanization',
      // A seeded pick among the legal actions, so the game ends and the run repeats.
      choose: (actions) => actions[(seed = (seed * 16807) % 2147483647) % actions.length]!,
      fetch: async (request) => {
        const response = await fetch(request);
        await contract.check(request.method, request.url, response);
        return response;
      },
    });
    expect(result.game.status).toBe('finished');
    expect(result.game.result).toMatchObject({ winners: expect.any(Array), ranking: [expect.any(Number), expect.any(Number)] });
    expect(result.moves).toBe(result.game.version);
    expect(result.events.map((event) => event.seq)).toEqual(Array.from({ length: result.game.version }, (_, i) => i + 1));
    expect(contract.checked).toBeGreaterThan(2 * result.moves);
  });

  it('sees refusals as documented problems', async () => {
    const address = t.app.server.address() as { port: number };
    const contract = contractChecker();
    const base = `http://127.0.0.1:${address.port}`;
    const send = async (method: string, path: string, body?: unknown, token?: string) => {
      const response = await fetch(`${base}${path}`, { method, headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: body === undefined ? undefined : JSON.stringify(body) });
      await contract.check(method, `${base}${path}`, response);
      return response;
    };
    expect((await send('POST', '/v1/games', { type: 'urbanization', seats: 2 })).status).toBe(401);
    expect((await send('GET', '/v1/game-types', undefined, 'not-a-token')).status).toBe(401);
    const registered = (await (await send('POST', '/v1/auth/register', { username: `eve_${process.pid}`, password: 'correct horse battery' })).json()) as { token: string };
    expect((await send('POST', '/v1/games', { type: 'chess', seats: 2 }, registered.token)).status).toBe(400);
    expect((await send('GET', '/v1/games/00000000-0000-4000-8000-000000000000', undefined, registered.token)).status).toBe(404);
    expect((await send('GET', '/v1/games?limit=0', undefined, registered.token)).status).toBe(400);
    expect(contract.checked).toBe(6);
  });
});
