import { describe, expect, it } from 'vitest';
import { SCORING_A, SCORING_B } from '../../../src/games/construction-yard/data.js';
import type { CYState } from '../../../src/games/construction-yard/state.js';
import { building, fresh, game, giveHand, play, refuse, setYard } from './helpers.js';

/** Lay these money cards out as the display (taken from wherever they were; the old display goes to the discard). */
function setDisplay(state: CYState, ids: string[]): CYState {
  const strip = (list: string[]) => list.filter((id) => !ids.includes(id));
  return {
    ...state,
    hands: state.hands.map(strip),
    moneyDeck: strip(state.moneyDeck),
    discard: [...strip(state.discard), ...strip(state.moneyDisplay)],
    moneyDisplay: ids,
  };
}

const cheapYard = () => [building('museum', 2), building('theater', 3), building('station', 4), building('church', 5)];

describe('taking money', () => {
  it('takes any one card, or several totalling at most 5 (the rulebook example)', () => {
    let state = fresh(3, 'take');
    const seat = state.current;
    state = setDisplay(state, ['blue-2-a', 'green-3-a', 'orange-7-a', 'yellow-4-a']);
    const legal = game.legalActions(state, seat).filter((action) => action.type === 'takeMoney');
    // The two on the left together (5) or any one card; no other pair totals 5 or less.
    expect(legal.map((action) => (action.type === 'takeMoney' ? action.slots : []))).toEqual([[0], [1], [0, 1], [2], [3]]);
    refuse(state, seat, { type: 'takeMoney', slots: [0, 3] }, 'TAKE_LIMIT_EXCEEDED');
    const handBefore = state.hands[seat]!.length;
    const { state: after, log } = play(state, seat, { type: 'takeMoney', slots: [0, 1] });
    expect(after.hands[seat]).toContain('blue-2-a');
    expect(after.hands[seat]).toContain('green-3-a');
    expect(after.hands[seat]!.length).toBe(handBefore + 2);
    // Taking money ends the turn: the display is completed to four and the next seat plays.
    expect(after.moneyDisplay.slice(0, 2)).toEqual(['orange-7-a', 'yellow-4-a']);
    expect(after.moneyDisplay).toHaveLength(4);
    expect(after.current).toBe((seat + 1) % 3);
    expect(log.map((entry) => entry.message)).toContain(`Seat ${seat} takes blue 2 and green 3.`);
    const single = play(state, seat, { type: 'takeMoney', slots: [2] }).state;
    expect(single.hands[seat]).toContain('orange-7-a');
  });

  it('refuses bad positions, the wrong seat and a finished game', () => {
    let state = fresh(3, 'errors');
    const seat = state.current;
    state = { ...state, moneyDisplay: state.moneyDisplay.slice(0, 2), discard: [...state.discard, ...state.moneyDisplay.slice(2)] };
    refuse(state, seat, { type: 'takeMoney', slots: [3] }, 'NO_MONEY_THERE');
    refuse(state, seat, { type: 'takeMoney', slots: [0, 0] }, 'BAD_SLOTS');
    refuse(state, (seat + 1) % 3, { type: 'takeMoney', slots: [0] }, 'NOT_YOUR_TURN');
    refuse(state, seat, { type: 'pay', value: 3 }, 'NO_PURCHASE_UNDER_WAY');
    refuse(state, seat, { type: 'cancel' }, 'NO_PURCHASE_UNDER_WAY');
    refuse(state, seat, { type: 'pass' }, 'MUST_ACT');
    refuse(state, seat, { type: 'buy', slot: 0, toNeutral: true }, 'NO_NEUTRAL_COLLECTOR');
    refuse({ ...state, over: true }, seat, { type: 'takeMoney', slots: [0] }, 'GAME_OVER');
    expect(game.legalActions(state, (seat + 1) % 3)).toEqual([]);
  });
});

