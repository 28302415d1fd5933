import { describe, expect, it } from 'vitest';
import { isRuleError } from '../../../src/engine/types.js';
import { BAR_MAX } from '../../../src/games/milestone-city/data.js';
import { editionOf } from '../../../src/games/milestone-city/editions.js';
import type { MilestoneCityState } from '../../../src/games/milestone-city/state.js';
import { build, game, ok, refused, square, turnState } from './helpers.js';

/** A tile record placed directly (for milestone tests that need a filled board). */
const tile = (card: string, tileId: string, ...squares: number[]) => ({ tile: tileId, card, squares });
/** Piece A's three districts each hold a tile: two residential zones and a police station. */
const filledA = [tile('resHealth-1', 'res1', square(0, 0)), tile('resHealth-2', 'res1', square(0, 2)), tile('police-1', 'police', square(3, 0))];

function twoSeats(patch: Partial<MilestoneCityState> = {}): MilestoneCityState {
  const state = game.setup({ seats: 2, options: { milestones: 4 }, seed: 'flow', rulesVersion: 1 });
  return { ...state, phase: 'turn', faceUp: [true, false, false, false, false, false], ...patch };
}

describe('bars and money', () => {
  it('refuses a card that would take a bar below 0 and loses gains past the top', () => {
    const dry = turnState({ bars: { happiness: 2, power: 2, water: 0, employment: 1 }, hands: [['resHealth-1', 'wind-1']] });
    refused(dry, 0, { type: 'play', card: 'resHealth-1' }, 'BAR_SHORTAGE');
    expect(game.legalActions(dry, 0)).not.toContainEqual({ type: 'play', card: 'resHealth-1' });
    const full = build(turnState({ bars: { happiness: 2, power: 9, water: 2, employment: 1 } }), 'wind-1', null, 0, 0, 0);
    expect(full.bars.power).toBe(BAR_MAX);
  });

  it('refuses a building the treasury cannot pay for', () => {
    const poor = turnState({ treasury: 2, hands: [['wind-1', 'clinic-1']] });
    refused(poor, 0, { type: 'play', card: 'wind-1' }, 'NOT_ENOUGH_MONEY');
    expect(game.legalActions(poor, 0)).toContainEqual({ type: 'play', card: 'clinic-1' });
  });
});

describe('turns', () => {
  it('passes clockwise after a card is built, draws a replacement, and discards the card', () => {
    const state = twoSeats({ hands: [['clinic-1'], ['clinic-2']] });
    const next = build(state, 'clinic-1', null, 0, 0, 0);
    expect(next.active).toBe(1);
    expect(next.hands[0]).toEqual([state.deck[0]]);
    expect(next.deck).toEqual(state.deck.slice(1));
    expect(next.discard).toEqual(['clinic-1']);
    refused(next, 0, { type: 'play', card: state.deck[0]! }, 'NOT_YOUR_TURN');
  });

  it('exchanges a card for the top of the draw pile, which is irreversible', () => {
    const state = twoSeats();
    const card = state.hands[0]![1]!;
    const result = game.apply(state, 0, { type: 'exchange', card });
    if (isRuleError(result)) throw new Error(result.code);
    expect(result.irreversible).toBe(true);
    expect(result.state.hands[0]).toEqual([...state.hands[0]!.filter((c) => c !== card), state.deck[0]]);
    expect(result.state.discard).toEqual([card]);
    refused(state, 0, { type: 'exchange', card: 'stadium-1' }, 'CARD_NOT_IN_HAND');
    refused({ ...state, deck: [] }, 0, { type: 'exchange', card }, 'DECK_EMPTY');
  });

  it('cancels a slid-forward card, and nothing else may happen while one is in play', () => {
    const state = turnState({ hands: [['clinic-1', 'wind-1']] });
    const pending = ok(state, 0, { type: 'play', card: 'clinic-1' });
    expect(pending.pending).toEqual({ card: 'clinic-1', tile: 'clinic', orientation: null });
    refused(pending, 0, { type: 'exchange', card: 'wind-1' }, 'CARD_IN_PLAY');
    refused(pending, 0, { type: 'play', card: 'wind-1' }, 'CARD_IN_PLAY');
    refused(pending, 0, { type: 'place', x: 0, y: 0 }, 'ORIENT_FIRST');
    refused(pending, 0, { type: 'chooseTile', tile: 'res1' }, 'TILE_ALREADY_CHOSEN');
    expect(ok(pending, 0, { type: 'cancel' })).toEqual(state);
    refused(state, 0, { type: 'cancel' }, 'NO_CARD_IN_PLAY');
    refused(state, 0, { type: 'orient', orientation: 0 }, 'NO_CARD_IN_PLAY');
  });

  it('allows passing only with the draw pile empty, and ends the game when everyone passes in a row', () => {
    const state = twoSeats({ deck: [], hands: [['resHealth-1'], ['resHealth-2']] });
    refused(twoSeats(), 0, { type: 'pass' }, 'PASS_NOT_ALLOWED');
    expect(game.legalActions(state, 0)).toContainEqual({ type: 'pass' });
    expect(game.legalActions(state, 0).some((a) => a.type === 'exchange')).toBe(false);
    const one = ok(state, 0, { type: 'pass' });
    expect(game.outcome(one)).toBeNull();
    const reset = build(one, 'resHealth-2', 'res1', 0, 0, 3);
    expect(reset.passes).toBe(0);
    const over = ok(ok(reset, 0, { type: 'pass' }), 1, { type: 'pass' });
    expect(over.phase).toBe('over');
    expect(game.activeSeats(over)).toEqual([]);
    expect(game.legalActions(over, 0)).toEqual([]);
    refused(over, 0, { type: 'pass' }, 'GAME_OVER');
    const outcome = game.outcome(over)!;
    expect(outcome.winners).toEqual([]);
    expect(outcome.scores[0]).toBe(outcome.scores[1]);
  });
});

