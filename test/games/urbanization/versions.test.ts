import { describe, expect, it } from 'vitest';
import { factoryCard, factoryDeckFor, FACTORIES, INVENTIONS } from '../../../src/games/urbanization/data.js';
import { urbanizationGame } from '../../../src/games/urbanization/index.js';
import type { UrbanizationState } from '../../../src/games/urbanization/state.js';
import { actionState, apply, giveFactory, refused } from './helpers.js';

/** Rules version 2's fixes, each against version 1 (whose games keep its behaviour for ever). */
const V2 = { atLeastTwoIfOrdersAllow: true, factoryBacks: 2 };

describe('version 2 records its profile; version 1 states are as before', () => {
  it('adds the rules only to new games', () => {
    expect(urbanizationGame.setup({ seats: 2, options: { inventions: true }, seed: 'x', rulesVersion: 1 })).not.toHaveProperty('rules');
    expect(urbanizationGame.setup({ seats: 2, options: { inventions: true }, seed: 'x' }).rules).toEqual(V2);
  });
});

describe('"All of your orange factories produce at least 2 goods": a benefit, never a restriction', () => {
  /** Seat 0 holds the Spinning Jenny, a 1-good Bakery and `orders` orange work orders. */
  function bakery(orders: number, rules?: typeof V2): UrbanizationState {
    const s = actionState(2, [[7]], true);
    if (rules) s.rules = rules;
    giveFactory(s, 0, 7, [1]);
    expect(factoryCard(1)).toMatchObject({ name: 'Bakery', production: 1 });
    s.players[0]!.inventions = ['spinningJenny'];
    s.supply.orange -= orders - s.players[0]!.orders.orange;
    s.players[0]!.orders.orange = orders;
    return s;
  }

  it('version 1: with one work order the 1-good factory cannot produce at all', () => {
    expect(refused(bakery(1), 0, { type: 'produce', factory: 0 })).toBe('NOT_ENOUGH_ORDERS');
  });

  it('version 2: with one work order it makes its printed 1 good; with two, 2 goods', () => {
    const one = apply(bakery(1, V2), 0, { type: 'produce', factory: 0 });
    expect(one.players[0]!.orders.orange).toBe(0);
    expect(one.players[0]!.factories[0]!.output.orange).toBe(1);
    const two = apply(bakery(2, V2), 0, { type: 'produce', factory: 0 });
    expect(two.players[0]!.factories[0]!.output.orange).toBe(2);
    const twoV1 = apply(bakery(2), 0, { type: 'produce', factory: 0 });
    expect(twoV1.players[0]!.factories[0]!.output.orange).toBe(2);
  });

  it('version 2: the Union Leader uses 2 orders of any colour when there are 2, else 1', () => {
    const s = bakery(1, V2);
    s.players[0]!.character = 'unionLeader';
    expect(urbanizationGame.legalActions(s, 0).filter((a) => a.type === 'produceUnion')).toEqual([{ type: 'produceUnion', factory: 0, white: 0, grey: 0, orange: 1 }]);
    s.players[0]!.orders.grey = 1;
    s.supply.grey -= 1;
    const union = urbanizationGame.legalActions(s, 0).filter((a) => a.type === 'produceUnion');
    expect(union).toContainEqual({ type: 'produceUnion', factory: 0, white: 0, grey: 1, orange: 1 });
    expect(union.every((a) => a.type === 'produceUnion' && a.white + a.grey + a.orange === 2)).toBe(true);
  });
});

describe('invention combination bonuses', () => {
  const named = INVENTIONS.flatMap((card) => (card.bonus ? [card.bonus.factory] : []));
  const inDeck = (seats: number, edition: number) => new Set(factoryDeckFor(seats, edition).map((number) => factoryCard(number).name));

  it('version 1 (backs edition 1): 7 of the 13 named factories are missing with 2 players, 4 with 3', () => {
    expect(named).toHaveLength(13);
    expect(named.filter((name) => !inDeck(2, 1).has(name))).toHaveLength(7);
    expect(named.filter((name) => !inDeck(3, 1).has(name))).toHaveLength(4);
  });

  it('version 2 (backs edition 2): every named factory is in the deck at every player count, decks still grow with players', () => {
    for (const seats of [2, 3, 4]) expect(named.filter((name) => !inDeck(seats, 2).has(name)), `${seats} players`).toEqual([]);
    expect([2, 3, 4].map((seats) => factoryDeckFor(seats, 2).length)).toEqual([15, 17, 18]);
    expect(factoryDeckFor(4, 2)).toEqual(FACTORIES.map((card) => card.number));
    const game = urbanizationGame.setup({ seats: 2, options: { inventions: true }, seed: 'deck' });
    expect([...game.deck, ...game.display.map((slot) => slot.card)].sort((a, b) => a! - b!)).toEqual(factoryDeckFor(2, 2));
  });
});
