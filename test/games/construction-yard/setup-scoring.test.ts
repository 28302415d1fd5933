import { describe, expect, it } from 'vitest';
import { openRng, seedRng } from '../../../src/engine/rng.js';
import {
  BUILDING_CARDS,
  BUILDING_PRICES,
  BUILDING_TYPES,
  MONEY_CARDS,
  POINTS,
  SCORING_A,
  SCORING_B,
  moneyCard,
} from '../../../src/games/construction-yard/data.js';
import { majorityPoints, scoreRound } from '../../../src/games/construction-yard/scoring.js';
import { chooseStartPlayer, handTotal } from '../../../src/games/construction-yard/setup.js';
import { building, fresh, game } from './helpers.js';

describe('components', () => {
  it('has 108 money cards: four currencies, values 1 to 9, three of each', () => {
    expect(MONEY_CARDS).toHaveLength(108);
    expect(new Set(MONEY_CARDS.map((card) => card.id)).size).toBe(108);
    for (const currency of ['blue', 'green', 'orange', 'yellow']) {
      for (let value = 1; value <= 9; value++) {
        expect(MONEY_CARDS.filter((card) => card.currency === currency && card.value === value)).toHaveLength(3);
      }
    }
  });

  it('has 54 buildings with the rulebook quantities and price ranges, every price of a range present', () => {
    expect(BUILDING_CARDS).toHaveLength(54);
    const table = { museum: [2, 8, 7], theater: [3, 9, 7], station: [4, 10, 9], church: [5, 11, 9], park: [6, 12, 11], skyscraper: [7, 13, 11] } as const;
    for (const type of BUILDING_TYPES) {
      const [min, max, quantity] = table[type];
      const prices = BUILDING_CARDS.filter((card) => card.type === type).map((card) => card.price);
      expect(prices).toHaveLength(quantity);
      expect(Math.min(...prices)).toBe(min);
      expect(Math.max(...prices)).toBe(max);
      for (let price = min; price <= max; price++) expect(prices).toContain(price);
      expect(BUILDING_PRICES[type]).toEqual(prices);
    }
  });

  it('the reference card agrees with the worked examples', () => {
    expect(POINTS.church.A).toEqual([4]); // the most white buildings in A
    expect(POINTS.skyscraper.B).toEqual([13, 6]); // purple, first and second in B
    expect(POINTS.park.C).toEqual([20, 12, 5]); // green in C
    for (const type of BUILDING_TYPES) {
      expect(POINTS[type].A).toHaveLength(1);
      expect(POINTS[type].B).toHaveLength(2);
      expect(POINTS[type].C).toHaveLength(3);
    }
  });
});

describe('setup', () => {
  const seeds = Array.from({ length: 150 }, (_, i) => `setup-${i}`);

  it('deals starting capital card by card until 20 or more: always 20 to 28', () => {
    for (const seats of [2, 3, 4, 5, 6]) {
      for (const seed of seeds.slice(0, 40)) {
        const state = fresh(seats, seed);
        for (const hand of state.hands) {
          const total = handTotal(hand);
          expect(total).toBeGreaterThanOrEqual(20);
          expect(total).toBeLessThanOrEqual(28);
        }
        expect(state.moneyDisplay).toHaveLength(4);
        expect(state.yard.every((id) => id !== null)).toBe(true);
        expect(state.current).toBe(state.startPlayer);
      }
    }
  });

  it('starts with the fewest cards, then the lowest total, then a seeded draw', () => {
    const rng = () => openRng(seedRng('x'));
    const a = ['blue-9-a', 'blue-9-b', 'blue-2-a']; // 3 cards, 20
    const b = ['green-9-a', 'green-9-b', 'green-5-a']; // 3 cards, 23
    const c = ['orange-5-a', 'orange-5-b', 'orange-5-c', 'orange-6-a']; // 4 cards, 21
    expect(chooseStartPlayer([c, b, a], rng())).toBe(2);
    expect(chooseStartPlayer([c, b], rng())).toBe(1);
    const a2 = ['yellow-9-a', 'yellow-2-a', 'yellow-9-b']; // 3 cards, 20: tied with a
    const picks = new Set(seeds.map((seed) => chooseStartPlayer([a, c, a2], openRng(seedRng(seed)))));
    expect([...picks].sort()).toEqual([0, 2]);
    // In real setups the start player always holds the fewest cards and, among those, the lowest total.
    for (const seed of seeds.slice(0, 50)) {
      const state = fresh(5, seed);
      const fewest = Math.min(...state.hands.map((hand) => hand.length));
      const start = state.hands[state.startPlayer]!;
      expect(start).toHaveLength(fewest);
      const lowest = Math.min(...state.hands.filter((hand) => hand.length === fewest).map(handTotal));
      expect(handTotal(start)).toBe(lowest);
    }
  });

  it('puts scoring A in the second fifth of the deck and B in the fourth, never earlier', () => {
    for (const seats of [2, 4, 6]) {
      const positionsA = new Set<number>();
      for (const seed of seeds) {
        const deck = fresh(seats, seed).moneyDeck;
        const n = deck.length - 2;
        const a = deck.indexOf(SCORING_A);
        const b = deck.indexOf(SCORING_B);
        const cut = (i: number) => Math.floor((i * n) / 5);
        expect(a).toBeGreaterThanOrEqual(cut(1)); // never in the first fifth
        expect(a).toBeLessThanOrEqual(cut(2)); // within the second pile
        expect(b).toBeGreaterThanOrEqual(cut(3) + 1); // after the third pile (and A), so never in A's pile
        expect(b).toBeLessThanOrEqual(cut(4) + 1);
        positionsA.add(a - cut(1));
      }
      expect(positionsA.size).toBeGreaterThan(5); // shuffled into the pile, not at a fixed place
    }
  });

  it('is deterministic per seed and differs between seeds', () => {
    expect(fresh(4, 's1')).toEqual(fresh(4, 's1'));
    expect(fresh(4, 's1').moneyDeck).not.toEqual(fresh(4, 's2').moneyDeck);
  });
});

