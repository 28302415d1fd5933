import { chooseBotAction } from '../../../src/engine/bots.js';
import { describe, expect, it } from 'vitest';
import { urbanizationGame } from '../../../src/games/urbanization/index.js';
import { barnRefill, chooseMayor, factoriesPhase, finalScoring, harvest } from '../../../src/games/urbanization/rules-flow.js';
import { actionState, apply, applyAll, giveFactory, refused } from './helpers.js';


describe('erect buildings', () => {
  it('houses $2 / 1 point each, many of one type per phase, then a skyscraper only in a later phase', () => {
    let s = actionState(2, [[7, 8], [14]]);
    s = applyAll(s, 0, [
      { type: 'erect', building: 'house', territory: 7, ground: 0, architect: false },
      { type: 'erect', building: 'house', territory: 8, ground: 0, architect: false },
    ]);
    expect(s.players[0]).toMatchObject({ money: 4, points: 3, houseLine: 3 });
    expect(refused(s, 0, { type: 'erect', building: 'skyscraper', territory: 7, ground: 0, architect: false })).toBe('ONE_BUILDING_TYPE');
    s = apply(s, 0, { type: 'done' });
    s = apply(s, 1, { type: 'pass' });
    s = apply(s, 0, { type: 'erect', building: 'skyscraper', territory: 7, ground: 0, architect: false });
    expect(s.players[0]).toMatchObject({ money: 1, points: 5, houseLine: 4 });
    expect(s.pool).toMatchObject({ houses: 11, skyscrapers: 5 });
    expect(refused(s, 0, { type: 'erect', building: 'skyscraper', territory: 8, ground: 0, architect: false })).toBe('NOT_ENOUGH_MONEY');
  });

  it('administrative building $3 / 2 points on any owned territory, even without an empty ground; pool of 5', () => {
    let s = actionState(2, [[7]]);
    s.territories[7]!.grounds[0]!.building = 'house';
    s.pool.houses -= 1;
    s.players[0]!.money = 30;
    s.pool.admin = 1;
    s = apply(s, 0, { type: 'erect', building: 'admin', territory: 7, ground: 0, architect: false });
    expect(s.players[0]).toMatchObject({ money: 27, points: 3 });
    expect(refused(s, 0, { type: 'erect', building: 'admin', territory: 7, ground: 0, architect: false })).toBe('POOL_EMPTY');
  });

  it('Architect: $1 off each building of the action; one use', () => {
    let s = actionState(2, [[7, 8]]);
    s.players[0]!.character = 'architect';
    s = applyAll(s, 0, [
      { type: 'erect', building: 'house', territory: 7, ground: 0, architect: true },
      { type: 'erect', building: 'house', territory: 8, ground: 0, architect: false },
    ]);
    expect(s.players[0]!.money).toBe(6);
    expect(s.players[0]!.characterUsed).toBe(true);
  });
});

