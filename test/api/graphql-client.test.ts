import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playOneGame } from '../../examples/graphql/client.js';
import { GRAPHQL_TYPES_PATH, graphqlClientTypes } from '../../scripts/generate-graphql-types.js';
import { games } from '../../src/games/index.js';
import { contractChecker } from '../support/contract.js';
import { startTestApp, type TestApp } from '../support/api.js';
import { postGraphql } from '../support/graphql.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ catalog: games, listen: true, workers: false });
});
afterAll(async () => t?.close());

describe('a client generated from src/graphql/schema.graphql (graphql-codegen + graphql-ws)', () => {
  it('compiles against types that are what graphql-codegen generates from the checked-in SDL (run `npm run graphql:codegen`)', async () => {
    // examples/graphql/client.ts is type-checked against examples/graphql/generated.ts by `tsc` (npm test's first step).
    expect(readFileSync(GRAPHQL_TYPES_PATH, 'utf8')).toBe(await graphqlClientTypes());
  }, 60_000);

  it("reaches every game's JSON Schemas, the same as the OpenAPI components", async () => {
    const contract = contractChecker();
    const { data } = await postGraphql(t, '{ gameTypes { id optionsSchema actionSchema viewSchema components { action options view } } }');
    expect(data.gameTypes.map((type: { id: string }) => type.id).sort()).toEqual(Object.keys(games).sort());
    for (const type of data.gameTypes) {
      expect(type.components.view, type.id).toMatch(/View$/);
      // The schema answered is the published component itself.
      expect(type.viewSchema.$id).toBe(type.components.view);
      expect(() => contract.component(type.components.action)).not.toThrow();
    }
  });

  it('plays a whole game over HTTP, watches it over WebSocket, and every view it saw matches the game type\'s viewSchema', async () => {
    const port = (t.app.server.address() as { port: number }).port;
    let seed = 11;
    const played = await playOneGame({
      httpUrl: `http://127.0.0.1:${port}/graphql`,
      wsUrl: `ws://127.0.0.1:${port}/graphql`,
      gameType: 'urbanization',
      webSocketImpl: WebSocket,
      // A seeded pick among the legal actions, so the game ends and the run repeats.
      choose: (actions) => actions[(seed = (seed * 16807) % 2147483647) % actions.length],
    });
    expect(played.outcome.status).toBe('finished');
    expect(played.outcome.result).toMatchObject({ winners: expect.any(Array), ranking: [expect.any(Number), expect.any(Number)] });
    expect(played.moves).toBe(played.outcome.version);
    expect(played.events.map((event) => event.seq)).toEqual(Array.from({ length: played.outcome.version }, (_, i) => i + 1));
    expect(played.events.every((event) => event.kind === 'action' && !Number.isNaN(Date.parse(event.createdAt)))).toBe(true);
    expect(played.updates.at(-1)).toMatchObject({ version: played.outcome.version, status: 'finished', activeSeats: [] });
    expect(played.components).toEqual({ action: 'UrbanizationAction', view: 'UrbanizationView' });

    const { data } = await postGraphql(t, '{ gameTypes { id viewSchema } }');
    const validate = new Ajv2020({ strict: false }).compile(data.gameTypes.find((type: { id: string }) => type.id === 'urbanization').viewSchema);
    for (const view of played.views) expect(validate(view), JSON.stringify(validate.errors)).toBe(true);
  });
});