describe('majority scoring', () => {
  it('gives first place only in A', () => {
    expect(majorityPoints([2, 1, 0], POINTS.church.A)).toEqual([4, 0, 0]);
  });
  it('shares tied ranks rounded down: Tobi and Nina with 4 purple each in B get 9', () => {
    expect(majorityPoints([4, 4, 1], POINTS.skyscraper.B)).toEqual([9, 9, 0]);
  });
  it('Paul and Nina 3 green, Tobi and Kate 2 green in C: 16, 16, 2, 2', () => {
    expect(majorityPoints([3, 3, 2, 2], POINTS.park.C)).toEqual([16, 16, 2, 2]);
  });
  it('pays nobody without a card, and ranks past the table nothing', () => {
    expect(majorityPoints([0, 0, 0], POINTS.park.C)).toEqual([0, 0, 0]);
    expect(majorityPoints([1, 0, 0], POINTS.museum.B)).toEqual([8, 0, 0]);
    expect(majorityPoints([2, 2, 2], POINTS.park.C)).toEqual([12, 12, 12]); // 37 / 3
    expect(majorityPoints([3, 1, 1], POINTS.skyscraper.B)).toEqual([13, 3, 3]);
    expect(majorityPoints([3, 2, 1, 1], POINTS.park.B)).toEqual([12, 5, 0, 0]);
  });
  it('adds up every type for a whole scoring', () => {
    const owned = [
      [building('church', 5), building('church', 6), building('park', 6)],
      [building('church', 7), building('skyscraper', 7)],
    ];
    expect(scoreRound(owned, 'A').points).toEqual([4 + 5, 6]);
    expect(scoreRound(owned, 'B').points).toEqual([11 + 12, 4 + 13]);
  });
});

describe('views', () => {
  it('show a seat its own hand, others only hand sizes, and nobody the decks or the seed', () => {
    const state = fresh(4, 'view');
    const mine = game.view(state, 1);
    expect(mine.hand?.map((card) => card.id)).toEqual(state.hands[1]);
    expect(mine.players.map((player) => player.handSize)).toEqual(state.hands.map((hand) => hand.length));
    expect(game.view(state, null).hand).toBeNull();
    for (const seat of [null, 0, 1, 2, 3]) {
      const text = JSON.stringify(game.view(state, seat));
      expect(text).not.toContain('scoring-');
      expect(text).not.toContain('rng');
      expect(text).not.toContain('"view"');
      for (const id of state.moneyDeck) expect(text).not.toContain(`"${id}"`);
      state.hands.forEach((hand, owner) => {
        if (owner !== seat) for (const id of hand) expect(text).not.toContain(id);
      });
    }
    expect(game.view(state, null).moneyDisplay).toEqual(state.moneyDisplay.map(moneyCard).map(({ currency, value }) => ({ currency, value })));
  });
});
