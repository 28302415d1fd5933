import { describe, expect, it } from 'vitest';
import { BUILDINGS, MONEY } from '../../../src/games/guild-town/data.js';
import type { GuildTownState } from '../../../src/games/guild-town/index.js';
import { act, atTurn, cardOf, game, money, newGame, refuse } from './helpers.js';

describe('Bankers', () => {
  it('takes 1–2 face-up cards and the rest from the pile, then discards 2 (1 with the privilege)', () => {
    let s = atTurn(newGame(3, 'bank'), 0, 'bankers');
    s.players[0].money = [money(0, 1)];
    expect(refuse(s, 0, { type: 'bankDraw' })).toBe('TAKE_FACE_UP_FIRST');
    const faceUp = s.moneyRow[0]!;
    s = act(s, 0, { type: 'bankTake', slot: 0 });
    // Once a face-up card is taken, the banker must take all 4 (a soak found hands of 11 when this could stop).
    expect(refuse(s, 0, { type: 'done' })).toBe('FINISH_BANKING');
    expect(game.legalActions(s, 0)).not.toContainEqual({ type: 'done' });
    s = act(s, 0, { type: 'bankDraw' });
    expect(s.players[0].money).toHaveLength(5);
    expect(s.players[0].money).toContain(faceUp);
    expect(s.moneyRow.every((c) => c !== null)).toBe(true);
    expect(s.turn?.prompt).toEqual({ kind: 'bankDiscard', left: 2, privileged: false });
    expect(refuse(s, 0, { type: 'bankPrivilege' })).toBe('NO_PRIVILEGE');
    s = act(s, 0, { type: 'discard', card: s.players[0].money[0] });
    s = act(s, 0, { type: 'discard', card: s.players[0].money[0] });
    expect(s.players[0].money).toHaveLength(3);
    expect(s.turn?.seat === 0 && s.turn.guild === 'bankers').toBe(false);

    let t = atTurn(newGame(3, 'bank'), 0, 'bankers', { gold: true });
    t.players[0].money = [];
    t = act(t, 0, { type: 'bankTake', slot: 0 });
    t = act(t, 0, { type: 'bankTake', slot: 1 });
    t = act(t, 0, { type: 'bankPrivilege' });
    t = act(t, 0, { type: 'discard', card: t.players[0].money[0] });
    expect(t.players[0].money).toHaveLength(3);
  });

  it('never lets a hand exceed 10 cards: extra discards are required', () => {
    let s = atTurn(newGame(3, 'bank10'), 0, 'bankers', { gold: true });
    s.players[0].money = Array.from({ length: 9 }, (_, i) => 12 + i);
    s.moneyDeck = s.moneyDeck.filter((id) => id < 12 || id > 20);
    s = act(s, 0, { type: 'bankTake', slot: 0 });
    s = act(s, 0, { type: 'bankDraw' });
    s = act(s, 0, { type: 'bankPrivilege' });
    for (let i = 0; i < 3; i++) s = act(s, 0, { type: 'discard', card: s.players[0].money[0] });
    expect(s.players[0].money).toHaveLength(10);
  });
});

