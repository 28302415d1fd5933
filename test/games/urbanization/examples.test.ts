import { describe, expect, it } from 'vitest';
import { urbanizationGame } from '../../../src/games/urbanization/index.js';
import { factoryDeckFor, FACTORIES, neighbours, COVERED } from '../../../src/games/urbanization/data.js';
import { freeMarkers } from '../../../src/games/urbanization/helpers.js';
import { actionState, apply, applyAll, refused } from './helpers.js';

describe('setup', () => {
  it('4 players: board, supply and each tracking card as the rulebook lists', () => {
    const s = urbanizationGame.setup({ seats: 4, options: { inventions: false }, seed: 'a' });
    expect(s.grainArea).toEqual({ barns: [4, 4, 4, 4], field: 4, returnArea: 8, outOfPlay: 0 });
    expect(s.display.map((slot) => slot.card)).toEqual([1, 2, 3]);
    expect(s.deck).toEqual(Array.from({ length: 15 }, (_, i) => i + 4));
    expect(s.supply).toEqual({ white: 15, grey: 15, orange: 11 });
    expect(s.territories.filter((t) => t.price === 1)).toHaveLength(24);
    for (const p of s.players) {
      expect(p).toMatchObject({ money: 8, grain: 1, orders: { white: 0, grey: 0, orange: 1 }, points: 1, houseLine: 1, citizens: 1 });
    }
    expect(freeMarkers(s, 0)).toBe(10);
    expect(s.docks.every((dock) => dock.length === 0)).toBe(true);
    expect(urbanizationGame.legalActions(s, 0).every((a) => a.type === 'place')).toBe(true);
  });

  it('2 and 3 players: factory subsets II / II+III, covering tiles, grain capacity per player (rules version 1)', () => {
    const two = urbanizationGame.setup({ seats: 2, options: { inventions: true }, seed: 'a', rulesVersion: 1 });
    expect(two.deck.length + 3).toBe(10);
    expect(FACTORIES.filter((c) => c.back === 'II').map((c) => c.number)).toEqual(factoryDeckFor(2));
    expect(two.territories.filter((t) => t.covered).map((t) => t.id)).toEqual([...COVERED[2]!]);
    expect(two.territories.filter((t) => t.price > 0)).toHaveLength(18);
    expect(two.grainArea).toEqual({ barns: [2, 2, 2, 2], field: 2, returnArea: 4, outOfPlay: 16 });
    expect(two.docks.flat()).toHaveLength(18);
    const three = urbanizationGame.setup({ seats: 3, options: { inventions: false }, seed: 'a', rulesVersion: 1 });
    expect(three.deck.length + 3).toBe(14);
    expect(three.territories.filter((t) => t.price > 0)).toHaveLength(21);
    expect(refused(two, 0, { type: 'place', territory: 0 })).toBe('TERRITORY_COVERED');
  });

  it('placement round: house and marker on a priced territory, its price marker moved to another priced one', () => {
    let s = urbanizationGame.setup({ seats: 2, options: { inventions: false }, seed: 'a' });
    s = apply(s, 0, { type: 'place', territory: 7 });
    expect(s.territories[7]).toMatchObject({ owner: 0, price: 0 });
    expect(s.territories[7]!.grounds[0]!.building).toBe('house');
    expect(refused(s, 0, { type: 'movePrice', territory: 7 })).toBe('PRICE_DESTINATION');
    s = apply(s, 0, { type: 'movePrice', territory: 8 });
    expect(s.territories[8]!.price).toBe(2);
    expect(refused(s, 1, { type: 'place', territory: 7 })).toBe('NO_PRICE_MARKER');
    s = applyAll(s, 1, [{ type: 'place', territory: 14 }, { type: 'movePrice', territory: 8 }]);
    expect(s.phase).toBe('hire');
    expect(s.territories[8]!.price).toBe(3);
    expect(freeMarkers(s, 0)).toBe(9);
  });
});

