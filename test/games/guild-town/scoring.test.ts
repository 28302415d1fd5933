import { describe, expect, it } from 'vitest';
import { BUILDINGS, SHIP_GOODS } from '../../../src/games/guild-town/data.js';
import { cardsValue } from '../../../src/games/guild-town/money.js';
import { colourSetPoints, scoreShips, scoreStorehouse } from '../../../src/games/guild-town/scoring.js';
import { investValue } from '../../../src/games/guild-town/rules-setup.js';
import { act, money, newGame, refuse } from './helpers.js';

describe('money cards', () => {
  it('counts same-colour sets as 5, 10, 15 (rulebook: a set worth 13 and one worth 16)', () => {
    // Three greens (1+2+3 printed = 6, as a set 10) and a blue 3: 13.
    expect(cardsValue([money(1, 1), money(1, 2), money(1, 3), money(2, 3)])).toBe(13);
    // Three purples (10), two reds (5) and a blue 1: 16.
    expect(cardsValue([money(0, 1), money(0, 1, 1), money(0, 2), money(3, 1), money(3, 2), money(2, 1)])).toBe(16);
    expect(cardsValue([money(3, 1), money(3, 1, 1)])).toBe(5);
    expect(cardsValue([money(3, 1), money(3, 1, 1), money(3, 2), money(3, 2, 1)])).toBe(15);
    // The set is optional: two 3s of one colour are worth 6, more than the set value 5.
    expect(cardsValue([money(2, 3), money(2, 3, 1)])).toBe(6);
  });

  it('invests four cards of different colours for their printed value (the 7 and 9 examples)', () => {
    expect(investValue([money(0, 1), money(1, 2), money(2, 1), money(3, 3)])).toBe(7);
    expect(investValue([money(0, 3), money(1, 2), money(2, 1), money(3, 3)])).toBe(9);
  });

  it('refuses an investment that is not four different colours, and scores a valid one', () => {
    const s = newGame(3);
    s.phase = 'invest';
    s.cursor = 0;
    const seat = s.order[0];
    s.yearScores.push({ year: 1, ships: [0, 0, 0], colours: [0, 0, 0], storehouse: [0, 0, 0], invest: [0, 0, 0] });
    s.players[seat].money = [money(0, 1), money(1, 2), money(2, 1), money(3, 3), money(3, 1)];
    expect(refuse(s, seat, { type: 'invest', cards: [money(0, 1), money(1, 2), money(3, 1), money(3, 3)] })).toBe('FOUR_COLOURS');
    const before = s.players[seat].points;
    const next = act(s, seat, { type: 'invest', cards: [money(0, 1), money(1, 2), money(2, 1), money(3, 3)] });
    expect(next.players[seat].points).toBe(before + 7);
    expect(next.players[seat].money).toEqual([money(3, 1)]);
    expect(next.yearScores[0].invest[seat]).toBe(7);
  });
});

describe('year end', () => {
  it('reproduces the ship majority example: yellow 39, green 36, black 35, blue 28, red 21', () => {
    const [Y, G, K, B, R] = [0, 1, 2, 3, 4];
    const ships = [0, 1, 2, 3].map(() => SHIP_GOODS.map(() => [-1, -1]));
    const put = (ship: number, good: string, left: number, right: number) => (ships[ship][SHIP_GOODS.indexOf(good as 'meat')] = [left, right]);
    // Ship 1: yellow books+tools (9), black clothes (4), red wine (4).
    put(0, 'books', -1, Y); put(0, 'tools', -1, Y); put(0, 'clothes', -1, K); put(0, 'wine', -1, R);
    // Ship 2: green 4 markers (16), blue 3 (14), black 2 (8).
    put(1, 'tools', G, G); put(1, 'clothes', G, G); put(1, 'weapons', B, K); put(1, 'books', -1, B); put(1, 'wine', -1, B); put(1, 'candles', -1, K);
    // Ship 3: red 4 markers (11) ties yellow's 4 (17); red's meat is higher, so red is first.
    put(2, 'meat', -1, R); put(2, 'bread', -1, R); put(2, 'beer', -1, R); put(2, 'candles', -1, R);
    put(2, 'weapons', -1, Y); put(2, 'tools', -1, Y); put(2, 'clothes', -1, Y); put(2, 'wine', -1, Y);
    // Ship 4: black 4 markers (16), green 2 (10), blue 2 (8; green's marker is higher), yellow 1 (4).
    put(3, 'books', K, K); put(3, 'bread', -1, K); put(3, 'beer', -1, K); put(3, 'weapons', G, G); put(3, 'wine', B, B); put(3, 'tools', -1, Y);
    const score = scoreShips(ships, 5);
    expect(score.base.map((b) => b)).toEqual([
      [9, 0, 4, 0, 4],
      [0, 16, 8, 14, 0],
      [17, 0, 0, 0, 11],
      [4, 10, 16, 8, 0],
    ]);
    expect(score.bonus).toEqual([
      [4, 0, 0, 0, 0],
      [0, 5, 0, 3, 0],
      [4, 0, 0, 0, 6],
      [1, 5, 7, 3, 0],
    ]);
    expect(score.total).toEqual([39, 36, 35, 28, 21]);
  });

  it('gives 3 points per set of four different building colours', () => {
    const byColours = (top: number, bottom: number) => BUILDINGS.find((b) => b.top === top && b.bottom === bottom)!.id;
    // Two full sets (each colour twice): 6 points; one colour short of a second set: 3 points.
    expect(colourSetPoints([byColours(0, 1), byColours(2, 3), byColours(1, 0), byColours(3, 2)])).toBe(6);
    expect(colourSetPoints([byColours(0, 1), byColours(2, 3), byColours(1, 0)])).toBe(3);
    expect(colourSetPoints([byColours(0, 1), byColours(1, 0)])).toBe(0);
  });

  it('gives 1 point per own marker in the storehouse (natural cubes score nothing)', () => {
    // Yellow 3, red 2, blue 2, green 1, black 1 as in the rulebook example.
    const store = [[0, 0], [0, 4], [4, 3], [3, 1], [2, -1], [-1, -1], [-1, -1]];
    expect(scoreStorehouse(store, 5)).toEqual([3, 1, 1, 2, 2]);
  });
});