describe('work orders and characters', () => {
  it('work orders fill left to right; $1 for the last space; Foreman doubles', () => {
    let s = actionState(2, [[7], [14]]);
    s.players[0]!.character = 'foreman';
    s = apply(s, 0, { type: 'takeOrders', slot: 0, foreman: true });
    // Bakery spaces: 2 orange, 1 orange, 1 grey. The Foreman doubles the first: 4 orange.
    expect(s.players[0]!.orders.orange).toBe(5);
    expect(s.display[0]!.spaces).toEqual([0, null, null]);
    s = apply(s, 1, { type: 'takeOrders', slot: 0, foreman: false });
    expect(s.players[1]!.orders.orange).toBe(2);
    s = apply(s, 0, { type: 'takeOrders', slot: 0, foreman: false });
    expect(s.players[0]!.orders.grey).toBe(1);
    expect(s.players[0]!.money).toBe(9);
    expect(refused(s, 1, { type: 'takeOrders', slot: 0, foreman: false })).toBe('ORDERS_FILLED');
  });

  it('Industry Boss takes any of the three cards unfilled; Union Leader pays by the colour of the orders used', () => {
    let s = actionState(2, [[7]]);
    s.players[0]!.character = 'industryBoss';
    s = applyAll(s, 0, [
      { type: 'attractIndustry', slot: 2, industryBoss: true },
      { type: 'placeFactory', territory: 7, ground: 0 },
    ]);
    expect(s.players[0]!.factories[0]!.cards).toEqual([4]);
    let t = actionState(2, [[7]]);
    giveFactory(t, 0, 7, [2]);
    t.players[0]!.character = 'unionLeader';
    t.players[0]!.orders = { white: 2, grey: 0, orange: 0 };
    t.supply.white -= 2;
    t.supply.orange += 1;
    t = apply(t, 0, { type: 'produceUnion', factory: 0, white: 2, grey: 0, orange: 0 });
    expect(t.players[0]).toMatchObject({ money: 14, points: 3 });
    expect(refused(t, 0, { type: 'produceUnion', factory: 0, white: 2, grey: 0, orange: 0 })).toBe('ALREADY_PRODUCED');
  });

  it('Tax Collector collects twice; Mill Worker takes 2 grain free from the field', () => {
    let s = actionState(2, [[7]]);
    s.players[0]!.character = 'taxCollector';
    s.players[0]!.citizens = 2;
    s = apply(s, 0, { type: 'collectTaxes', taxCollector: true });
    expect(s.players[0]).toMatchObject({ money: 12, taxLine: 6 });
    let t = actionState(2, [[7]]);
    t.players[0]!.character = 'millWorker';
    t = apply(t, 0, { type: 'millWorker' });
    expect(t.players[0]).toMatchObject({ grain: 3, money: 8 });
    expect(t.grainArea.field).toBe(0);
  });

  it('Real Estate Broker: exchange two territories’ price markers, then buy one of them', () => {
    let s = actionState(2, [[7]]);
    s.players[0]!.character = 'realEstateBroker';
    s.territories[8]!.price = 5;
    s.territories[20]!.price = 1;
    s = applyAll(s, 0, [{ type: 'buyLand', territory: 8, broker: true }]);
    expect(refused(s, 0, { type: 'swapPrice', territory: 8 })).toBe('SWAP_TERRITORY');
    s = apply(s, 0, { type: 'swapPrice', territory: 20 });
    expect(s.territories[20]!.price).toBe(5);
    expect(s.territories[8]).toMatchObject({ owner: 0, price: 0 });
    expect(s.players[0]!.money).toBe(7);
  });

  it('Farmer: up to 2 seeds on the card, harvested with the rest and doubled', () => {
    let s = actionState(2, [[7]]);
    s.players[0]!.character = 'farmer';
    s.players[0]!.grain = 4;
    s.grainArea.outOfPlay -= 3;
    s = applyAll(s, 0, [{ type: 'sowFarmer' }, { type: 'sowFarmer' }, { type: 'sow', territory: 7, ground: 0 }]);
    expect(refused(s, 0, { type: 'sowFarmer' })).toBe('FARMER_FULL');
    expect(s.players[0]!.grain).toBe(1);
    harvest(s, []);
    expect(s.players[0]!.grain).toBe(7);
    expect(s.grainArea.returnArea).toBe(1);
  });
});

