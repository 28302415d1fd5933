import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILDING_PRICES, BUILDING_TYPES, POINTS } from '../../src/games/construction-yard/data.js';
import { BUILDINGS, MONEY } from '../../src/games/guild-town/data.js';
import { games } from '../../src/games/index.js';
import { PIECES, TILES } from '../../src/games/milestone-city/data.js';
import { FACTORIES, INVENTIONS } from '../../src/games/urbanization/data.js';
import { PUBLISHED } from '../../src/http/game-schemas.js';
import { startTestApp, type TestApp } from '../support/api.js';
import { contractChecker } from '../support/contract.js';
import { postGraphql } from '../support/graphql.js';
import { toyGame } from '../support/toy-game.js';

/** GET /v1/game-types/{type}/catalog: the printed components a client draws a game's views with. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ catalog: { ...games, toy: toyGame } });
});
afterAll(async () => t?.close());

const catalogOf = async (type: string) => (await t.http.get(`/v1/game-types/${type}/catalog`).expect(200)).body;

describe('a game type catalog', () => {
  it('is public, cacheable, and is the published <Game>Catalog component for every served game', async () => {
    const contract = contractChecker();
    for (const type of Object.keys(games)) {
      const response = await t.http.get(`/v1/game-types/${type}/catalog`).expect(200);
      expect(response.headers['cache-control']).toBe('public, max-age=3600');
      expect(contract.component(String(PUBLISHED[type]!.catalog.$id))(response.body), type).toEqual([]);
    }
  });

  it("names the faces of the ids the views use, as the game's edition data prints them", async () => {
    const urbanization = await catalogOf('urbanization');
    expect(urbanization.factories).toHaveLength(FACTORIES.length);
    expect(urbanization.factories.find((card: { number: number }) => card.number === 1)).toMatchObject({ name: FACTORIES[0]!.name, colour: FACTORIES[0]!.colour });
    expect(urbanization.inventions.map((card: { id: string }) => card.id)).toEqual(INVENTIONS.map((card) => card.id));

    const guildTown = await catalogOf('guild-town');
    expect(guildTown.buildings).toHaveLength(BUILDINGS.length);
    for (const card of BUILDINGS) expect(guildTown.buildings[card.id]).toMatchObject({ id: card.id, name: card.name, product: card.product, inputs: card.inputs });
    for (const card of MONEY) expect(guildTown.money[card.id]).toEqual({ id: card.id, colour: card.colour, value: card.value });

    const milestoneCity = await catalogOf('milestone-city');
    expect(milestoneCity.pieces.list.map((piece: { art: string[] }) => piece.art)).toEqual(PIECES.map((piece) => piece.art));
    expect(milestoneCity.tiles.map((tile: { id: string }) => tile.id)).toEqual(TILES.map((tile) => tile.id));
    // Costs and effects for the buttons: a building's cost and bars, a zone's bars and its served bonus.
    const card = (kind: string) => milestoneCity.cards.find((entry: { kind: string }) => entry.kind === kind);
    expect(card('clinic')).toEqual({ kind: 'clinic', name: 'Medical clinic', type: 'service', cost: 1, effects: { happiness: 1 }, benefit: null, provides: 'health' });
    expect(card('resHealth')).toMatchObject({ type: 'zone', cost: null, effects: { water: -1, employment: 1 }, benefit: { service: 'health', effects: { money: 1 } } });
    expect(urbanization.buildings).toEqual([{ building: 'house', cost: 2, points: 1 }, { building: 'skyscraper', cost: 3, points: 2 }, { building: 'admin', cost: 3, points: 2 }]);
    expect(urbanization.grainPrices).toEqual([1, 1, 2, 2, 3]);

    // Guild town's payments for the board's "still owed" line and its paying spaces: sets of one colour, covering a helper.
    expect(guildTown).toMatchObject({ moneySetStep: 5, coverPointsPerYear: 1 });

    // Construction yard's reference card and price lists, for the buy buttons and the yard.
    const constructionYard = await catalogOf('construction-yard');
    expect(constructionYard.buildingTypes.map((entry: { type: string }) => entry.type)).toEqual([...BUILDING_TYPES]);
    for (const [i, type] of BUILDING_TYPES.entries()) expect(constructionYard.buildingTypes[i]).toMatchObject({ prices: BUILDING_PRICES[type], points: POINTS[type] });
    expect(constructionYard.buildingTypes.find((entry: { type: string }) => entry.type === 'church').points).toEqual({ A: [4], B: [11, 4], C: [19, 11, 4] });
    expect(constructionYard).toMatchObject({ takeLimit: 5, actionsPerTurn: 5 });
  });

  it('answers 404 for a game type it does not serve, or one without a catalog, and 400 for a malformed one', async () => {
    for (const type of ['chess', 'toy', 'constructor', '__proto__', 'toString']) {
      const response = await t.http.get(`/v1/game-types/${type}/catalog`).expect(404);
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(response.body.code).toBe('NOT_FOUND');
    }
    expect((await t.http.get(`/v1/game-types/${'x'.repeat(65)}/catalog`).expect(400)).body.code).toBe('VALIDATION_FAILED');
  });

  it('is the same on GraphQL (GameType.catalog), named by GameType.components.catalog', async () => {
    const answer = await postGraphql(t, '{ gameTypes { id catalog components { catalog } } }');
    expect(answer.errors).toBeUndefined();
    const types = (answer.data as { gameTypes: { id: string; catalog: unknown; components: { catalog: string } | null }[] }).gameTypes;
    for (const type of Object.keys(games)) {
      const entry = types.find((candidate) => candidate.id === type)!;
      expect(entry.catalog).toEqual(await catalogOf(type));
      expect(entry.components!.catalog).toBe(PUBLISHED[type]!.catalog.$id);
    }
    expect(types.find((candidate) => candidate.id === 'toy')).toMatchObject({ catalog: null, components: null });
  });
});
