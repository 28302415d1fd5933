import { describe, expect, it } from 'vitest';
import { FINALS, SHIP_GOODS } from '../../../src/games/guild-town/data.js';
import type { GuildTownState } from '../../../src/games/guild-town/index.js';
import { act, atTurn, cardOf, cubesOf, money, newGame, refuse } from './helpers.js';

/** Seat 0 in the Craftsmen's guild with a paper mill (wood in), a flour mill (wheat in) and a weaving workshop. */
function workshop(): GuildTownState {
  const s = atTurn(newGame(5, 'prod'), 0, 'craftsmen', { wp: 5 });
  const p = s.players[0];
  p.town.push(
    { card: cardOf('expanded', 'flour'), slots: [true] },
    { card: cardOf('advanced', 'clothes'), slots: [true, true] },
    { card: cardOf('expanded', 'meat'), slots: [true] },
  );
  p.supply = 16;
  p.money = [money(0, 1), money(1, 1)];
  return s;
}

describe('half-products', () => {
  it('makes flour for 1 work point and 1 point (rulebook example)', () => {
    let s = workshop();
    s.storehouse[6] = [-1];
    const points = s.players[0].points;
    s = act(s, 0, { type: 'produceHalf', building: 1, to: { kind: 'store', take: 2 } });
    expect(s.players[0].points).toBe(points + 1);
    expect(s.turn?.wp).toBe(4);
    expect(s.players[0].town[1].slots).toEqual([false]);
    expect(s.storehouse[6]).toEqual([-1, 0]);
    expect(refuse(s, 0, { type: 'produceHalf', building: 1, to: { kind: 'store', take: 2 } })).toBe('NO_INPUT');
  });

  it('pushes the oldest storehouse marker out and pays the producer a money card (rulebook example)', () => {
    let s = workshop();
    // Flour storage: green (1) at the bottom, red (4) on top; yellow (0) brings flour.
    s.storehouse[6] = [1, 4];
    s.players[1].supply = 19;
    s.players[4].supply = 19;
    const faceUp = s.moneyRow[1]!;
    s = act(s, 0, { type: 'produceHalf', building: 1, to: { kind: 'store', take: 1 } });
    expect(s.storehouse[6]).toEqual([4, 0]);
    expect(s.players[1].supply).toBe(20);
    expect(s.players[0].money).toContain(faceUp);
    expect(s.moneyRow[1]).not.toBeNull();
    for (const seat of [0, 1, 4]) expect(cubesOf(s, seat)).toBe(20);
  });

  it('ships meat directly and keeps two markers per product and ship', () => {
    let s = workshop();
    expect(refuse(s, 0, { type: 'produceHalf', building: 3, to: { kind: 'store', take: 2 } })).toBe('NOT_FOR_STOREHOUSE');
    s = act(s, 0, { type: 'produceHalf', building: 3, to: { kind: 'ship', ship: 0 } });
    expect(s.ships[0][SHIP_GOODS.indexOf('meat')]).toEqual([-1, 0]);
  });
});

describe('final products and ships', () => {
  it('produces clothes: all inputs come off, one marker goes on a ship, 4 points (rulebook example)', () => {
    let s = workshop();
    const points = s.players[0].points;
    s = act(s, 0, { type: 'produceFinal', building: 2, to: { kind: 'ship', ship: 3 } });
    expect(s.players[0].points).toBe(points + 4);
    expect(s.players[0].town[2].slots).toEqual([false, false]);
    expect(s.ships[3][SHIP_GOODS.indexOf('clothes')]).toEqual([-1, 0]);
    expect(cubesOf(s, 0)).toBe(20);
  });

  it('bribes the captain with a money card: the left marker goes home, the right moves left (rulebook example)', () => {
    let s = workshop();
    const g = SHIP_GOODS.indexOf('clothes');
    // Green (1) on the left, red (4) on the right; yellow (0) ships clothes.
    s.ships[2][g] = [1, 4];
    s.players[1].supply = 19;
    s.players[4].supply = 19;
    expect(refuse(s, 0, { type: 'produceFinal', building: 2, to: { kind: 'ship', ship: 2 } })).toBe('SHIP_STORAGE');
    s = act(s, 0, { type: 'produceFinal', building: 2, to: { kind: 'ship', ship: 2, bribe: money(0, 1) } });
    expect(s.ships[2][g]).toEqual([4, 0]);
    expect(s.players[1].supply).toBe(20);
    expect(s.players[0].money).toEqual([money(1, 1)]);
    expect(s.moneyDiscard).toContain(money(0, 1));
  });

  it('never removes an own marker, and a product that cannot be shipped scores nothing', () => {
    let s = workshop();
    const g = SHIP_GOODS.indexOf('clothes');
    for (let ship = 0; ship < 4; ship++) s.ships[ship][g] = [0, 1];
    s.players[0].supply = 12;
    s.players[1].supply = 16;
    expect(refuse(s, 0, { type: 'produceFinal', building: 2, to: { kind: 'ship', ship: 0, bribe: money(0, 1) } })).toBe('SHIP_STORAGE');
    const points = s.players[0].points;
    s = act(s, 0, { type: 'produceFinal', building: 2, to: { kind: 'lost' } });
    expect(s.players[0].points).toBe(points);
    expect(s.players[0].supply).toBe(14);
    expect(cubesOf(s, 0)).toBe(20);
  });

  it('refuses "lost" while a ship can still take the product', () => {
    const s = workshop();
    expect(refuse(s, 0, { type: 'produceFinal', building: 2, to: { kind: 'lost' } })).toBe('CAN_SHIP');
  });
});

describe('bonus tokens', () => {
  it('go to the first player completing a production line of a final product, only once', () => {
    let s = atTurn(newGame(3, 'bonus'), 0, 'builders', { gold: true });
    const p = s.players[0];
    // Wine: grapes + barrel (barrel from wood). The lumber mill makes wood.
    p.town.push({ card: cardOf('basic', 'grapes'), slots: [] }, { card: cardOf('expanded', 'barrel'), slots: [false] });
    p.hand = [cardOf('advanced', 'wine')];
    p.money = [money(0, 3), money(0, 3, 1), money(0, 2)];
    s = act(s, 0, { type: 'raise', card: p.hand[0], side: 'right', privilege: true });
    expect(s.players[0].bonus).toEqual(['wine']);
    expect(s.bonusTaken[FINALS.indexOf('wine')]).toBe(0);

    let t = atTurn(s, 1, 'builders', { gold: true });
    t.phase = 'guilds';
    const q = t.players[1];
    q.town.push({ card: cardOf('basic', 'grapes', 1), slots: [] }, { card: cardOf('expanded', 'barrel', 1), slots: [false] });
    q.hand = [cardOf('advanced', 'wine', 1)];
    q.money = [money(1, 3), money(1, 3, 1), money(1, 2)];
    t = act(t, 1, { type: 'raise', card: q.hand[0], side: 'right', privilege: true });
    expect(t.players[1].bonus).toEqual([]);
  });
});
