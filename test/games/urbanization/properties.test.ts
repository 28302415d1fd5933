import { describe, expect, it } from 'vitest';
import { playRandomGame } from '../../support/engine-properties.js';
import { urbanizationGame } from '../../../src/games/urbanization/index.js';
import type { UrbanizationState } from '../../../src/games/urbanization/state.js';
import { GRAIN_MARKERS, ORDERS_PER_COLOUR, POOLS, PRICE_MARKERS, COLOURS, factoryDeckFor } from '../../../src/games/urbanization/data.js';
import { freeMarkers } from '../../../src/games/urbanization/helpers.js';

/** Conservation of components and other invariants that must hold after every action. */
export function checkInvariants(raw: unknown): void {
  const s = raw as UrbanizationState;
  // Grain: 32 markers between the board, the players' cards, their grounds and Farmer cards, and the box.
  const a = s.grainArea;
  let grain = a.barns.reduce((x, y) => x + y, 0) + a.field + a.returnArea + a.outOfPlay;
  for (const p of s.players) grain += p.grain + p.farmerSeeds;
  for (const t of s.territories) for (const g of t.grounds) grain += g.grain;
  expect(grain).toBe(GRAIN_MARKERS);
  for (const barn of a.barns) expect(barn).toBeLessThanOrEqual(s.seats);
  expect(a.field).toBeLessThanOrEqual(s.seats);
  // Work orders: 15 of each colour between the supply, the players and the production spaces.
  for (const colour of COLOURS) {
    let n = s.supply[colour];
    for (const p of s.players) {
      n += p.orders[colour];
      for (const f of p.factories) n += f.output[colour];
      expect(p.orders[colour]).toBeGreaterThanOrEqual(0);
    }
    expect(n).toBe(ORDERS_PER_COLOUR);
  }
  // Building pools.
  let houses = 0;
  let skyscrapers = 0;
  let factories = 0;
  let admin = 0;
  for (const t of s.territories) {
    admin += t.admin;
    for (const g of t.grounds) {
      if (g.building === 'house') houses++;
      if (g.building === 'skyscraper') skyscrapers++;
      if (g.building === 'factory') factories++;
      if (g.building !== null) expect(g.grain).toBe(0);
      if (g.building !== null || g.grain > 0) expect(t.owner).not.toBeNull();
    }
  }
  expect(houses + s.pool.houses).toBe(POOLS.houses);
  expect(skyscrapers + s.pool.skyscrapers).toBe(POOLS.skyscrapers);
  expect(factories + s.pool.factories).toBe(POOLS.factories);
  expect(admin + s.pool.admin).toBe(POOLS.admin);
  expect(s.players.reduce((n, p) => n + p.factories.length, 0)).toBe(factories);
  // Price markers: 24 between territories, the pending move and the box.
  const pendingPrice = s.pending?.kind === 'price' ? s.pending.count : 0;
  expect(s.territories.reduce((n, t) => n + t.price, 0) + pendingPrice + s.priceOutOfPlay).toBe(PRICE_MARKERS);
  // Factory cards: every card used with this player count is in exactly one place.
  const cards = [...s.deck, ...s.removedCards, ...s.display.flatMap((slot) => (slot.card === null ? [] : [slot.card]))];
  if (s.pending?.kind === 'factory') cards.push(s.pending.card);
  for (const p of s.players) for (const f of p.factories) cards.push(...f.cards);
  expect(new Set(cards).size).toBe(cards.length);
  expect(cards.length).toBe(factoryDeckFor(s.seats, s.rules?.factoryBacks).length);
  // Players: no negative money, grain within the card, markers within the pool.
  s.players.forEach((p, seat) => {
    expect(p.money).toBeGreaterThanOrEqual(0);
    expect(p.grain).toBeGreaterThanOrEqual(0);
    expect(p.grain).toBeLessThanOrEqual(8);
    expect(freeMarkers(s, seat)).toBeGreaterThanOrEqual(0);
    expect(p.citizens).toBeLessThanOrEqual(8);
    expect(p.taxLine).toBeGreaterThanOrEqual(1);
  });
}

const GAMES = Number(process.env.PROPERTY_GAMES ?? 6);

describe('urbanization: random legal games', () => {
  for (const seats of [2, 3, 4]) {
    for (const inventions of [false, true]) {
      it(`${GAMES} games, ${seats} players, inventions ${inventions}`, () => {
        for (let i = 0; i < GAMES; i++) {
          const deep = i % 4 === 0;
          const result = playRandomGame(urbanizationGame, {
            seats,
            seed: `urb-${seats}-${inventions}-${i}`,
            options: { inventions },
            check: checkInvariants,
            checkAllLegal: i % 8 === 0,
            deep,
          });
          const state = result.state as UrbanizationState;
          expect(state.phase).toBe('over');
          expect(state.turn).toBe(7);
          expect(result.outcome.winners.length).toBeGreaterThan(0);
          expect([...result.outcome.ranking].sort()).toEqual(Array.from({ length: seats }, (_, s) => s));
        }
      }, 60_000 + GAMES * 3_000);
    }
  }
});