describe('worked examples of the rulebook', () => {
  it("Anika buys 5 grain (barns 1–4 and the field) for $9; only 1 per barn per action", () => {
    let s = actionState(4, [[7]]);
    s.players[0]!.money = 20;
    s = applyAll(s, 0, [0, 1, 2, 3, 4].map((source) => ({ type: 'buyGrain' as const, source })));
    expect(s.players[0]!.money).toBe(11);
    expect(s.players[0]!.grain).toBe(6);
    expect(refused(s, 0, { type: 'buyGrain', source: 0 })).toBe('ONE_PER_BARN');
    expect(refused(s, 0, { type: 'sellGrain' })).toBe('WRONG_STEP');
    s = apply(s, 0, { type: 'buyGrain', source: 4 });
    expect(s.grainArea.field).toBe(2);
    s = apply(s, 0, { type: 'done' });
    expect(s.step).toBe(1);
  });

  it('Anika sells 4 grain for $5: barn 1 is filled first (2 there, then barns 2 and 3)', () => {
    let s = actionState(2, [[7]]);
    s.grainArea.barns = [0, 1, 1, 2];
    s.grainArea.outOfPlay += 2;
    s.players[0]!.grain = 4;
    s.grainArea.outOfPlay -= 3;
    s = applyAll(s, 0, [1, 2, 3, 4].map(() => ({ type: 'sellGrain' as const })));
    expect(s.players[0]!.money).toBe(8 + 5);
    expect(s.grainArea.barns).toEqual([2, 2, 2, 2]);
  });

  it('Anika produces 2 orange goods with the Windmill: 2 points and $2; once per turn', () => {
    let s = actionState(2, [[7]]);
    s.territories[7]!.grounds[0]!.building = 'factory';
    s.pool.factories -= 1;
    s.players[0]!.factories.push({ territory: 7, ground: 0, cards: [2], producedThisTurn: false, output: { white: 0, grey: 0, orange: 0 } });
    s.players[0]!.orders.orange = 3;
    s.supply.orange -= 2;
    s = apply(s, 0, { type: 'produce', factory: 0 });
    expect(s.players[0]).toMatchObject({ money: 10, points: 3, orders: { orange: 1 } });
    expect(s.players[0]!.factories[0]!.output.orange).toBe(2);
    expect(refused(s, 0, { type: 'produce', factory: 0 })).toBe('ALREADY_PRODUCED');
  });

  it('Anika collects taxes: tax marker one space left, $1 per citizen; only while right of the citizen marker', () => {
    let s = actionState(2, [[7]]);
    s = apply(s, 0, { type: 'collectTaxes', taxCollector: false });
    expect(s.players[0]).toMatchObject({ money: 9, taxLine: 7 });
    const t = actionState(2, [[7]]);
    t.players[0]!.taxLine = 1;
    expect(refused(t, 0, { type: 'collectTaxes', taxCollector: false })).toBe('TAX_MARKER');
    t.players[0]!.citizens = 0;
    expect(refused(t, 0, { type: 'collectTaxes', taxCollector: false })).toBe('TAX_MARKER');
  });

  it("Anika's citizens: the lowest of the houses, grain and work-order lines, 2 points each, then feeding", async () => {
    const { finishAdministration } = await import('../../../src/games/urbanization/rules-flow.js');
    const s = actionState(2, [[7], [14]]);
    s.players[0]!.houseLine = 3;
    s.players[0]!.grain = 7;
    s.players[0]!.orders.orange = 1;
    s.players[1]!.houseLine = 2;
    s.players[1]!.grain = 5;
    s.players[1]!.orders.grey = 4;
    s.supply.grey -= 4;
    s.grainArea.outOfPlay -= 10;
    finishAdministration(s, []);
    expect(s.players[0]!.citizens).toBe(1);
    expect(s.players[1]!.citizens).toBe(2);
    // Seat 0: 1 + 2 (1 citizen) + 2 (6 grain left) = 5, then the Mayor (fewest points) +1; seat 1: 1 + 4 + 1 (3 grain left).
    expect(s.players[0]!.grain).toBe(6);
    expect(s.players[1]!.grain).toBe(3);
    expect(s.grainArea.returnArea).toBe(4 + 3);
    expect(s.players.map((p) => p.points)).toEqual([6, 6]);
    expect(s.players[0]!.mayor).toBe(true);
  });

  it('attract industry: a filled Bakery becomes a new factory on an empty ground (+2), markers return, next card is drawn', () => {
    let s = actionState(4, [[7], [13]]);
    s.display[0]!.spaces = [1, 0, 1];
    expect(freeMarkers(s, 0)).toBe(8);
    s.territories[7]!.grounds[0]!.building = 'house';
    s.pool.houses -= 1;
    expect(refused(s, 0, { type: 'attractIndustry', slot: 0, industryBoss: false })).toBe('NO_FACTORY_SITE');
    s.territories[7]!.grounds[0]!.building = null;
    s.pool.houses += 1;
    s = apply(s, 0, { type: 'attractIndustry', slot: 0, industryBoss: false });
    expect(s.display[0]!.card).toBe(4);
    expect(freeMarkers(s, 0)).toBe(9);
    expect(urbanizationGame.legalActions(s, 0)).toEqual([{ type: 'placeFactory', territory: 7, ground: 0 }]);
    s = apply(s, 0, { type: 'placeFactory', territory: 7, ground: 0 });
    expect(s.players[0]!.points).toBe(3);
    expect(s.players[0]!.factories[0]!.cards).toEqual([1]);
    expect(s.pool.factories).toBe(5);
    expect(refused(s, 1, { type: 'attractIndustry', slot: 1, industryBoss: false })).toBe('ORDERS_NOT_FILLED');
  });

  it('upgrade: the Windmill (2) goes on top of the Bakery (1) for 2 points; never onto a higher number', () => {
    let s = actionState(4, [[7]]);
    s.territories[7]!.grounds[0]!.building = 'factory';
    s.pool.factories -= 1;
    s.players[0]!.factories.push({ territory: 7, ground: 0, cards: [1], producedThisTurn: false, output: { white: 0, grey: 0, orange: 0 } });
    s.display[1]!.spaces = [0, 0, 0];
    s = applyAll(s, 0, [
      { type: 'attractIndustry', slot: 1, industryBoss: false },
      { type: 'placeFactory', territory: 7, ground: 0 },
    ]);
    expect(s.players[0]!.factories[0]!.cards).toEqual([1, 2]);
    expect(s.players[0]!.points).toBe(3);
    expect(s.pool.factories).toBe(5);
    const t = actionState(4, [[7]]);
    t.territories[7]!.grounds[0]!.building = 'factory';
    t.pool.factories -= 1;
    t.players[0]!.factories.push({ territory: 7, ground: 0, cards: [5], producedThisTurn: false, output: { white: 0, grey: 0, orange: 0 } });
    t.display[0]!.spaces = [0, 0, 0];
    expect(refused(t, 0, { type: 'attractIndustry', slot: 0, industryBoss: false })).toBe('NO_FACTORY_SITE');
  });

  it('buy land: adjacent by an edge, $1 per price marker, markers moved to territories still holding one', () => {
    expect(neighbours(7)).toEqual([6, 8, 13]);
    let s = actionState(4, [[7]]);
    s.territories[8]!.price = 3;
    s.territories[9]!.price = 0;
    s.priceOutOfPlay -= 1;
    expect(refused(s, 0, { type: 'buyLand', territory: 1, broker: false })).toBe('NOT_ADJACENT');
    s = apply(s, 0, { type: 'buyLand', territory: 8, broker: false });
    expect(s.players[0]!.money).toBe(5);
    expect(refused(s, 0, { type: 'movePrice', territory: 8 })).toBe('PRICE_DESTINATION');
    expect(refused(s, 0, { type: 'pass' })).toBe('WRONG_STEP');
    s = applyAll(s, 0, [
      { type: 'movePrice', territory: 13 },
      { type: 'movePrice', territory: 13 },
      { type: 'movePrice', territory: 0 },
    ]);
    expect(s.territories[13]!.price).toBe(3);
    expect(s.territories[0]!.price).toBe(2);
    expect(s.step).toBe(1);
  });
});
