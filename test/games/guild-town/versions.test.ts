import { describe, expect, it } from 'vitest';
import type { GuildTownState } from '../../../src/games/guild-town/index.js';
import { act, atTurn, cardOf, game, money, refuse } from './helpers.js';

/**
 * The rulebook fixes of rules version 3, each against version 2 (games started before it keep
 * version 2's behaviour for ever; see docs/games/guild-town.md, "Rules versions").
 */
const underVersion = (rulesVersion: number, seats: number, seed: string): GuildTownState =>
  game.setup({ seats, options: { swap: false }, seed, rulesVersion });

describe('version 3 records its profile; version 2 states are as before', () => {
  it('adds the rules only to new games', () => {
    expect(underVersion(2, 3, 'p')).not.toHaveProperty('rules');
    expect(underVersion(3, 3, 'p').rules).toEqual({ craftsmenPrivilegeNeedsWorkPoint: true, mayorBidToBeat: true, winterFinalPhase: true });
    expect(game.rulesVersion).toBe(3);
  });
});

describe("Craftsmen's privilege: two raw materials for one work point", () => {
  it('version 2: the privilege makes a raw material with no work point left', () => {
    let s = atTurn(underVersion(2, 3, 'craft'), 0, 'craftsmen', { gold: true, wp: 0 });
    s = act(s, 0, { type: 'craftPrivilege' });
    s = act(s, 0, { type: 'produceRaw', building: 0, to: { kind: 'market' } });
    expect(s.players[0].market).toBe(1);
  });

  it('version 3: with no work point the privilege yields nothing (refused, so no token is wasted)', () => {
    const s = atTurn(underVersion(3, 3, 'craft'), 0, 'craftsmen', { gold: true, wp: 0 });
    expect(refuse(s, 0, { type: 'craftPrivilege' })).toBe('NO_WORK_POINTS');
    expect(game.legalActions(s, 0)).not.toContainEqual({ type: 'craftPrivilege' });
  });

  it('version 3: one work point makes two raw materials, before or after the privilege, and only once', () => {
    for (const privilegeFirst of [true, false]) {
      let s = atTurn(underVersion(3, 3, 'craft'), 0, 'craftsmen', { gold: true, wp: 1 });
      if (privilegeFirst) s = act(s, 0, { type: 'craftPrivilege' });
      s = act(s, 0, { type: 'produceRaw', building: 0, to: { kind: 'market' } });
      if (!privilegeFirst) s = act(s, 0, { type: 'craftPrivilege' });
      s = act(s, 0, { type: 'produceRaw', building: 0, to: { kind: 'market' } });
      expect(s.players[0].market).toBe(2);
      expect(s.turn?.wp).toBe(0);
      expect(refuse(s, 0, { type: 'produceRaw', building: 0, to: { kind: 'market' } })).toBe('NO_WORK_POINTS');
    }
  });

  it('version 3: a work point spent on something else leaves the privilege nothing to double', () => {
    let s = atTurn(underVersion(3, 3, 'craft'), 0, 'craftsmen', { gold: true, wp: 1 });
    s.players[0].market = 1;
    s.players[0].town.push({ card: cardOf('advanced', 'beer'), slots: [false, false] });
    s = act(s, 0, { type: 'craftPrivilege' });
    s = act(s, 0, { type: 'trade', building: 1, slot: 0 });
    expect(s.turn?.wp).toBe(0);
    expect(refuse(s, 0, { type: 'produceRaw', building: 0, to: { kind: 'market' } })).toBe('NO_WORK_POINTS');
  });
});

describe("The mayor's bid: 'the player may offer a higher value' than the mayor's", () => {
  /** Seat 0 opens at all its money (10: three purple cards are a set), the others fold, the mayor bids 5. */
  function mayorBids(rulesVersion: number): GuildTownState {
    let s = atTurn(underVersion(rulesVersion, 3, 'mayor'), 0, 'notary');
    s.players[0].money = [money(0, 3), money(0, 3, 1), money(0, 2)];
    s.moneyDeck = [money(2, 1), money(2, 2), ...s.moneyDeck.filter((id) => id !== money(2, 1) && id !== money(2, 2))];
    s = act(s, 0, { type: 'auction', row: 'expanded', slot: 0 });
    s = act(s, 0, { type: 'bid', amount: 10 });
    s = act(s, 1, { type: 'fold' });
    s = act(s, 2, { type: 'fold' });
    expect(s.auction?.mayor).toBe(5);
    return s;
  }

  it('version 2: the bid to beat is the opening bid, so an opener who bid all his money can only fold', () => {
    const s = mayorBids(2);
    expect(game.legalActions(s, 0)).toEqual([{ type: 'fold' }]);
  });

  it('version 3: the opener may offer anything above the mayor, and pays what he offers', () => {
    let s = mayorBids(3);
    expect(refuse(s, 0, { type: 'bid', amount: 5 })).toBe('BID_TOO_LOW');
    expect(game.legalActions(s, 0).filter((action) => action.type === 'bid').map((action) => (action as { amount: number }).amount)).toEqual([6, 7, 8, 9, 10]);
    s = act(s, 0, { type: 'bid', amount: 6 });
    expect(s.turn?.prompt).toMatchObject({ kind: 'pay', cost: 6 });
  });
});

describe('Winter: "divided into 2 phases", only the helpers phase skipped', () => {
  /** Plays the winter guilds (Builders, Craftsmen) of a 3-player game with nothing done. */
  function throughWinter(rulesVersion: number): GuildTownState {
    let s = underVersion(rulesVersion, 3, 'winter');
    s.order = [2, 0, 1];
    s.season = 3;
    s = atTurn(s, 2, 'builders');
    s.queue = [0, 1].map((seat) => ({ seat, gold: false, helper: null }));
    for (let i = 0; i < 6; i++) s = act(s, game.activeSeats(s)[0]!, { type: 'done' });
    return s;
  }

  it('version 2: no final phase in winter, so no privilege token', () => {
    expect(throughWinter(2).players.map((p) => p.privTokens)).toEqual([0, 0, 0]);
  });

  it('version 3: the final phase gives every player (none has a helper on the board) a privilege token', () => {
    const s = throughWinter(3);
    expect(s.players.map((p) => p.privTokens)).toEqual([1, 1, 1]);
    expect(s.privBank).toBe(6 - 3);
  });
});
