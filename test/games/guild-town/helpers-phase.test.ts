import { describe, expect, it } from 'vitest';
import type { GuildTownState } from '../../../src/games/guild-town/index.js';
import { act, game, money, newGame, refuse } from './helpers.js';

/** Send helpers to the bankers (guild 0) in the order given, starting from the state's player order. */
function fiveSeats(): GuildTownState {
  const s = newGame(5, 'helpers');
  s.order = [0, 1, 2, 3, 4];
  s.cursor = 0;
  return s;
}

describe('helpers phase', () => {
  it('fills the first free space, then stacking pays 1 card or 1/2/3 points by year, free on the silver ribbon space', () => {
    let s = fiveSeats();
    expect(refuse(s, 0, { type: 'send', guild: 0, space: 1 })).toBe('FIRST_FREE_SPACE');
    s = act(s, 0, { type: 'send', guild: 0, space: 0 });
    s = act(s, 1, { type: 'send', guild: 0, space: 1 });
    s = act(s, 2, { type: 'send', guild: 0, space: 2 });
    // Track full: seat 3 stacks on seat 0's gold space and must pay.
    expect(refuse(s, 3, { type: 'send', guild: 0, space: 0 })).toBe('PAYMENT_REQUIRED');
    const card = s.players[3].money[0];
    s = act(s, 3, { type: 'send', guild: 0, space: 0, pay: 'card', card });
    expect(s.players[0].money).toContain(card);
    expect(s.players[3].money).not.toContain(card);
    // Seat 4 stacks on seat 1 with points in year 2: 2 points change hands.
    s.year = 2;
    s.players[4].points = 5;
    const owner = s.players[1].points;
    s = act(s, 4, { type: 'send', guild: 0, space: 1, pay: 'points' });
    expect(s.players[4].points).toBe(3);
    expect(s.players[1].points).toBe(owner + 2);
    // The silver ribbon (third) space is free to cover.
    expect(refuse(s, 0, { type: 'send', guild: 0, space: 2, pay: 'points' })).toBe('NO_PAYMENT');
    s = act(s, 0, { type: 'send', guild: 0, space: 2 });
    expect(s.guilds[0].map((stack) => stack.map((h) => h.seat))).toEqual([[0, 3], [1, 4], [2, 0]]);
    // Capacity 6 in a 5-player game is reached.
    expect(refuse(s, 1, { type: 'send', guild: 0, space: 0, pay: 'points' })).toBe('GUILD_FULL');
  });

  it('pays 3 points in the third year, and refuses when the payer has too few points', () => {
    let s = fiveSeats();
    s.year = 3;
    for (const seat of [0, 1, 2]) s = act(s, seat, { type: 'send', guild: 1, space: seat });
    s.players[3].points = 2;
    expect(refuse(s, 3, { type: 'send', guild: 1, space: 0, pay: 'points' })).toBe('NOT_ENOUGH_POINTS');
    s.players[3].points = 4;
    s = act(s, 3, { type: 'send', guild: 1, space: 0, pay: 'points' });
    expect(s.players[3].points).toBe(1);
  });

  it('allows at most two helpers of one player per guild, and 4/5 helpers per guild with 3/4 players', () => {
    let s = fiveSeats();
    s.players.forEach((p) => (p.passed = true));
    s.players[0].passed = false;
    s = act(s, 0, { type: 'send', guild: 2, space: 0 });
    s = act(s, 0, { type: 'send', guild: 2, space: 1 });
    expect(refuse(s, 0, { type: 'send', guild: 2, space: 2 })).toBe('TWO_HELPERS_PER_GUILD');

    let t = newGame(3, 'cap');
    t.order = [0, 1, 2];
    for (const seat of [0, 1, 2]) t = act(t, seat, { type: 'send', guild: 3, space: seat });
    t = act(t, 0, { type: 'send', guild: 3, space: 2 });
    expect(refuse(t, 1, { type: 'send', guild: 3, space: 0, pay: 'points' })).toBe('GUILD_FULL');
  });

  it('gives 1 point to each player who kept at least one helper back, then starts the guilds', () => {
    let s = newGame(3, 'keep');
    s.order = [0, 1, 2];
    s = act(s, 0, { type: 'send', guild: 0, space: 0 });
    const points = s.players.map((p) => p.points);
    s = act(s, 1, { type: 'resign' });
    s = act(s, 2, { type: 'resign' });
    s = act(s, 0, { type: 'resign' });
    expect(s.phase).toBe('guilds');
    expect(s.players.map((p) => p.points)).toEqual(points.map((p) => p + 1));
    expect(s.turn?.seat).toBe(0);
    expect(s.turn?.guild).toBe('bankers');
    expect(s.turn?.gold).toBe(true);
    expect(game.activeSeats(s)).toEqual([0]);
  });

  it('lets only the player in turn act', () => {
    const s = fiveSeats();
    expect(refuse(s, 1, { type: 'resign' })).toBe('NOT_YOUR_TURN');
    expect(refuse(s, 0, { type: 'send', guild: 0, space: 0, pay: 'card', card: money(0, 1) })).toBe('NO_PAYMENT');
  });
});

describe('rulebook examples', () => {
  it('sending helpers: red covers yellow and pays, blue covers black and pays, green covers red for free; guild order', () => {
    const [Y, K, R, B, G] = [0, 1, 2, 3, 4];
    let s = newGame(5, 'example');
    s.order = [Y, K, R, B, G];
    s.players.forEach((p) => (p.points = 5));
    s = act(s, Y, { type: 'send', guild: 0, space: 0 });
    s = act(s, K, { type: 'send', guild: 0, space: 1 });
    s = act(s, R, { type: 'send', guild: 0, space: 2 });
    s = act(s, B, { type: 'send', guild: 1, space: 0 });
    s = act(s, G, { type: 'send', guild: 1, space: 1 });
    s = act(s, Y, { type: 'resign' });
    s = act(s, K, { type: 'resign' });
    s = act(s, R, { type: 'send', guild: 0, space: 0, pay: 'points' });
    s = act(s, B, { type: 'send', guild: 0, space: 1, pay: 'points' });
    s = act(s, G, { type: 'send', guild: 0, space: 2 });
    expect(s.players.map((p) => p.points)).toEqual([6, 6, 4, 4, 5]);
    for (const seat of [R, B, G]) s = act(s, seat, { type: 'resign' });
    // Guild order: yellow (gold), red (gold, on top of yellow), black, blue, red, green.
    expect(s.turn).toMatchObject({ seat: Y, guild: 'bankers', gold: true });
    expect(s.queue.map((q) => [q.seat, q.gold])).toEqual([[R, true], [K, false], [B, false], [R, false], [G, false]]);
  });
});
