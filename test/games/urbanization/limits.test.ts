import { describe, expect, it } from 'vitest';
import { urbanizationGame } from '../../../src/games/urbanization/index.js';
import { factoriesPhase, finalScoring, harvest } from '../../../src/games/urbanization/rules-flow.js';
import type { UrbanizationState } from '../../../src/games/urbanization/state.js';
import { actionState, apply, applyAll, refused } from './helpers.js';

function withFactory(s: UrbanizationState, seat: number, territory: number, cards: number[]): void {
  s.territories[territory]!.grounds[0]!.building = 'factory';
  s.pool.factories -= 1;
  s.players[seat]!.factories.push({ territory, ground: 0, cards, producedThisTurn: false, output: { white: 0, grey: 0, orange: 0 } });
}

describe('limits and remaining cards', () => {
  it('hire: one card per seat per turn, the Professor only with Inventions, the Mayor is never hired', () => {
    const s = urbanizationGame.setup({ seats: 2, options: { inventions: false }, seed: 'h' });
    s.phase = 'hire';
    expect(refused(s, 0, { type: 'hire', character: 'professor' })).toBe('NO_PROFESSOR');
    const t = apply(s, 0, { type: 'hire', character: 'farmer' });
    expect(refused(t, 1, { type: 'hire', character: 'farmer' })).toBe('CHARACTER_TAKEN');
    expect(urbanizationGame.legalActions(t, 1)).toHaveLength(7);
  });

  it('pools: no house without one in the pool; selling stops when every barn and the field are full', () => {
    const s = actionState(2, [[7]]);
    s.pool.houses = 0;
    expect(refused(s, 0, { type: 'erect', building: 'house', territory: 7, ground: 0, architect: false })).toBe('POOL_EMPTY');
    expect(refused(s, 0, { type: 'sellGrain' })).toBe('GRAIN_AREA_FULL');
    s.grainArea.field = 1;
    const t = apply(s, 0, { type: 'sellGrain' });
    expect(t.players[0]!.money).toBe(11);
  });

  it('Iron Plow: two seeds per ground; Traction Engine: $1 per grain', () => {
    let s = actionState(2, [[7]], true);
    s.players[0]!.inventions = ['ironPlow', 'tractionEngine'];
    s.players[0]!.grain = 3;
    s.grainArea.outOfPlay -= 2;
    s = applyAll(s, 0, [{ type: 'sow', territory: 7, ground: 0 }, { type: 'sow', territory: 7, ground: 0 }]);
    expect(refused(s, 0, { type: 'sow', territory: 7, ground: 0 })).toBe('GROUND_NOT_EMPTY');
    let t = actionState(2, [[7]], true);
    t.players[0]!.inventions = ['tractionEngine'];
    t = applyAll(t, 0, [{ type: 'buyGrain', source: 4 }, { type: 'buyGrain', source: 3 }]);
    expect(t.players[0]!.money).toBe(6);
  });

  it('white and grey production cards: Basic $4, Internet 2 points, Combustion $3, Microchip 2 points, Telegraph 2 goods', () => {
    let s = actionState(2, [[7, 8]], true);
    withFactory(s, 0, 7, [7]);
    withFactory(s, 0, 8, [4]);
    s.players[0]!.inventions = ['telegraph', 'basicLanguage', 'internet', 'combustionEngine', 'microchip'];
    s.players[0]!.orders = { white: 2, grey: 1, orange: 1 };
    s.supply.white -= 2;
    s.supply.grey -= 1;
    s = apply(s, 0, { type: 'produce', factory: 0 });
    expect(s.players[0]).toMatchObject({ money: 16, points: 5 });
    s = apply(s, 0, { type: 'produce', factory: 1 });
    expect(s.players[0]).toMatchObject({ money: 19, points: 7 });
  });

  it('Bessemer and Porcelain give orders in the factories phase; Seed Drill and GMO add harvest grain; Combine Harvester scores', () => {
    const s = actionState(2, [[7]], true);
    s.players[0]!.inventions = ['bessemerConverter', 'porcelain', 'seedDrill', 'geneticallyModifiedFood', 'combineHarvester'];
    factoriesPhase(s, []);
    expect(s.players[0]!.orders).toEqual({ white: 0, grey: 1, orange: 2 });
    harvest(s, []);
    expect(s.players[0]!.grain).toBe(4);
    expect(s.players[0]!.points).toBe(3);
  });

  it('final scoring: invention cards score with their factory, active or inactive', () => {
    const s = actionState(2, [[7], [14]], true);
    withFactory(s, 0, 7, [7, 16]);
    s.players[0]!.inventions = ['telegraph', 'internet', 'microchip'];
    finalScoring(s, []);
    expect(s.final!.inventionBonus).toEqual([5, 0]);
    expect(s.players[0]!.points).toBe(1 + 5 + 2);
  });
});

describe('turn structure', () => {
  it('taking an invention marker back is free: the same seat still acts and has the marker in its pool again', () => {
    let s = actionState(2, [[7], [14]], true);
    s.players[0]!.inventionMarkers = [3];
    s = apply(s, 0, { type: 'removeInventionMarker', marker: 0 });
    expect(s.players[0]!.inventionMarkers).toEqual([]);
    expect(urbanizationGame.activeSeats(s)).toEqual([0]);
  });

  it('after 4 action phases the administration runs; the Mayor starts turn 2 and hires first', () => {
    let s = actionState(3, [[7], [14], [20]]);
    s.players[2]!.points = 0;
    for (let phase = 0; phase < 4; phase++) for (const seat of [0, 1, 2]) s = apply(s, seat, { type: 'pass' });
    expect(s.turn).toBe(2);
    expect(s.phase).toBe('hire');
    expect(s.startPlayer).toBe(2);
    expect(s.players[2]!.mayor).toBe(true);
    expect(urbanizationGame.activeSeats(s)).toEqual([2]);
    expect(s.display.map((slot) => slot.card)).toEqual([5, 2, 4]);
    s = apply(s, 2, { type: 'hire', character: 'architect' });
    expect(urbanizationGame.activeSeats(s)).toEqual([0]);
  });
});