describe('buying a building', () => {
  it("Lucy's garden: paying 11 for a price of 10 gives no change and ends her turn", () => {
    let state = fresh(3, 'lucy');
    const lucy = state.current;
    const park = building('park', 10);
    state = setYard(state, [park, building('museum', 2), building('theater', 3), building('station', 4)]);
    state = giveHand(state, lucy, ['blue-5-a', 'blue-6-a', 'orange-2-a']);
    refuse(state, lucy, { type: 'buy', slot: 2 }, 'CANNOT_AFFORD'); // the theater costs 3 orange; she holds 2
    state = play(state, lucy, { type: 'buy', slot: 0 }).state;
    expect(game.legalActions(state, lucy)).toEqual([{ type: 'pay', value: 5 }, { type: 'pay', value: 6 }, { type: 'cancel' }]);
    refuse(state, lucy, { type: 'takeMoney', slots: [0] }, 'PURCHASE_UNDER_WAY');
    refuse(state, lucy, { type: 'pay', value: 2 }, 'CARD_NOT_IN_HAND'); // orange does not pay on the blue position
    state = play(state, lucy, { type: 'pay', value: 6 }).state;
    expect(state.current).toBe(lucy);
    expect(game.view(state, null).pending?.total).toBe(6);
    const { state: after, log } = play(state, lucy, { type: 'pay', value: 5 });
    expect(after.owned[lucy]).toEqual([park]);
    expect(after.hands[lucy]).toEqual(['orange-2-a']);
    expect(after.discard.slice(-2)).toEqual(['blue-6-a', 'blue-5-a']);
    expect(after.current).not.toBe(lucy);
    expect(after.yard[0]).not.toBeNull(); // refilled after her turn
    expect(log.some((entry) => entry.message.includes('paid 11') && entry.message.includes('no change'))).toBe(true);
  });

  it('cancel returns the cards paid so far and the turn goes on', () => {
    let state = fresh(3, 'cancel');
    const seat = state.current;
    state = setYard(state, [building('park', 10), ...cheapYard().slice(1)]);
    state = giveHand(state, seat, ['blue-5-a', 'blue-6-a']);
    state = play(state, seat, { type: 'buy', slot: 0 }).state;
    state = play(state, seat, { type: 'pay', value: 5 }).state;
    state = play(state, seat, { type: 'cancel' }).state;
    expect(state.hands[seat]).toEqual(['blue-5-a', 'blue-6-a']);
    expect(state.pending).toBeNull();
    expect(state.current).toBe(seat);
    expect(state.actionsThisTurn).toBe(0);
  });

  it('exact payments chain: four purchases and a money take make five actions in one turn, the yard refilled only after', () => {
    let state = fresh(4, 'chain');
    const seat = state.current;
    const yard = cheapYard();
    state = setYard(state, yard);
    state = giveHand(state, seat, ['blue-2-a', 'green-3-a', 'orange-4-a', 'yellow-5-a', 'blue-9-a']);
    const values = [2, 3, 4, 5];
    for (let slot = 0; slot < 4; slot++) {
      state = play(state, seat, { type: 'buy', slot }).state;
      const { state: next, log } = play(state, seat, { type: 'pay', value: values[slot]! });
      state = next;
      expect(log.at(-1)!.message).toContain('exact payment: another action'); // nothing is refilled after it
      expect(state.current).toBe(seat);
      expect(state.actionsThisTurn).toBe(slot + 1);
      expect(state.yard.slice(0, slot + 1)).toEqual(Array(slot + 1).fill(null)); // not refilled during the turn
    }
    expect(state.owned[seat]).toEqual(yard);
    // With the yard empty, only money can be taken now; that fifth action ends the turn.
    expect(game.legalActions(state, seat).every((action) => action.type === 'takeMoney')).toBe(true);
    state = play(state, seat, { type: 'takeMoney', slots: [0] }).state;
    expect(state.current).toBe((seat + 1) % 4);
    expect(state.actionsThisTurn).toBe(0);
    expect(state.yard.every((id) => id !== null)).toBe(true);
  });

  it('an exact payment as the fifth action still ends the turn', () => {
    let state = fresh(3, 'cap');
    const seat = state.current;
    state = setYard(state, cheapYard());
    state = giveHand(state, seat, ['blue-2-a']);
    state = { ...state, actionsThisTurn: 4 };
    state = play(state, seat, { type: 'buy', slot: 0 }).state;
    const { state: after, log } = play(state, seat, { type: 'pay', value: 2 });
    expect(log.some((entry) => entry.message.includes('exact payment, but five actions is the limit'))).toBe(true);
    expect(after.current).toBe((seat + 1) % 3);
  });

  it('passing is allowed only when no money is displayed and nothing is affordable', () => {
    let state = fresh(3, 'pass');
    const seat = state.current;
    state = setYard(state, [building('skyscraper', 13), building('skyscraper', 12), building('park', 12), building('park', 11)]);
    state = giveHand(state, seat, ['blue-1-a']);
    const emptied = { ...state, discard: [...state.discard, ...state.moneyDisplay, ...state.moneyDeck.filter((id) => !id.startsWith('scoring'))], moneyDisplay: [], moneyDeck: state.moneyDeck.filter((id) => id.startsWith('scoring')) };
    expect(game.legalActions(emptied, seat)).toEqual([{ type: 'pass' }]);
    expect(game.timeoutAction(emptied, seat)).toEqual({ type: 'pass' });
    const after = play(emptied, seat, { type: 'pass' }).state;
    expect(after.current).toBe((seat + 1) % 3);
  });
});

