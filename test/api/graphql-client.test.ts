import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playOneGame } from '../../examples/graphql/client.js';
import { codegenConfig, GRAPHQL_TYPES_PATH, graphqlClientTypes } from '../../scripts/generate-graphql-types.js';
import { clientTypes, OPENAPI_PATH } from '../../scripts/generate-openapi.js';
import { castsAndAny, compileClient } from '../support/fresh-client.js';
import { typeIdOf } from '../../src/graphql/typed-games.js';
import { games } from '../../src/games/index.js';
import { contractChecker } from '../support/contract.js';
import { startTestApp, type TestApp } from '../support/api.js';
import { postGraphql } from '../support/graphql.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ catalog: games, listen: true, workers: false });
}, 300_000);
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

  it('compiles afresh from the SDL and the OpenAPI document with zero casts and zero `any`, and refuses an action of another game', async () => {
    const root = new URL('../../', import.meta.url).pathname;
    const operations = `${root}examples/graphql/operations.graphql`;
    const generated = await graphqlClientTypes(codegenConfig(`${root}node_modules/.cache/generated.ts`, operations, './openapi.js'));
    const openapi = await clientTypes(JSON.parse(readFileSync(OPENAPI_PATH, 'utf8')));
    const client = readFileSync(new URL('../../examples/graphql/client.ts', import.meta.url), 'utf8');
    // The client's code; transport.ts stands for an HTTP client library (it reads the wire's JSON as the generated types).
    expect(castsAndAny(client)).toEqual([]);
    const transport = readFileSync(new URL('../../examples/graphql/transport.ts', import.meta.url), 'utf8');
    const wrong = [
      "import type { GameMove, TurnQuery } from './generated.js';",
      "import type { components } from './openapi.js';",
      "const guildTownAction: components['schemas']['GuildTownAction'] = { type: 'noSwap' };",
      'export const refused: GameMove = { urbanization: guildTownAction };',
      "export const both: GameMove = { urbanization: { type: 'pass' }, guildTown: guildTownAction };",
      "export const mixed = (typed: Extract<NonNullable<TurnQuery['game']['typed']>, { __typename: 'UrbanizationGame' }>): GameMove => ({ guildTown: typed.urbanizationActions[0] });",
    ].join('\n');
    const diagnostics = compileClient({ 'generated.ts': generated, 'openapi.d.ts': openapi, 'transport.ts': transport, 'client.ts': client, 'wrong.ts': wrong });
    expect(diagnostics.map((line) => line.split(':').slice(0, 2).join(':'))).toEqual(['wrong.ts:4', 'wrong.ts:5', 'wrong.ts:6']);
  }, 600_000);

  it('names every served game in the GameTypeId enum', async () => {
    const { data } = await postGraphql(t, '{ __type(name: "GameTypeId") { enumValues { name } } }');
    expect(data.__type.enumValues.map((value: { name: string }) => value.name).sort()).toEqual(Object.keys(games).map((type) => typeIdOf(type)).sort());
  });

  it.each(Object.keys(games))('plays a whole %s game over HTTP (watched over WebSocket), typed per game, and every view it saw matches the game type\'s viewSchema', async (type) => {
    const port = (t.app.server.address() as { port: number }).port;
    let seed = 11;
    const typeId = typeIdOf(type) as Parameters<typeof playOneGame>[0]['typeId'];
    const played = await playOneGame({
      httpUrl: `http://127.0.0.1:${port}/graphql`,
      wsUrl: `ws://127.0.0.1:${port}/graphql`,
      typeId,
      webSocketImpl: WebSocket,
      // A seeded pick among the legal actions, so the game ends and the run repeats.
      choose: (actions) => actions[(seed = (seed * 16807) % 2147483647) % actions.length]!,
    });
    expect(played.outcome.status).toBe('finished');
    expect(played.outcome.typed).toMatchObject({ __typename: `${String(played.components?.view).replace(/View$/, '')}Game` });
    expect(played.moves).toBeLessThanOrEqual(played.outcome.version);
    expect(played.events.map((event) => event.seq)).toEqual(Array.from({ length: played.outcome.version }, (_, i) => i + 1));
    expect(played.updates.at(-1)).toMatchObject({ version: played.outcome.version, status: 'finished', activeSeats: [] });
    expect(played.record).toMatchObject({ typeId, status: 'finished' });
    expect(played.record.events).toHaveLength(played.outcome.version);

    const { data } = await postGraphql(t, '{ gameTypes { id viewSchema } }');
    const validate = new Ajv2020({ strict: false }).compile(data.gameTypes.find((entry: { id: string }) => entry.id === type).viewSchema);
    for (const view of played.views) if (view !== null) expect(validate(view), JSON.stringify(validate.errors)).toBe(true);
  }, 600_000);
});
