import { describe, expect, it } from 'vitest';
import { BUILDINGS, CUBES, MONEY } from '../../../src/games/guild-town/data.js';
import type { GuildTownState } from '../../../src/games/guild-town/index.js';
import { printedValue } from '../../../src/games/guild-town/money.js';
import { act, atTurn, game, money, newGame, refuse } from './helpers.js';

describe('setup', () => {
  it.each([2, 3, 4, 5])('deals the components for %i players', (seats) => {
    const s = game.setup({ seats, options: { swap: true }, seed: `setup${seats}` });
    const tokens = [0, 0, 4, 6, 8, 10][seats];
    expect(s.privBank).toBe(tokens);
    expect(s.workBank).toBe(tokens);
    expect(s.storehouse.flat()).toEqual(Array(14).fill(-1));
    for (const p of s.players) {
      expect(p.money).toHaveLength(5);
      expect(p.hand.map((id) => BUILDINGS[id].tier).sort()).toEqual(['basic', 'basic', 'expanded']);
      expect(p.hand.filter((id) => BUILDINGS[id].tier === 'expanded').every((id) => BUILDINGS[id].house)).toBe(true);
      expect(BUILDINGS[p.town[0].card].tier).toBe('lumber');
      expect(p.supply).toBe(CUBES);
      expect(p.helpers).toBe(5);
    }
    expect(s.lumberBox).toHaveLength(6 - seats);
    // The advanced row and pile start with the 8 house-symbol cards.
    expect([...(s.rows.advanced as number[]), ...s.piles.advanced.slice(0, 6)].every((id) => BUILDINGS[id].house)).toBe(true);
    // Money: 48 cards in all.
    const all = [...s.moneyDeck, ...(s.moneyRow as number[]), ...s.players.flatMap((p) => p.money)];
    expect(new Set(all).size).toBe(MONEY.length);
    // Order: the lowest hand value first; points 0, 1, 1, 2, 2 by position.
    const values = s.order.map((seat) => printedValue(s.players[seat].money));
    expect(values).toEqual([...values].sort((a, b) => a - b));
    expect(s.order.map((seat) => s.players[seat].points)).toEqual([0, 1, 1, 2, 2].slice(0, seats));
    expect(s.phase).toBe('swap');
    expect(game.activeSeats(s)).toEqual([s.order[0]]);
  });

  it('offers one swap: a card back under its pile for the top card, or a lumber mill from the box', () => {
    let s = game.setup({ seats: 3, options: { swap: true }, seed: 'swap' });
    const [a, b, c] = s.order;
    const basic = s.players[a].hand[0];
    const top = s.piles.basic[0];
    s = act(s, a, { type: 'swap', card: basic });
    expect(s.players[a].hand).toContain(top);
    expect(s.piles.basic[s.piles.basic.length - 1]).toBe(basic);
    const mill = s.players[b].town[0].card;
    const other = s.lumberBox[0];
    s = act(s, b, { type: 'swap', card: mill, with: other });
    expect(s.players[b].town[0].card).toBe(other);
    expect(s.lumberBox).toContain(mill);
    expect(refuse(s, a, { type: 'noSwap' })).toBe('NOT_YOUR_TURN');
    s = act(s, c, { type: 'noSwap' });
    expect(s.phase).toBe('helpers');
  });
});

/** End the guild phase of a 5-player spring: the town hall with the given helpers (seat, used privilege). */
function townHallEnd(changers: number[]): GuildTownState {
  const s = atTurn(newGame(5, 'order'), changers[0], 'townhall');
  s.order = [0, 1, 2, 3, 4];
  s.queue = changers.slice(1).map((seat) => ({ seat, gold: false, helper: null }));
  return s;
}

describe('final phase', () => {
  it('moves the discs of the changing order track to the front (rulebook example)', () => {
    let s = townHallEnd([3, 1]);
    s = act(s, 3, { type: 'hall', choice: 'order' });
    s = act(s, 1, { type: 'hall', choice: 'order' });
    expect(s.order).toEqual([3, 1, 0, 2, 4]);
    expect(s.season).toBe(1);
    expect(s.phase).toBe('helpers');
  });

  it('gives a privilege token to the players with the fewest helpers left on the board, rightmost first', () => {
    let s = townHallEnd([0]);
    // Seats 0, 1 and 2 used privileges (their discs stay); seats 3 and 4 did not.
    s.guilds[0] = [[{ seat: 0, priv: true }], [{ seat: 1, priv: true }], [{ seat: 2, priv: true }]];
    s.privBank = 1;
    s = act(s, 0, { type: 'hall', choice: 'work' });
    expect(s.players.map((p) => p.privTokens)).toEqual([0, 0, 0, 0, 1]);
    expect(s.guilds.flat(2)).toEqual([]);
    expect(s.players.every((p) => p.helpers === 5)).toBe(true);
  });

  it('makes players discard down to 8 money cards at the end of a round', () => {
    let s = townHallEnd([0]);
    s.players[2].money = Array.from({ length: 10 }, (_, i) => 24 + i);
    s = act(s, 0, { type: 'hall', choice: 'work' });
    expect(s.phase).toBe('discard');
    expect(game.activeSeats(s)).toEqual([2]);
    s = act(s, 2, { type: 'discard', card: 24 });
    expect(s.phase).toBe('discard');
    s = act(s, 2, { type: 'discard', card: 25 });
    expect(s.players[2].money).toHaveLength(8);
    expect(s.phase).toBe('helpers');
  });
});