describe('administration', () => {
  it('harvest: seeds come back doubled, extras from the return area, then the field, then barn 4; 8 at most', () => {
    const s = actionState(2, [[7, 8, 13]]);
    for (const id of [7, 8]) s.territories[id]!.grounds[0]!.grain = 1;
    s.territories[13]!.grounds.forEach((g) => (g.grain = 1));
    s.players[0]!.grain = 3;
    s.grainArea.returnArea = 1;
    s.grainArea.field = 1;
    harvest(s, []);
    // 4 seeds back (7) + 1 extra only (8 max): from the return area.
    expect(s.players[0]!.grain).toBe(8);
    expect(s.grainArea).toMatchObject({ returnArea: 0, field: 1 });
    const t = actionState(2, [[7, 8]]);
    t.territories[7]!.grounds[0]!.grain = 1;
    t.territories[8]!.grounds[0]!.grain = 1;
    t.grainArea.returnArea = 0;
    t.grainArea.field = 1;
    harvest(t, []);
    expect(t.players[0]!.grain).toBe(5);
    expect(t.grainArea.field).toBe(0);
    expect(t.grainArea.barns).toEqual([2, 2, 2, 1]);
  });

  it('factories: the lowest face-up card leaves, its markers return, production markers go back', () => {
    const s = actionState(2, [[7]]);
    const f = giveFactory(s, 0, 7, [2]);
    f.output.orange = 2;
    f.producedThisTurn = true;
    s.display[0]!.spaces = [0, null, null];
    factoriesPhase(s, []);
    expect(s.removedCards).toEqual([1]);
    expect(s.display.map((slot) => slot.card)).toEqual([6, 2, 4]);
    expect(s.display[0]!.spaces).toEqual([null, null, null]);
    expect(s.players[0]!.factories[0]!).toMatchObject({ producedThisTurn: false, output: { orange: 0 } });
    expect(s.supply.orange).toBe(15 - 2 + 2);
  });

  it('barn refill: surplus over 2 per player to the field, then barn 4, 3 …', () => {
    const s = actionState(2, [[7]]);
    s.grainArea = { barns: [0, 0, 2, 1], field: 0, returnArea: 9, outOfPlay: s.grainArea.outOfPlay };
    barnRefill(s);
    // 5 surplus: 2 to the field, 1 to barn 4 (full at 2), none to the full barn 3, 2 to barn 2.
    expect(s.grainArea).toMatchObject({ field: 2, barns: [0, 2, 2, 2], returnArea: 4 });
  });

  it('Mayor: fewest points, then least money, then nearest clockwise to the former start player', () => {
    const s = actionState(4, []);
    s.startPlayer = 2;
    s.players.forEach((p) => ((p.points = 10), (p.money = 5)));
    s.players[1]!.points = 9;
    s.players[3]!.points = 9;
    s.players[3]!.money = 4;
    expect(chooseMayor(s)).toBe(3);
    s.players[3]!.money = 5;
    expect(chooseMayor(s)).toBe(3);
    s.startPlayer = 3;
    expect(chooseMayor(s)).toBe(1);
  });

  it('final scoring: largest factory sum +2, tie to the newest factory; winner tie broken by the newest factory', () => {
    const s = actionState(3, [[7], [14], [20]]);
    giveFactory(s, 0, 7, [1, 8]);
    giveFactory(s, 1, 14, [9]);
    s.players.forEach((p) => (p.points = 20));
    s.players[1]!.points = 20;
    finalScoring(s, []);
    expect(s.final!.factorySums).toEqual([9, 9, 0]);
    expect(s.final!.factoryBonus).toBe(1);
    expect(s.players.map((p) => p.points)).toEqual([20, 22, 20]);
    const outcome = urbanizationGame.outcome(s)!;
    expect(outcome.winners).toEqual([1]);
    const t = actionState(3, [[7], [14], [20]]);
    giveFactory(t, 0, 7, [12]);
    giveFactory(t, 2, 20, [3]);
    t.players.forEach((p) => (p.points = 30));
    t.players[0]!.points = 28;
    finalScoring(t, []);
    expect(urbanizationGame.outcome(t)!.winners).toEqual([0]);
    expect(urbanizationGame.outcome(t)!.ranking).toEqual([0, 2, 1]);
  });
});