describe('Builders', () => {
  function builder(): GuildTownState {
    const s = atTurn(newGame(3, 'build'), 0, 'builders');
    const mill = BUILDINGS.find((b) => b.tier === 'lumber')!;
    s.players[0].town = [{ card: mill.id, slots: [] }];
    const match = BUILDINGS.find((b) => b.tier === 'basic' && b.top === mill.top)!;
    const clash = BUILDINGS.find((b) => b.tier === 'expanded' && b.top !== mill.top && b.bottom !== mill.bottom)!;
    s.players[0].hand = [match.id, clash.id];
    s.players[0].money = [money(0, 1), money(1, 1), money(2, 2), money(3, 3)];
    return s;
  }

  it('applies the building rule (a colour matching the neighbour) and merges the cost of two buildings', () => {
    let s = builder();
    const [match, clash] = s.players[0].hand;
    expect(refuse(s, 0, { type: 'raise', card: clash, side: 'right', privilege: false })).toBe('BUILDING_RULE');
    expect(refuse(s, 0, { type: 'raise', card: clash, side: 'right', privilege: true })).toBe('NO_PRIVILEGE');
    s = act(s, 0, { type: 'raise', card: match, side: 'right', privilege: false });
    expect(s.players[0].town.map((r) => r.card)).toEqual([s.players[0].town[0].card, match]);
    s = act(s, 0, { type: 'buildDone' });
    // Basic building: 2. Pay with a 1 (not enough), then another 1: no change is given.
    expect(s.turn?.prompt).toMatchObject({ kind: 'pay', cost: 2 });
    s = act(s, 0, { type: 'pay', card: money(0, 1) });
    expect(s.turn?.prompt.kind).toBe('pay');
    s = act(s, 0, { type: 'pay', card: money(3, 3) });
    expect(s.players[0].money).toEqual([money(1, 1), money(2, 2)]);
    expect(s.turn?.guild === 'builders' && s.turn.seat === 0).toBe(false);
  });

  it('skips the building rule with the privilege (gold space or a token) and charges 2 + 3 for two buildings', () => {
    let s = builder();
    s.players[0].privTokens = 1;
    const [match, clash] = s.players[0].hand;
    s = act(s, 0, { type: 'raise', card: clash, side: 'left', privilege: true });
    expect(s.players[0].privTokens).toBe(0);
    expect(s.turn?.privUsed).toBe(true);
    s = act(s, 0, { type: 'raise', card: match, side: 'right', privilege: false });
    expect(s.turn?.prompt).toMatchObject({ kind: 'pay', cost: 5 });
    expect(game.legalActions(s, 0).every((a) => a.type === 'pay')).toBe(true);
  });

  it('refuses buildings the money cannot pay for', () => {
    const s = builder();
    s.players[0].money = [money(0, 1)];
    expect(refuse(s, 0, { type: 'raise', card: s.players[0].hand[0], side: 'right', privilege: false })).toBe('NOT_ENOUGH_MONEY');
  });
});