describe('ending a milestone', () => {
  it('needs a tile in every city district', () => {
    const state = twoSeats({ tiles: filledA.slice(0, 2) });
    refused(state, 0, { type: 'endMilestone' }, 'EMPTY_DISTRICT');
    expect(game.legalActions(state, 0)).not.toContainEqual({ type: 'endMilestone' });
  });

  it('collects taxes, passes the start to the next player, who chooses the next piece, and refills hands', () => {
    const state = twoSeats({ tiles: filledA, hands: [['clinic-1'], ['clinic-2', 'wind-1']] });
    const next = ok(state, 0, { type: 'endMilestone' });
    expect(next.milestone).toBe(1);
    expect(next.treasury).toBe(state.treasury + 2); // two zone tiles, 1 each
    expect(next.phase).toBe('piece');
    expect(next.starter).toBe(1);
    expect(game.activeSeats(next)).toEqual([1]);
    expect(next.hands.map((h) => h.length)).toEqual([4, 4]);
    expect(next.hands[0]).toEqual(['clinic-1', ...state.deck.slice(0, 3)]);
  });

  it('needs the milestone\'s bar goals', () => {
    const state = twoSeats({ tiles: filledA, milestone: 1 });
    expect(editionOf(state).milestones[1]!.needs.happiness).toBe(4);
    refused(state, 0, { type: 'endMilestone' }, 'MILESTONE_GOAL_NOT_MET');
    ok({ ...state, bars: { ...state.bars, happiness: 4 } }, 0, { type: 'endMilestone' });
  });

  it('shuffles the Stage II cards into the draw pile when the third milestone begins', () => {
    const state = twoSeats({ tiles: filledA, milestone: 1, bars: { happiness: 5, power: 2, water: 2, employment: 2 } });
    const result = game.apply(state, 0, { type: 'endMilestone' });
    if (isRuleError(result)) throw new Error(result.code);
    expect(result.irreversible).toBe(true);
    expect([...result.state.deck].sort()).toEqual([...state.deck, ...editionOf(state).stageCards[2]].sort());
  });

  it('goes bankrupt when the treasury cannot pay for any piece next to the city', () => {
    const buildings = [tile('police-1', 'police', square(0, 0)), tile('police-2', 'police', square(0, 2)), tile('clinic-1', 'clinic', square(3, 0), square(3, 1))];
    const over = ok(twoSeats({ tiles: buildings, treasury: 0 }), 0, { type: 'endMilestone' });
    expect(over.result).toBe('bankrupt');
    expect(game.outcome(over)!.winners).toEqual([]);
    const saved = ok(twoSeats({ tiles: buildings, treasury: 1 }), 0, { type: 'endMilestone' });
    expect(game.legalActions(saved, 1)).toEqual([{ type: 'choosePiece', piece: 1 }]);
  });

  it('wins when the last milestone ends, with the score of a better-run city', () => {
    const state = game.setup({ seats: 3, options: { milestones: 1 }, seed: 'win', rulesVersion: 1 });
    const ready = { ...state, phase: 'turn' as const, faceUp: [true, false, false, false, false, false], tiles: filledA };
    const over = ok(ready, 0, { type: 'endMilestone' });
    expect(over.result).toBe('won');
    const outcome = game.outcome(over)!;
    expect(outcome.winners).toEqual([0, 1, 2]);
    const SCORE = editionOf(state).score;
    const expected = SCORE.milestone + SCORE.victory + 2 * SCORE.zone + over.bars.happiness + Math.floor(over.treasury / SCORE.moneyPer);
    expect(outcome.scores).toEqual([expected, expected, expected]);
    // A richer, happier city scores more.
    const richer = ok({ ...ready, treasury: ready.treasury + 10, bars: { ...ready.bars, happiness: 6 } }, 0, { type: 'endMilestone' });
    expect(game.outcome(richer)!.scores[0]).toBeGreaterThan(expected);
  });
});

describe('malformed actions', () => {
  it('are refused with a rule error, never a throw', () => {
    const state = twoSeats();
    const bad = [{ type: 'fly' }, { type: 'play' }, { type: 'choosePiece', piece: -1 }, { type: 'exchange', card: 7 }];
    for (const action of bad) expect(isRuleError(game.apply(state, 0, action as never))).toBe(true);
    expect(isRuleError(game.apply(state, 7, { type: 'pass' }))).toBe(true);
  });
});

describe('views and timeouts', () => {
  it('hide the draw order and the RNG but show the open hands', () => {
    const state = twoSeats();
    for (const seat of [0, 1, null]) {
      const view = game.view(state, seat);
      expect(JSON.stringify(view)).not.toContain('rng');
      expect(view.deckSize).toBe(state.deck.length);
      expect(view.hands).toEqual(state.hands);
      for (const card of state.deck) expect(JSON.stringify(view)).not.toContain(`"${card}"`);
    }
  });

  it('gives an idle seat a legal action in every phase', () => {
    const states = [
      game.setup({ seats: 2, options: { milestones: 4 }, seed: 't', rulesVersion: 1 }),
      twoSeats(),
      twoSeats({ tiles: filledA }),
      twoSeats({ deck: [] }),
      ok(twoSeats({ hands: [['clinic-1'], []] }), 0, { type: 'play', card: 'clinic-1' }),
    ];
    for (const state of states) {
      const action = game.timeoutAction(state, state.active);
      expect(game.legalActions(state, state.active)).toContainEqual(action);
      expect(isRuleError(game.apply(state, state.active, action))).toBe(false);
    }
  });
});
