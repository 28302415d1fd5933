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
    // Bots and their levels, typed, as REST lists them.
    const typed = (await postGraphql(t, '{ gameTypes { id bots botLevels { name level description } } }')).data.gameTypes;
    const rest = (await t.http.get('/v1/game-types').expect(200)).body.map((type: { id: string; bots: string[]; botLevels: unknown[] }) => ({ id: type.id, bots: type.bots, botLevels: type.botLevels }));
    expect(typed).toEqual(rest);
  });

  it('compiles afresh from the SDL and the OpenAPI document with zero casts and zero `any`, and refuses an action of another game', async () => {
    const root = new URL('../../', import.meta.url).pathname;
    const operations = `${root}examples/graphql/operations.graphql`;
    const generated = await graphqlClientTypes(codegenConfig(`${root}node_modules/.cache/generated.ts`, operations, './openapi.js'));
    const openapi = await clientTypes(JSON.parse(readFileSync(OPENAPI_PATH, 'utf8')));
    const client = readFileSync(new URL('../../examples/graphql/client.ts', import.meta.url), 'utf8');
    // The client's code and its transport (graphql-request): no cast, no `any`, anywhere.
    const transport = readFileSync(new URL('../../examples/graphql/transport.ts', import.meta.url), 'utf8');
    expect(castsAndAny(client)).toEqual([]);
    expect(castsAndAny(transport)).toEqual([]);
    // What a client does with the typed results, compiled clean and cast-free too: an action's answer, an
    // update, a game type's bots and its view schema handed to Ajv as they are.
    const uses = [
      "import { Ajv2020 } from 'ajv/dist/2020.js';",
      "import type { CreateGameMutation, GameUpdatesSubscription, PlayMutation } from './generated.js';",
      "import type { components } from './openapi.js';",
      "import { typedView } from './client.js';",
      "type GameType = CreateGameMutation['createGame']['gameType'];",
      'export const validatorOf = (type: GameType) => (type.viewSchema ? new Ajv2020({ strict: false }).compile(type.viewSchema) : null);',
      "export const botNames = (type: GameType): string[] => type.botLevels.map((bot) => `${bot.name} (${bot.level}): ${bot.description}`).concat(type.bots);",
      "export const urbanizationAfter = (answer: PlayMutation['submitAction']): components['schemas']['UrbanizationView'] | null => (answer.typed?.__typename === 'UrbanizationGame' ? answer.typed.urbanizationView : null);",
      "export const updated = (update: GameUpdatesSubscription['gameUpdated']) => typedView(update.typed);",
    ].join('\n');
    expect(castsAndAny(uses)).toEqual([]);
    const wrong = [
      "import type { GameMove, TurnQuery } from './generated.js';",
      "import type { components } from './openapi.js';",
      "const guildTownAction: components['schemas']['GuildTownAction'] = { type: 'noSwap' };",
      'export const refused: GameMove = { urbanization: guildTownAction };',
      "export const both: GameMove = { urbanization: { type: 'pass' }, guildTown: guildTownAction };",
      "export const mixed = (typed: Extract<NonNullable<TurnQuery['game']['typed']>, { __typename: 'UrbanizationGame' }>): GameMove => ({ guildTown: typed.urbanizationActions[0] });",
    ].join('\n');
    const diagnostics = compileClient({ 'generated.ts': generated, 'openapi.d.ts': openapi, 'transport.ts': transport, 'client.ts': client, 'uses.ts': uses, 'wrong.ts': wrong });
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

    // The game type's view schema, bots and levels as createGame answered them, typed.
    expect(played.bots[0]).toBe('random');
    expect(played.botLevels.map((bot) => bot.name)).toEqual(played.bots);
    expect(played.viewSchema?.$id).toBe(played.components?.view);
    const validate = new Ajv2020({ strict: false }).compile(played.viewSchema ?? {});
    // Every view it saw, asked for (Game.typed), answered to a move (ActionResult.typed) and pushed (GameUpdate.typed).
    expect(played.actionViews).toHaveLength(played.moves);
    const updateViews = played.updateViews.filter((view) => view !== null);
    expect(updateViews.length).toBeGreaterThanOrEqual(played.outcome.version - 1);
    for (const view of [...played.views, ...played.actionViews, ...updateViews]) if (view !== null) expect(validate(view), JSON.stringify(validate.errors)).toBe(true);
    expect(played.actionViews.every((view) => view !== null)).toBe(true);
  }, 600_000);
});