describe('Notary', () => {
  it('sells a face-up building for 3/5/10 paid only with cards of its colours, and refills the row (version 4: taken before it is paid)', () => {
    let s = atTurn(game.setup({ seats: 3, options: { swap: false }, seed: 'notary', rulesVersion: 4 }), 0, 'notary');
    const id = s.rows.basic[0]!;
    const b = BUILDINGS[id];
    const other = [0, 1, 2, 3].find((c) => c !== b.top && c !== b.bottom)!;
    s.players[0].money = [money(other, 3), money(other, 3, 1), money(b.top, 1)];
    expect(refuse(s, 0, { type: 'buy', row: 'basic', slot: 0 })).toBe('NOT_ENOUGH_MONEY');
    s.players[0].money.push(money(b.top, 2));
    const nextOnPile = s.piles.basic[0];
    s = act(s, 0, { type: 'buy', row: 'basic', slot: 0 });
    expect(s.players[0].hand).toContain(id);
    expect(s.rows.basic[0]).toBe(nextOnPile);
    expect(refuse(s, 0, { type: 'pay', card: money(other, 3) })).toBe('WRONG_COLOUR');
    s = act(s, 0, { type: 'pay', card: money(b.top, 1) });
    s = act(s, 0, { type: 'pay', card: money(b.top, 2) });
    expect(s.players[0].money).toEqual([money(other, 3), money(other, 3, 1)]);
  });

  it('auctions: bids go round from the left, folded players are out, the winner pays any colours', () => {
    let s = atTurn(newGame(3, 'auction'), 0, 'notary');
    s.players.forEach((p, seat) => (p.money = [money(seat, 3), money(seat, 2), money(seat, 1)]));
    const id = s.rows.expanded[1]!;
    s = act(s, 0, { type: 'auction', row: 'expanded', slot: 1 });
    expect(game.activeSeats(s)).toEqual([0]);
    expect(refuse(s, 0, { type: 'fold' })).toBe('OPENING_BID');
    expect(game.legalActions(s, 0).map((a) => (a.type === 'bid' ? a.amount : a.type))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    s = act(s, 0, { type: 'bid', amount: 2 });
    expect(game.activeSeats(s)).toEqual([1]);
    expect(refuse(s, 1, { type: 'bid', amount: 2 })).toBe('BID_TOO_LOW');
    expect(refuse(s, 1, { type: 'bid', amount: 11 })).toBe('BID_TOO_HIGH');
    s = act(s, 1, { type: 'bid', amount: 4 });
    expect(game.activeSeats(s)).toEqual([2]);
    s = act(s, 2, { type: 'fold' });
    expect(game.activeSeats(s)).toEqual([0]);
    s = act(s, 0, { type: 'bid', amount: 6 });
    s = act(s, 1, { type: 'bid', amount: 7 });
    s = act(s, 0, { type: 'fold' });
    expect(s.auction).toBeNull();
    expect(s.players[1].hand).toContain(id);
    expect(game.activeSeats(s)).toEqual([1]);
    s = act(s, 1, { type: 'pay', card: money(1, 3) });
    s = act(s, 1, { type: 'pay', card: money(1, 2) });
    // 3 + 2 = 5 < 7; the third green makes a 3-card set worth 10: paid, no change.
    expect(s.turn?.prompt.kind).toBe('pay');
    s = act(s, 1, { type: 'pay', card: money(1, 1) });
    expect(s.players[1].money).toEqual([]);
  });

  it('lets the mayor bid when nobody raises: the highest value of 1/2/3 drawn cards', () => {
    let s = atTurn(newGame(3, 'mayor'), 0, 'notary');
    s.players[0].money = [money(0, 3), money(0, 3, 1), money(0, 2)];
    s.moneyDeck = [money(2, 1), money(2, 2), ...s.moneyDeck.filter((id) => id !== money(2, 1) && id !== money(2, 2))];
    const id = s.rows.expanded[0]!;
    s = act(s, 0, { type: 'auction', row: 'expanded', slot: 0 });
    s = act(s, 0, { type: 'bid', amount: 1 });
    s = act(s, 1, { type: 'fold' });
    s = act(s, 2, { type: 'fold' });
    // Expanded building: two cards, blue 1 and blue 2 = a set worth 5.
    expect(s.auction?.mayor).toBe(5);
    expect(game.activeSeats(s)).toEqual([0]);
    expect(refuse(s, 0, { type: 'bid', amount: 5 })).toBe('BID_TOO_LOW');
    const folded = act(s, 0, { type: 'fold' });
    expect(folded.piles.expanded[folded.piles.expanded.length - 1]).toBe(id);
    expect(folded.players[0].hand).not.toContain(id);
    s = act(s, 0, { type: 'bid', amount: 6 });
    expect(s.players[0].hand).toContain(id);
    expect(s.turn?.prompt).toMatchObject({ kind: 'pay', cost: 6 });
  });

  it('look-at-five privilege: 2 face-up + 3 from the pile, 2 laid out, 3 back on the pile, seen only by the looker', () => {
    let s = atTurn(newGame(3, 'look'), 0, 'notary', { gold: true });
    const five = [...(s.rows.advanced as number[]), ...s.piles.advanced.slice(0, 3)];
    const pileAfter = s.piles.advanced.slice(3);
    const result = game.apply(s, 0, { type: 'look', row: 'advanced' });
    if ('code' in result) throw new Error(result.code);
    expect(result.irreversible).toBe(true);
    expect(result.log.filter((e) => e.message.includes('#')).every((e) => e.visibleTo?.[0] === 0)).toBe(true);
    s = result.state;
    expect(game.view(s, 1).turn?.prompt).toMatchObject({ kind: 'look', cards: [] });
    s = act(s, 0, { type: 'keep', card: five[4] });
    s = act(s, 0, { type: 'keep', card: five[2] });
    expect(s.rows.advanced).toEqual([five[4], five[2]]);
    expect(s.piles.advanced).toEqual([five[0], five[1], five[3], ...pileAfter]);
    // Back at the notary: the main action is still to come, the privilege is spent.
    expect(s.turn?.prompt.kind).toBe('main');
    expect(refuse(s, 0, { type: 'look', row: 'basic' })).toBe('ONE_LOOK');
  });
});

describe('Traders', () => {
  function trader(): GuildTownState {
    const s = atTurn(newGame(3, 'trade'), 0, 'traders');
    s.players[0].town.push({ card: cardOf('advanced', 'wine'), slots: [false, false] });
    s.players[0].money = [money(0, 1), money(1, 1)];
    return s;
  }

  it('buys the bottom marker for a money card: discarded for a natural cube, given to the owner otherwise', () => {
    let s = trader();
    const barrel = 0; // STORE_GOODS[0] = barrel
    s = act(s, 0, { type: 'buyHalf', good: barrel, building: 1, slot: 1, card: money(0, 1) });
    expect(s.storehouse[barrel]).toEqual([-1]);
    expect(s.naturalOff).toBe(1);
    expect(s.moneyDiscard).toContain(money(0, 1));
    expect(s.players[0].town[1].slots).toEqual([false, true]);
    expect(s.players[0].supply).toBe(19);

    let t = trader();
    t.storehouse[barrel] = [2, 1];
    t.players[2].supply = 19;
    t.players[1].supply = 19;
    t = act(t, 0, { type: 'buyHalf', good: barrel, building: 1, slot: 1, card: money(1, 1) });
    expect(t.storehouse[barrel]).toEqual([1]);
    expect(t.players[2].money).toContain(money(1, 1));
    expect(t.players[2].supply).toBe(20);
  });

  it('with the privilege pays with an own market marker; the seller then puts a marker on the market', () => {
    let s = trader();
    s.turn!.gold = true;
    s.storehouse[0] = [2, -1];
    s.players[2].supply = 19;
    expect(refuse(s, 0, { type: 'buyHalf', good: 0, building: 1, slot: 1 })).toBe('NO_MARKET_MARKER');
    s.players[0].market = 1;
    s.players[0].supply = 19;
    s = act(s, 0, { type: 'buyHalf', good: 0, building: 1, slot: 1 });
    expect(s.players[0].market).toBe(0);
    expect(s.players[2].market).toBe(1);
    expect(s.players[2].supply).toBe(19);
    expect(s.storehouse[0]).toEqual([-1]);
  });

  it('needs a free icon of that half-product', () => {
    const s = trader();
    expect(refuse(s, 0, { type: 'buyHalf', good: 1, building: 1, slot: 1, card: money(0, 1) })).toBe('NO_SUCH_ICON');
  });
});

describe('Town hall and tokens', () => {
  it('gives a privilege token, a work token or a place on the changing order track, at most 3 tokens each', () => {
    let s = atTurn(newGame(3, 'hall'), 0, 'townhall');
    // Another helper still waits in the town hall, so the round does not end yet.
    s.queue = [{ seat: 1, gold: false, helper: null }];
    s.players[0].privTokens = 3;
    expect(refuse(s, 0, { type: 'hall', choice: 'privilege' })).toBe('TOKEN_LIMIT');
    s.players[0].privTokens = 0;
    s.privBank = 0;
    expect(refuse(s, 0, { type: 'hall', choice: 'privilege' })).toBe('NO_TOKENS');
    s.privBank = 6;
    const took = act(s, 0, { type: 'hall', choice: 'privilege' });
    expect(took.players[0].privTokens).toBe(1);
    expect(took.privBank).toBe(5);
    s = act(s, 0, { type: 'hall', choice: 'work' });
    expect(s.players[0].workTokens).toBe(1);
    expect(s.workBank).toBe(5);
    expect(s.turn?.seat).toBe(1);
    s = act(s, 1, { type: 'hall', choice: 'order' });
    expect(s.order[0]).toBe(1);
  });

  it('turns a work token into one immediate work point in another guild', () => {
    let s = atTurn(newGame(3, 'work'), 0, 'bankers');
    expect(refuse(s, 0, { type: 'workToken' })).toBe('NO_WORK_TOKEN');
    s.players[0].workTokens = 1;
    s = act(s, 0, { type: 'workToken' });
    expect(s.turn?.wp).toBe(1);
    s = act(s, 0, { type: 'produceRaw', building: 0, to: { kind: 'market' } });
    expect(s.players[0].market).toBe(1);
    expect(s.turn?.wp).toBe(0);
    expect(refuse(s, 0, { type: 'produceRaw', building: 0, to: { kind: 'market' } })).toBe('NO_WORK_POINTS');
  });
});

describe('Craftsmen', () => {
  it('gives 3, 4 and 5 work points per helper in years 1, 2 and 3', () => {
    for (const year of [1, 2, 3]) {
      let s = newGame(3, 'wp');
      s.order = [0, 1, 2];
      s.year = year;
      s = act(s, 0, { type: 'send', guild: 3, space: 0 });
      for (const seat of [1, 2, 0]) s = act(s, seat, { type: 'resign' });
      expect(s.turn).toMatchObject({ seat: 0, guild: 'craftsmen', wp: year + 2, gold: true });
    }
  });

  it('the privilege makes two raw materials for one work point', () => {
    let s = atTurn(newGame(3, 'craft'), 0, 'craftsmen', { gold: true, wp: 1 });
    s = act(s, 0, { type: 'craftPrivilege' });
    s = act(s, 0, { type: 'produceRaw', building: 0, to: { kind: 'market' } });
    s = act(s, 0, { type: 'produceRaw', building: 0, to: { kind: 'market' } });
    expect(s.players[0].market).toBe(2);
    expect(s.turn?.wp).toBe(0);
    s = act(s, 0, { type: 'done' });
  });

  it('keeps at most 3 own markers in the market and trades one for 1 work point onto any raw icon', () => {
    let s = atTurn(newGame(3, 'market'), 0, 'craftsmen', { wp: 5 });
    s.players[0].town.push({ card: cardOf('advanced', 'beer'), slots: [false, false] });
    for (let i = 0; i < 3; i++) s = act(s, 0, { type: 'produceRaw', building: 0, to: { kind: 'market' } });
    expect(refuse(s, 0, { type: 'produceRaw', building: 0, to: { kind: 'market' } })).toBe('MARKET_LIMIT');
    // Wheat icon (slot 0 of the brewery) from the market.
    s = act(s, 0, { type: 'trade', building: 1, slot: 0 });
    expect(s.players[0].market).toBe(2);
    expect(s.players[0].town[1].slots).toEqual([true, false]);
    expect(refuse(s, 0, { type: 'trade', building: 1, slot: 1 })).toBe('NO_SUCH_ICON');
    expect(MONEY).toHaveLength(48);
  });
});

describe('refusals', () => {
  it('refuses unknown ids and out-of-turn actions with a RuleError instead of throwing', () => {
    const s = atTurn(newGame(3, 'refuse'), 0, 'craftsmen', { wp: 3 });
    expect(refuse(s, 1, { type: 'done' })).toBe('NOT_YOUR_TURN');
    expect(refuse(s, 0, { type: 'produceRaw', building: 9, to: { kind: 'market' } })).toBe('NOT_BASIC');
    expect(refuse(s, 0, { type: 'produceHalf', building: 0, to: { kind: 'store', take: 2 } })).toBe('NOT_EXPANDED');
    expect(refuse(s, 0, { type: 'produceFinal', building: 7, to: { kind: 'lost' } })).toBe('NOT_ADVANCED');
    expect(refuse(s, 0, { type: 'trade', building: 5, slot: 0 })).toBe('NO_MARKET_MARKER');
    expect(refuse(s, 0, { type: 'bankTake', slot: 0 })).toBe('WRONG_GUILD');
    expect(refuse(s, 0, { type: 'invest', cards: [0, 1, 2, 3] })).toBe('WRONG_PHASE');
    const h = newGame(3, 'refuse');
    expect(refuse(h, h.order[0], { type: 'send', guild: 7, space: 0 })).toBe('NO_SUCH_GUILD');
    expect(refuse(h, h.order[0], { type: 'swap', card: 999 })).toBe('WRONG_PHASE');
  });
});

describe('trading on the market (rulebook example)', () => {
  it('grows grapes into the market for 1 work point, then exchanges them for wheat in a flour mill for 1 more', () => {
    let s = atTurn(newGame(3, 'grapes'), 0, 'craftsmen', { wp: 3 });
    s.players[0].town.push({ card: cardOf('basic', 'grapes'), slots: [] }, { card: cardOf('expanded', 'flour'), slots: [false] });
    s = act(s, 0, { type: 'produceRaw', building: 1, to: { kind: 'market' } });
    expect(refuse(s, 0, { type: 'produceRaw', building: 1, to: { kind: 'slot', building: 2, slot: 0 } })).toBe('NO_SUCH_ICON');
    s = act(s, 0, { type: 'trade', building: 2, slot: 0 });
    expect(s.players[0].market).toBe(0);
    expect(s.players[0].town[2].slots).toEqual([true]);
    expect(s.turn?.wp).toBe(1);
  });
});