describe('inventions', () => {
  it('acquire: the first space moved is free, each further one $1; move right only; Professor takes the whole dock', () => {
    let s = actionState(2, [[7], [14]], true);
    s = apply(s, 0, { type: 'acquireInvention', marker: -1, space: 2, professor: false });
    expect(s.players[0]!.money).toBe(6);
    expect(urbanizationGame.legalActions(s, 0)).toEqual([
      { type: 'takeInvention', invention: 'telephone' },
      { type: 'takeInvention', invention: 'keroseneLamp' },
    ]);
    s = apply(s, 0, { type: 'takeInvention', invention: 'telephone' });
    expect(s.players[0]).toMatchObject({ points: 2, inventions: ['telephone'], inventionMarkers: [2] });
    s = apply(s, 1, { type: 'pass' });
    expect(refused(s, 0, { type: 'acquireInvention', marker: 0, space: 2, professor: false })).toBe('MOVE_RIGHT');
    s.players[0]!.character = 'professor';
    s = apply(s, 0, { type: 'acquireInvention', marker: 0, space: 4, professor: true });
    expect(s.players[0]!.money).toBe(5);
    expect(s.players[0]!.inventions).toEqual(['telephone', 'basicLanguage', 'bessemerConverter']);
    expect(s.docks[4]).toEqual([]);
    expect(refused(actionState(2, [[7]]), 0, { type: 'acquireInvention', marker: -1, space: 0, professor: false })).toBe('NO_INVENTIONS');
  });

  it('production cards: at least 2 goods, more money and double points per good', () => {
    let s = actionState(2, [[7]], true);
    giveFactory(s, 0, 7, [1]);
    s.players[0]!.inventions = ['spinningJenny', 'sewingMachine', 'dynamite'];
    s.players[0]!.orders.orange = 2;
    s.supply.orange -= 1;
    s = apply(s, 0, { type: 'produce', factory: 0 });
    expect(s.players[0]).toMatchObject({ money: 12, points: 5 });
  });

  it('administration cards: order gifts, Steam Engine choice, Seed Drill, GMO, Combine Harvester, final factory bonus', () => {
    let s = actionState(2, [[7], [14]], true);
    s.players[0]!.inventions = ['telephone', 'steamEngine', 'seedDrill', 'geneticallyModifiedFood', 'combineHarvester', 'keroseneLamp'];
    s.players[0]!.orders.orange = 2;
    s.supply.orange -= 1;
    giveFactory(s, 0, 7, [11]);
    s.actionPhase = 4;
    s.step = 0;
    s = applyAll(s, 0, [{ type: 'pass' }]);
    s = apply(s, 1, { type: 'pass' });
    expect(s.phase).toBe('steam');
    expect(s.players[0]!.grain).toBe(4);
    expect(s.players[0]!.orders.white).toBe(1);
    expect(urbanizationGame.activeSeats(s)).toEqual([0]);
    s = apply(s, 0, { type: 'steamEngine', exchange: true });
    expect(s.phase).toBe('hire');
    expect(s.players[0]!.orders).toEqual({ white: 1, grey: 2, orange: 0 });
  });
});

describe('contract details', () => {
  it('refuses wrong seats, malformed actions and actions after the end', () => {
    const s = actionState(2, [[7]]);
    expect(refused(s, 1, { type: 'pass' })).toBe('NOT_YOUR_TURN');
    expect(refused(s, 0, { type: 'buyLand', territory: 99, broker: false })).toBe('BAD_ACTION');
    s.phase = 'over';
    expect(refused(s, 0, { type: 'pass' })).toBe('GAME_OVER');
    expect(urbanizationGame.activeSeats(s)).toEqual([]);
  });

  it('timeoutAction is always legal and the greedy bot always returns a legal action', () => {
    let s = urbanizationGame.setup({ seats: 3, options: { inventions: true }, seed: 't' });
    for (let step = 0; urbanizationGame.outcome(s) === null; step++) {
      const seat = urbanizationGame.activeSeats(s)[0]!;
      const timeout = urbanizationGame.timeoutAction(s, seat);
      expect(urbanizationGame.legalActions(s, seat)).toContainEqual(timeout);
      const action = step % 2 === 0 ? chooseBotAction(urbanizationGame, 'greedy', s, seat, `g${step}`) : timeout;
      s = apply(s, seat, action);
    }
    expect(urbanizationGame.outcome(s)!.scores).toHaveLength(3);
  });
});
