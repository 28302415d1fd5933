import { Type } from '@sinclair/typebox';
import { openRng, seedRng, type RngState } from '../../src/engine/rng.js';
import { ruleError, type GameDefinition, type LogEntry, type Seat } from '../../src/engine/types.js';
import type { GameRecord, NewEvent, NextState } from '../../src/store/games.js';

/**
 * "High card": a tiny game for platform tests only (never served). Each player holds a hidden
 * hand of 2 cards drawn from a seeded deck of 1..9 (x3). On your turn you play a card (it scores
 * its value and you draw a replacement, seen only by you) or pass. The game ends after `rounds`
 * turns per player; highest score wins.
 */
export interface ToyState {
  seats: number;
  rounds: number;
  turn: number;
  active: Seat;
  hands: number[][];
  scores: number[];
  deck: number[];
  rng: RngState;
}
export type ToyAction = { type: 'play'; card: number } | { type: 'pass' };
export interface ToyView {
  active: Seat | null;
  turn: number;
  scores: number[];
  handSizes: number[];
  hand: number[] | null;
  deckSize: number;
}

export const toyGame: GameDefinition<ToyState, ToyAction, ToyView, { rounds: number }> = {
  id: 'toy',
  title: 'High card (test game)',
  rulesVersion: 1,
  players: { min: 2, max: 4 },
  optionsSchema: Type.Object({ rounds: Type.Integer({ minimum: 1, maximum: 20, default: 3 }) }, { additionalProperties: false }),
  actionSchema: Type.Union([
    Type.Object({ type: Type.Literal('play'), card: Type.Integer({ minimum: 1, maximum: 9 }) }, { additionalProperties: false }),
    Type.Object({ type: Type.Literal('pass') }, { additionalProperties: false }),
  ]),
  setup({ seats, options, seed }) {
    const rng = openRng(seedRng(seed));
    const deck = rng.shuffle(Array.from({ length: 27 }, (_, i) => (i % 9) + 1));
    const hands = Array.from({ length: seats }, () => deck.splice(0, 2));
    return { seats, rounds: options.rounds, turn: 0, active: 0, hands, scores: Array(seats).fill(0), deck, rng: rng.state() };
  },
  activeSeats: (state) => (state.turn >= state.rounds * state.seats ? [] : [state.active]),
  apply(state, seat, action) {
    if (state.turn >= state.rounds * state.seats) return ruleError('GAME_OVER', 'The game is over.');
    if (seat !== state.active) return ruleError('NOT_YOUR_TURN', `It is seat ${state.active}'s turn.`);
    const hands = state.hands.map((hand) => hand.slice());
    const scores = state.scores.slice();
    let deck = state.deck;
    const log: LogEntry[] = [];
    let irreversible = false;
    if (action.type === 'play') {
      const hand = hands[seat]!;
      const at = hand.indexOf(action.card);
      if (at < 0) return ruleError('CARD_NOT_IN_HAND', `You hold no ${action.card}.`);
      hand.splice(at, 1);
      scores[seat]! += action.card;
      log.push({ message: `Seat ${seat} plays a ${action.card}.` });
      if (deck.length > 0) {
        const [drawn, ...rest] = deck;
        hand.push(drawn!);
        deck = rest;
        irreversible = true;
        log.push({ message: `Seat ${seat} draws a ${drawn}.`, visibleTo: [seat] });
      }
    } else {
      log.push({ message: `Seat ${seat} passes.` });
    }
    const next = { ...state, hands, scores, deck, turn: state.turn + 1, active: (seat + 1) % state.seats };
    return { state: next, log, irreversible };
  },
  legalActions(state, seat) {
    if (!this.activeSeats(state).includes(seat)) return [];
    const cards = [...new Set(state.hands[seat])].sort();
    return [...cards.map((card) => ({ type: 'play' as const, card })), { type: 'pass' as const }];
  },
  view(state, seat) {
    const over = state.turn >= state.rounds * state.seats;
    return {
      active: over ? null : state.active,
      turn: state.turn,
      scores: state.scores,
      handSizes: state.hands.map((hand) => hand.length),
      hand: seat === null ? null : state.hands[seat]!,
      deckSize: state.deck.length,
    };
  },
  outcome(state) {
    if (state.turn < state.rounds * state.seats) return null;
    const ranking = state.scores.map((_, seat) => seat).sort((a, b) => state.scores[b]! - state.scores[a]! || a - b);
    const best = Math.max(...state.scores);
    return { scores: state.scores, ranking, winners: ranking.filter((seat) => state.scores[seat] === best) };
  },
  timeoutAction: () => ({ type: 'pass' }),
};

/**
 * The seat to act passes in `game` (a toy game as the store holds it): the event and next state the
 * play service would hand to the store, for tests of the store's write path. `seq` defaults to the next.
 */
export function toyPass(game: GameRecord, seq = game.version + 1): { event: NewEvent; next: NextState } {
  const state = game.state as ToyState;
  const applied = toyGame.apply(state, state.active, { type: 'pass' });
  if ('code' in applied) throw new Error(applied.message);
  return {
    event: { seq, seat: state.active, actorId: null, kind: 'action', action: { type: 'pass' }, log: applied.log, irreversible: applied.irreversible ?? false },
    next: { state: applied.state, activeSeats: toyGame.activeSeats(applied.state), result: toyGame.outcome(applied.state), clocks: null, deadline: null, due: { dueAt: null, warnAt: null } },
  };
}
