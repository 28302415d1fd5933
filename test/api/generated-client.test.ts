import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playOneGame, type Move } from '../../examples/client.js';
import { CLIENT_TYPES_PATH, clientTypes, OPENAPI_PATH } from '../../scripts/generate-openapi.js';
import { games } from '../../src/games/index.js';
import { contractChecker } from '../support/contract.js';
import { castsAndAny, compileClient } from '../support/fresh-client.js';
import { startTestApp, type TestApp } from '../support/api.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ catalog: games, listen: true, workers: false });
}, 300_000);
afterAll(async () => t?.close());

describe('a client generated from openapi/openapi.json (openapi-typescript + openapi-fetch)', () => {
  it('compiles against types that are what openapi-typescript generates from the checked-in spec (run `npm run openapi`)', async () => {
    // examples/client.ts is type-checked against openapi/openapi.d.ts by `tsc` (npm test's first step).
    const document = JSON.parse(readFileSync(OPENAPI_PATH, 'utf8'));
    expect(readFileSync(CLIENT_TYPES_PATH, 'utf8')).toBe(await clientTypes(document));
  });

  it('compiles afresh from the published document with zero casts and zero `any`, and refuses an action of another game', async () => {
    const types = await clientTypes(JSON.parse(readFileSync(OPENAPI_PATH, 'utf8')));
    const client = readFileSync(new URL('../../examples/client.ts', import.meta.url), 'utf8').replaceAll("'../openapi/openapi.js'", "'./openapi.js'");
    expect(castsAndAny(client)).toEqual([]);
    // Another game's action, as a move of urbanization and as a guild-town move built from urbanization's legal actions.
    const wrong = [
      "import type { components } from './openapi.js';",
      "type S = components['schemas'];",
      "const guildTownAction: S['GuildTownAction'] = { type: 'noSwap' };",
      "export const refused: S['UrbanizationMove'] = { gameType: 'urbanization', action: guildTownAction };",
      "export const mixed = (legal: S['UrbanizationLegalActions']): S['GuildTownMove'] => ({ gameType: 'guild-town', action: legal.actions[0] });",
    ].join('\n');
    // One program: the client compiles clean, and the compiler refuses exactly the two wrong lines.
    const diagnostics = compileClient({ 'openapi.d.ts': types, 'client.ts': client, 'wrong.ts': wrong });
    expect(diagnostics.map((line) => line.split(':').slice(0, 2).join(':'))).toEqual(['wrong.ts:4', 'wrong.ts:5']);
  }, 300_000);

  it.each(Object.keys(games))('plays a whole %s game and reads its log, record and replay, every answer conforming to its documented status, media type and schema', async (gameType) => {
    const address = t.app.server.address() as { port: number };
    const contract = contractChecker();
    let seed = 7;
    const result = await playOneGame({
      baseUrl: `http://127.0.0.1:${address.port}`,
      gameType: gameType as Move['gameType'],
      // A seeded pick among the legal actions, so the game ends and the run repeats.
      choose: (actions) => actions[(seed = (seed * 16807) % 2147483647) % actions.length]!,
      fetch: async (request) => {
        const response = await fetch(request);
        await contract.check(request.method, request.url, response);
        return response;
      },
    });
    expect(result.game.status).toBe('finished');
    expect(result.game.type).toBe(gameType);
    expect(result.game.result).toMatchObject({ winners: expect.any(Array), ranking: expect.any(Array), details: expect.any(Object) });
    expect(result.record.type).toBe(gameType);
    expect(result.record.events.length).toBe(result.game.version);
    expect(result.replay.gameType).toBe(gameType);
    expect(result.views.length).toBe(result.moves);
    expect(result.events.map((event) => event.seq)).toEqual(Array.from({ length: Math.min(result.game.version, 500) }, (_, i) => i + 1));
    expect(contract.checked).toBeGreaterThan(2 * result.moves);
  }, 600_000);

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
