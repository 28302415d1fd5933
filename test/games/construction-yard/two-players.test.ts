import { describe, expect, it } from 'vitest';
import { SCORING_A, SCORING_B } from '../../../src/games/construction-yard/data.js';
import type { CYState } from '../../../src/games/construction-yard/state.js';
import { building, fresh, game, giveHand, play, setYard } from './helpers.js';

const NEUTRAL = 2;

describe('two players', () => {
  it('uses 72 money cards (one copy of each sorted out) and gives the neutral collector 6 buildings at the start', () => {
    const state = fresh(2, 'two');
    const money = [...state.hands.flat(), ...state.moneyDeck, ...state.moneyDisplay].filter((id) => !id.startsWith('scoring'));
    expect(money).toHaveLength(72);
    expect(money.some((id) => id.endsWith('-c'))).toBe(false);
    expect(state.owned).toHaveLength(3);
    expect(state.owned[NEUTRAL]).toHaveLength(6);
    expect(state.buildingDeck).toHaveLength(54 - 4 - 6);
    expect(game.view(state, 0).neutralCollector?.buildings).toHaveLength(6);
    expect(fresh(3, 'three').owned).toHaveLength(3);
    expect(game.view(fresh(3, 'three'), 0).neutralCollector).toBeNull();
  });

  it('lets a buyer keep the building or give it to the neutral collector', () => {
    let state = fresh(2, 'donate');
    const seat = state.current;
    const museum = building('museum', 2, state.owned[NEUTRAL]);
    state = setYard(state, [museum, ...state.yard.slice(1).filter((id) => id !== museum)].slice(0, 4));
    state = giveHand(state, seat, ['blue-2-a', 'blue-3-a']);
    const legal = game.legalActions(state, seat);
    expect(legal).toContainEqual({ type: 'buy', slot: 0 });
    expect(legal).toContainEqual({ type: 'buy', slot: 0, toNeutral: true });
    const kept = play(play(state, seat, { type: 'buy', slot: 0 }).state, seat, { type: 'pay', value: 2 }).state;
    expect(kept.owned[seat]).toEqual([museum]);
    const given = play(play(state, seat, { type: 'buy', slot: 0, toNeutral: true }).state, seat, { type: 'pay', value: 2 }).state;
    expect(given.owned[seat]).toEqual([]);
    expect(given.owned[NEUTRAL]).toContain(museum);
    expect(given.current).toBe(seat); // exact payment: another action, as when keeping it
  });

  function scoringNext(state: CYState, card: string): CYState {
    return { ...state, moneyDeck: [card, ...state.moneyDeck.filter((id) => id !== card)] };
  }

  it('scores the neutral collector like a player and gives it 6 more buildings after A, a third of the rest after B', () => {
    let state = fresh(2, 'neutral-scoring');
    const skyscrapers = [building('skyscraper', 7), building('skyscraper', 8), building('skyscraper', 8, [building('skyscraper', 8)])];
    const all = [...state.owned[NEUTRAL]!, ...state.buildingDeck, ...state.yard.filter((id): id is number => id !== null)];
    const rest = all.filter((id) => !skyscrapers.includes(id));
    // Neutral: 2 skyscrapers; seat 0: 1 skyscraper; seat 1 nothing. The yard and deck hold the rest.
    state = { ...state, owned: [[skyscrapers[2]!], [], skyscrapers.slice(0, 2)], yard: rest.slice(0, 4), buildingDeck: rest.slice(4) };
    const deckBefore = state.buildingDeck.length;
    state = scoringNext(state, SCORING_A);
    const seat = state.current;
    state = play(state, seat, { type: 'takeMoney', slots: [0] }).state;
    expect(state.scorings[0]).toEqual({ round: 'A', points: [0, 0, 6] });
    expect(state.owned[NEUTRAL]).toHaveLength(2 + 6);
    expect(state.buildingDeck).toHaveLength(deckBefore - 6);
    state = scoringNext(state, SCORING_B);
    const beforeB = state.buildingDeck.length;
    const neutralBefore = state.owned[NEUTRAL]!.length;
    state = play(state, state.current, { type: 'takeMoney', slots: [0] }).state;
    expect(state.scorings[1]!.round).toBe('B');
    expect(state.owned[NEUTRAL]).toHaveLength(neutralBefore + Math.floor(beforeB / 3));
    expect(state.buildingDeck).toHaveLength(beforeB - Math.floor(beforeB / 3));
    expect(state.scores[NEUTRAL]).toBeGreaterThanOrEqual(6 + 13);
  });

  it('does not count the neutral collector among the winners', () => {
    const state: CYState = { ...fresh(2, 'outcome'), over: true, scores: [10, 10, 40] };
    expect(game.outcome(state)).toMatchObject({ scores: [10, 10], winners: [0, 1], ranking: [0, 1], details: { neutralScore: 40 } });
    const three: CYState = { ...fresh(3, 'outcome'), over: true, scores: [5, 12, 12] };
    expect(game.outcome(three)).toMatchObject({ scores: [5, 12, 12], winners: [1, 2], ranking: [1, 2, 0] });
  });
});
