import { describe, expect, it } from 'vitest';
import { MONEY } from '../../../src/games/guild-town/data.js';
import type { GuildTownState } from '../../../src/games/guild-town/index.js';
import { act, atTurn, cardOf, game, money, refuse } from './helpers.js';

/**
 * The rulebook fixes of rules version 3, each against version 2, and those of version 4 against
 * version 3 (games started before a version keep their version's behaviour for ever; see
 * docs/games/guild-town.md, "Rules versions").
 */
const underVersion = (rulesVersion: number, seats: number, seed: string): GuildTownState =>
  game.setup({ seats, options: { swap: false }, seed, rulesVersion });

const V3 = { craftsmenPrivilegeNeedsWorkPoint: true, mayorBidToBeat: true, winterFinalPhase: true };

describe('each version records its profile; version 2 states are as before', () => {
  it('adds the rules only to new games, the newest to games started without a version', () => {
    expect(underVersion(2, 3, 'p')).not.toHaveProperty('rules');
    expect(underVersion(3, 3, 'p').rules).toEqual(V3);
    expect(underVersion(4, 3, 'p').rules).toEqual({ ...V3, revealsIrreversible: true, twoPlayerHallOneAction: true, privilegeKeepsWorkPoint: true, bankDiscardLeftFloor: true });
    expect(underVersion(5, 3, 'p').rules).toEqual({ ...underVersion(4, 3, 'p').rules, cancelPurchase: true });
    expect(game.rulesVersion).toBe(5);
    expect(game.setup({ seats: 3, options: { swap: false }, seed: 'p' }).rules).toEqual(underVersion(5, 3, 'p').rules);
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

describe('Version 4: no take-back-able peek at a face-down pile (issue 21)', () => {
  /** Seat 0 at the Notary with the money to buy the basic building in slot 0 (any colour pays it in this test). */
  function notary(rulesVersion: number): GuildTownState {
    const s = atTurn(underVersion(rulesVersion, 3, 'peek'), 0, 'notary');
    s.players[0].money = [0, 1, 2, 3, 12, 13, 24, 25, 36, 37];
    return s;
  }

  it('version 3: a notary purchase lays the pile\'s top card face up and can be taken back', () => {
    const s = notary(3);
    const top = s.piles.basic[0];
    const result = game.apply(s, 0, { type: 'buy', row: 'basic', slot: 0 });
    if ('code' in result) throw new Error(result.code);
    expect(result.state.rows.basic[0]).toBe(top);
    expect(result.irreversible).toBeUndefined();
  });

  it('version 4: the same purchase is irreversible (the kernel sees the pile card leave its pile)', () => {
    const s = notary(4);
    const result = game.apply(s, 0, { type: 'buy', row: 'basic', slot: 0 });
    if ('code' in result) throw new Error(result.code);
    expect(result.state.rows.basic[0]).toBe(s.piles.basic[0]);
    expect(result.irreversible).toBe(true);
  });

  it('version 4: paying for it afterwards reveals nothing and stays reversible', () => {
    let s = notary(4);
    s = act(s, 0, { type: 'buy', row: 'basic', slot: 0 });
    const colours = s.turn?.prompt.kind === 'pay' ? s.turn.prompt.colours : [];
    const card = s.players[0].money.find((id) => colours.includes(MONEY[id].colour))!;
    const result = game.apply(s, 0, { type: 'pay', card });
    if ('code' in result) throw new Error(result.code);
    expect(result.irreversible).toBeUndefined();
  });

  it('version 4: the end of winter is irreversible (the investment turns show who holds four colours)', () => {
    for (const [rulesVersion, irreversible] of [[3, undefined], [4, true]] as const) {
      let s = underVersion(rulesVersion, 3, 'winter');
      s.order = [2, 0, 1];
      s.season = 3;
      s = atTurn(s, 2, 'craftsmen');
      s.queue = [];
      const result = game.apply(s, 2, { type: 'done' });
      if ('code' in result) throw new Error(result.code);
      expect(result.state.phase === 'invest' || result.state.phase === 'discard' || result.state.phase === 'helpers').toBe(true);
      expect(result.irreversible).toBe(irreversible);
    }
  });
});

describe('Version 4, two players: "You can perform two actions in the town hall: privilege, work point"', () => {
  const two = (rulesVersion: number) => {
    const s = atTurn(underVersion(rulesVersion, 2, 'hall'), 1, 'townhall');
    s.order = [0, 1];
    return s;
  };

  it('version 3: the helper takes both', () => {
    let s = act(two(3), 1, { type: 'hall', choice: 'privilege' });
    expect(s.turn?.seat).toBe(1);
    s = act(s, 1, { type: 'hall', choice: 'work' });
    expect([s.players[1].privTokens, s.players[1].workTokens]).toEqual([1, 1]);
  });

  it('version 4: the helper chooses one of the two, as with 3-5 players; the order change stays out', () => {
    for (const choice of ['privilege', 'work'] as const) {
      const s = act(two(4), 1, { type: 'hall', choice });
      expect([s.players[1].privTokens, s.players[1].workTokens]).toEqual(choice === 'privilege' ? [1, 0] : [0, 1]);
      expect(s.turn?.prompt.kind === 'hall' && s.turn.seat === 1).toBe(false);
    }
    expect(refuse(two(4), 1, { type: 'hall', choice: 'order' })).toBe('NO_ORDER_CHANGE');
  });
});

describe("Version 4, Craftsmen's privilege: the last work point waits for the privilege's raw material", () => {
  function privilegeThenTrade(rulesVersion: number): GuildTownState {
    let s = atTurn(underVersion(rulesVersion, 3, 'craft'), 0, 'craftsmen', { gold: true, wp: 1 });
    s.players[0].market = 1;
    s.players[0].town.push({ card: cardOf('advanced', 'beer'), slots: [false, false] });
    return act(s, 0, { type: 'craftPrivilege' });
  }

  it('version 4: a trade with the last work point is refused (it would waste the privilege) and not listed', () => {
    const s = privilegeThenTrade(4);
    expect(refuse(s, 0, { type: 'trade', building: 1, slot: 0 })).toBe('PRIVILEGE_NEEDS_WORK_POINT');
    expect(game.legalActions(s, 0).some((action) => action.type === 'trade')).toBe(false);
    // The raw material first: then both come of the one work point.
    let t = act(s, 0, { type: 'produceRaw', building: 0, to: { kind: 'market' } });
    t = act(t, 0, { type: 'produceRaw', building: 0, to: { kind: 'market' } });
    expect(t.players[0].market).toBe(3);
    expect(t.turn?.wp).toBe(0);
  });

  it('version 4: with a second work point the trade is allowed, the privilege keeps the other', () => {
    let s = privilegeThenTrade(4);
    s.turn!.wp = 2;
    s = act(s, 0, { type: 'trade', building: 1, slot: 0 });
    s = act(s, 0, { type: 'produceRaw', building: 0, to: { kind: 'market' } });
    s = act(s, 0, { type: 'produceRaw', building: 0, to: { kind: 'market' } });
    expect(s.players[0].market).toBe(2);
  });

  it('version 3: the same trade is accepted and the privilege is lost', () => {
    const s = act(privilegeThenTrade(3), 0, { type: 'trade', building: 1, slot: 0 });
    expect(refuse(s, 0, { type: 'produceRaw', building: 0, to: { kind: 'market' } })).toBe('NO_WORK_POINTS');
  });
});

describe("Bankers' discards: the count shown never falls below 0", () => {
  /** Seat 0 draws four money cards holding ten: it owes 2 discards, then more for the hand limit. */
  function bankerAboveLimit(rulesVersion: number): GuildTownState {
    let s = atTurn(underVersion(rulesVersion, 3, 'bank'), 0, 'bankers');
    s.players[0].money = s.moneyDeck.slice(0, 10);
    s.moneyDeck = s.moneyDeck.slice(10);
    s = act(s, 0, { type: 'bankTake', slot: 0 });
    return act(s, 0, { type: 'bankDraw' });
  }

  for (const rulesVersion of [3, 4]) {
    it(`version ${rulesVersion}: discards down to 10, the view counting what is still owed`, () => {
      let s = bankerAboveLimit(rulesVersion);
      const owed = s.players[0].money.length - 10;
      expect(owed).toBe(4);
      for (let left = owed; left > 0; left--) {
        const prompt = game.view(s, 0).turn?.prompt;
        expect(prompt).toMatchObject({ kind: 'bankDiscard', left });
        s = act(s, 0, { type: 'discard', card: s.players[0].money[0]! });
        const stateLeft = s.turn?.seat === 0 && s.turn.prompt.kind === 'bankDiscard' ? s.turn.prompt.left : 0;
        // The state's own count went to -1 before version 4; it stops at 0 now.
        if (rulesVersion === 4) expect(stateLeft).toBeGreaterThanOrEqual(0);
      }
      expect(s.players[0].money).toHaveLength(10);
    });
  }
});

describe('Version 5: a notary purchase is paid before it is taken, and may be cancelled until then (issue 37)', () => {
  /** Seat 0 at the Notary holding two cards of each colour and value 1–2 (a basic building costs 3 in its colours). */
  function notary(rulesVersion: number): GuildTownState {
    const s = atTurn(underVersion(rulesVersion, 3, 'cancel'), 0, 'notary');
    s.players[0].money = [money(0, 1), money(0, 2), money(1, 1), money(1, 2), money(2, 1), money(2, 2), money(3, 1), money(3, 2)];
    return s;
  }
  const payable = (s: GuildTownState): number => {
    const colours = s.turn?.prompt.kind === 'pay' ? s.turn.prompt.colours : [];
    return s.players[0].money.find((id) => colours.includes(MONEY[id].colour))!;
  };

  it('version 4: the building is taken and the row refilled at once; there is no cancel', () => {
    let s = notary(4);
    const id = s.rows.basic[0]!;
    s = act(s, 0, { type: 'buy', row: 'basic', slot: 0 });
    expect(s.players[0].hand).toContain(id);
    expect(game.legalActions(s, 0)).not.toContainEqual({ type: 'cancel' });
    expect(refuse(s, 0, { type: 'cancel' })).toBe('NO_PURCHASE_UNDER_WAY');
  });

  it('version 5: the building stays in its row, unrevealed pile, until paid; then it is taken and the row refilled', () => {
    let s = notary(5);
    const id = s.rows.basic[0]!;
    const top = s.piles.basic[0];
    const bought = game.apply(s, 0, { type: 'buy', row: 'basic', slot: 0 });
    if ('code' in bought) throw new Error(bought.code);
    // Choosing shows nothing hidden: it can be taken back.
    expect(bought.irreversible).toBeUndefined();
    s = bought.state;
    expect(s.rows.basic[0]).toBe(id);
    expect(s.players[0].hand).not.toContain(id);
    expect(s.turn?.prompt).toMatchObject({ kind: 'pay', cost: 3, buying: { row: 'basic', slot: 0, card: id } });
    expect(game.legalActions(s, 0)).toContainEqual({ type: 'cancel' });
    s = act(s, 0, { type: 'pay', card: payable(s) });
    const last = game.apply(s, 0, { type: 'pay', card: payable(s) });
    if ('code' in last) throw new Error(last.code);
    s = last.state;
    expect(s.players[0].hand).toContain(id);
    expect(s.rows.basic[0]).toBe(top);
    // The payment that lays the pile's card face up is the move that cannot be taken back.
    expect(last.irreversible).toBe(true);
    expect(s.turn?.prompt.kind === 'pay').toBe(false);
  });

  it('version 5: cancel gives the cards paid back and returns to the guild action; the building stays in the row', () => {
    let s = notary(5);
    const before = structuredClone(s);
    const id = s.rows.basic[0]!;
    s = act(s, 0, { type: 'buy', row: 'basic', slot: 0 });
    s = act(s, 0, { type: 'pay', card: payable(s) });
    expect(s.players[0].money).toHaveLength(7);
    s = act(s, 0, { type: 'cancel' });
    expect(s.turn?.prompt).toEqual({ kind: 'main' });
    expect([...s.players[0].money].sort((a, b) => a - b)).toEqual([...before.players[0].money].sort((a, b) => a - b));
    expect(s.moneyDiscard).toEqual(before.moneyDiscard);
    expect(s.rows.basic[0]).toBe(id);
    expect(s.players[0].hand).toEqual(before.players[0].hand);
    // Nothing else to cancel now; an auction won or a raise is paid, not cancelled.
    expect(refuse(s, 0, { type: 'cancel' })).toBe('NO_PURCHASE_UNDER_WAY');
    s = act(s, 0, { type: 'buy', row: 'basic', slot: 0 });
    expect(s.turn?.prompt.kind).toBe('pay');
  });
});