describe('after the turn: money refill, scoring cards, reshuffle', () => {
  it('a drawn scoring card scores at once, before the next player, and the display is completed', () => {
    let state = fresh(3, 'scoring');
    const seat = state.current;
    const churches = [building('church', 5), building('church', 6), building('church', 7)];
    state = setYard(state, cheapYard().map((id) => (churches.includes(id) ? building('church', 9) : id)));
    state = { ...state, owned: [[churches[0]!, churches[1]!], [churches[2]!], []], buildingDeck: state.buildingDeck.filter((id) => !churches.includes(id)) };
    state = { ...state, moneyDeck: [SCORING_A, ...state.moneyDeck.filter((id) => id !== SCORING_A)] };
    const { state: after, log } = play(state, seat, { type: 'takeMoney', slots: [0] });
    expect(after.scorings).toEqual([{ round: 'A', points: [4, 0, 0] }]); // the most churches in A: 4
    expect(after.scores).toEqual([4, 0, 0]);
    expect(after.moneyDisplay).toHaveLength(4);
    expect(after.moneyDeck).not.toContain(SCORING_A);
    expect(log.some((entry) => entry.message === 'The scoring A card is revealed.')).toBe(true);
    expect(after.current).toBe((seat + 1) % 3);
  });

  it('an empty money deck takes the shuffled discard pile', () => {
    let state = fresh(3, 'reshuffle');
    const seat = state.current;
    const rest = state.moneyDeck.filter((id) => id !== SCORING_A && id !== SCORING_B);
    state = { ...state, moneyDeck: [], discard: rest, scorings: [{ round: 'A', points: [0, 0, 0] }, { round: 'B', points: [0, 0, 0] }] };
    const { state: after, log } = play(state, seat, { type: 'takeMoney', slots: [0] });
    expect(after.discard).toEqual([]);
    expect(after.moneyDisplay).toHaveLength(4);
    expect(after.moneyDeck).toHaveLength(rest.length - 1);
    expect([...after.moneyDeck, after.moneyDisplay[3]!].sort()).toEqual([...rest].sort());
    expect(log.some((entry) => entry.message.includes('shuffled into a new deck'))).toBe(true);
  });
});

describe('end of the game', () => {
  it('refills as many buildings as possible, gives the rest to the most money of their currency (nobody on a tie), then scores C', () => {
    let state = fresh(3, 'end');
    const seat = state.current;
    const yard = cheapYard();
    const last = building('park', 6);
    state = setYard(state, yard);
    state = { ...state, buildingDeck: [last] };
    const others = [(seat + 1) % 3, (seat + 2) % 3] as const;
    state = giveHand(state, seat, ['blue-2-a', 'green-3-a', 'orange-9-a']);
    state = giveHand(state, others[0], ['orange-4-a', 'orange-5-a', 'yellow-1-a']);
    state = giveHand(state, others[1], ['orange-9-b', 'yellow-1-b']);
    state = setDisplay(state, ['green-1-b', 'green-2-b', 'green-4-b', 'green-5-b']);
    // Two exact purchases, then taking money ends the turn with one card left for two empty positions.
    state = play(state, seat, { type: 'buy', slot: 0 }).state;
    state = play(state, seat, { type: 'pay', value: 2 }).state;
    state = play(state, seat, { type: 'buy', slot: 1 }).state;
    state = play(state, seat, { type: 'pay', value: 3 }).state;
    expect(game.outcome(state)).toBeNull();
    const owners = state.owned.map((owned) => owned.length);
    const { state: after } = play(state, seat, { type: 'takeMoney', slots: [0] });
    expect(after.over).toBe(true);
    expect(game.activeSeats(after)).toEqual([]);
    expect(game.legalActions(after, seat)).toEqual([]);
    // Blue position: the last park, laid out left to right; nobody holds blue money (the buyer paid hers away).
    expect(after.finalAssignments).toEqual([
      { slot: 0, building: last, collector: null },
      { slot: 2, building: yard[2], collector: null }, // orange: 9 (buyer), 4+5 = 9, 9: a tie, nobody
      { slot: 3, building: yard[3], collector: null }, // yellow: 1 and 1: a tie, nobody
    ]);
    expect(after.yard).toEqual([last, null, yard[2], yard[3]]);
    expect(after.owned.map((owned) => owned.length)).toEqual(owners);
    expect(after.scorings.at(-1)!.round).toBe('C');
    expect(game.outcome(after)).not.toBeNull();
  });

  it('gives a remaining building to the single richest holder of its currency', () => {
    let state = fresh(3, 'end2');
    const seat = state.current;
    const other = (seat + 1) % 3;
    state = setYard(state, [building('skyscraper', 13), building('museum', 2), building('theater', 9), building('station', 10)]);
    state = { ...state, buildingDeck: [] };
    state = giveHand(state, seat, ['green-2-a', 'green-1-a', 'orange-1-a']);
    state = giveHand(state, other, ['orange-3-a', 'yellow-1-a']);
    state = giveHand(state, (seat + 2) % 3, ['blue-1-a']);
    state = setDisplay(state, ['green-1-b', 'green-2-b', 'green-4-b', 'green-5-b']);
    state = play(state, seat, { type: 'buy', slot: 1 }).state;
    state = play(state, seat, { type: 'pay', value: 2 }).state; // exact: another action
    const after = play(state, seat, { type: 'takeMoney', slots: [0] }).state;
    expect(after.over).toBe(true);
    // The price does not matter: a blue 1 is enough for the 13 skyscraper when nobody else holds blue.
    expect(after.finalAssignments.find((assignment) => assignment.slot === 0)!.collector).toBe((seat + 2) % 3);
    expect(after.finalAssignments.find((assignment) => assignment.slot === 3)!.collector).toBe(other); // the only yellow money
    expect(after.finalAssignments.find((assignment) => assignment.slot === 2)!.collector).toBe(other); // orange 3 beats orange 1
    expect(after.owned[other]).toContain(building('theater', 9));
  });
});