describe('winter and year end', () => {
  it('has only Builders then Craftsmen for everyone in order, then scores the year and lets players invest', () => {
    let s = newGame(3, 'winter');
    s.order = [2, 0, 1];
    s.season = 3;
    s.phase = 'guilds';
    // Start winter through the flow: an empty autumn town hall ends into winter.
    s = atTurn(s, 0, 'builders');
    s.queue = [{ seat: 1, gold: false, helper: null }];
    s.players[1].money = [money(0, 1), money(1, 1), money(2, 1), money(3, 2)];
    s.ships[0][0] = [-1, 1];
    s.players[1].supply = 19;
    s = act(s, 0, { type: 'done' });
    s = act(s, 1, { type: 'done' });
    expect(s.turn).toMatchObject({ seat: 2, guild: 'craftsmen', wp: 3 });
    s = act(s, 2, { type: 'done' });
    s = act(s, 0, { type: 'done' });
    const before = s.players[1].points;
    s = act(s, 1, { type: 'done' });
    // Ship 1: 2 points for the meat plus the majority bonus 4; the storehouse held only natural cubes.
    expect(s.players[1].points).toBe(before + 6);
    expect(s.players[1].supply).toBe(20);
    expect(s.phase).toBe('invest');
    expect(game.activeSeats(s)).toEqual([1]);
    s = act(s, 1, { type: 'invest', cards: [money(0, 1), money(1, 1), money(2, 1), money(3, 2)] });
    expect(s.players[1].points).toBe(before + 11);
    expect(s.year).toBe(2);
    expect(s.season).toBe(0);
    expect(s.phase).toBe('helpers');
    expect(s.storehouse.flat()).toEqual(Array(14).fill(-1));
  });

  it('ends after the third winter, adds bonus tokens, ranks by points, then money cards, then order', () => {
    let s = newGame(3, 'end');
    s.year = 3;
    s.order = [1, 2, 0];
    s = atTurn(s, 0, 'craftsmen');
    s.season = 3;
    s.stage = 1;
    s.players.forEach((p) => {
      p.points = 20;
      p.money = [money(0, 1)];
    });
    s.players[0].bonus = ['bread'];
    s.players[0].points = 17;
    s.players[2].money = [money(0, 1), money(1, 1)];
    s = act(s, 0, { type: 'done' });
    expect(s.phase).toBe('over');
    const outcome = game.outcome(s)!;
    expect(outcome.scores).toEqual([20, 20, 20]);
    // All on 20: seat 2 has most money cards; seats 0 and 1 tie on cards, seat 1 is earlier in order.
    expect(outcome.ranking).toEqual([2, 1, 0]);
    expect(outcome.winners).toEqual([2]);
    expect(game.activeSeats(s)).toEqual([]);
    expect(refuse(s, 0, { type: 'done' })).toBe('GAME_OVER');
  });
});

describe('two players', () => {
  function two(rulesVersion?: number): GuildTownState {
    const s = game.setup({ seats: 2, options: { swap: false }, seed: 'two', rulesVersion });
    s.order = [0, 1];
    return s;
  }

  it('uses two spaces per track; covering the other helper is free and the covered player draws a money card', () => {
    let s = two();
    s = act(s, 0, { type: 'send', guild: 0, space: 0 });
    s = act(s, 1, { type: 'send', guild: 0, space: 1 });
    expect(refuse(s, 0, { type: 'send', guild: 0, space: 2 })).toBe('NO_SUCH_SPACE');
    expect(refuse(s, 0, { type: 'send', guild: 0, space: 1, pay: 'points' })).toBe('NO_PAYMENT');
    const cards = s.players[1].money.length;
    const top = s.moneyDeck[0];
    s = act(s, 0, { type: 'send', guild: 0, space: 1 });
    expect(s.players[1].money).toHaveLength(cards + 1);
    expect(s.players[1].money).toContain(top);
    s = act(s, 1, { type: 'send', guild: 0, space: 0 });
    expect(refuse(s, 0, { type: 'send', guild: 0, space: 0 })).toBe('TWO_HELPERS_PER_GUILD');
  });

  it('versions 2 and 3: takes both town hall actions, has no order change, and alternates the order every round', () => {
    let s = atTurn(two(3), 1, 'townhall');
    expect(refuse(s, 1, { type: 'hall', choice: 'order' })).toBe('NO_ORDER_CHANGE');
    s = act(s, 1, { type: 'hall', choice: 'privilege' });
    expect(s.turn?.seat).toBe(1);
    s = act(s, 1, { type: 'hall', choice: 'work' });
    expect(s.players[1].workTokens).toBe(1);
    expect(s.order).toEqual([1, 0]);
  });

  it('gives no privilege token when both leave the same number of helpers on the board', () => {
    let s = atTurn(two(), 0, 'townhall');
    s.guilds[0] = [[{ seat: 0, priv: true }], [{ seat: 1, priv: true }]];
    s = act(s, 0, { type: 'done' });
    expect(s.players.map((p) => p.privTokens)).toEqual([0, 0]);
    let t = atTurn(two(), 0, 'townhall');
    t.guilds[0] = [[{ seat: 0, priv: true }], []];
    t = act(t, 0, { type: 'done' });
    expect(t.players.map((p) => p.privTokens)).toEqual([0, 1]);
  });
});
