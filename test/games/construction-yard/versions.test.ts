import { describe, expect, it } from 'vitest';
import { moneyCard, STARTING_CAPITAL } from '../../../src/games/construction-yard/data.js';
import { handTotal } from '../../../src/games/construction-yard/setup.js';
import { game, play } from './helpers.js';

/**
 * Rules version 2: "place the cards face up in front of the player until their total is 20 or more
 * … The players take their money cards in their hand and keep them secret from now on."
 */
const setup = (rulesVersion: number) => game.setup({ seats: 3, options: {}, seed: 'capital', rulesVersion });
const faces = (ids: readonly string[]) => ids.map((id) => ({ currency: moneyCard(id).currency, value: moneyCard(id).value }));

describe('starting capital dealt face up', () => {
  it('version 1: nothing of it is public (its games keep that)', () => {
    const state = setup(1);
    expect(state).not.toHaveProperty('startingCapital');
    expect(state).not.toHaveProperty('rules');
    expect(game.view(state, null).startingCapital).toBeNull();
    const first = play(state, state.current, game.legalActions(state, state.current)[0]!);
    expect(first.log.some((entry) => entry.message.startsWith('Starting capital'))).toBe(false);
  });

  it('version 2: every seat and spectator sees every starting hand as dealt, without card ids', () => {
    const state = setup(2);
    const capital = state.startingCapital!;
    expect(capital.map((hand) => [...hand].sort())).toEqual(state.hands);
    for (const hand of capital) {
      expect(handTotal(hand)).toBeGreaterThanOrEqual(STARTING_CAPITAL);
      expect(handTotal(hand.slice(0, -1))).toBeLessThan(STARTING_CAPITAL);
    }
    for (const viewer of [null, 0, 1, 2]) {
      const view = game.view(state, viewer);
      expect(view.startingCapital).toEqual(capital.map(faces));
      const others = capital.flatMap((hand, seat) => (seat === viewer ? [] : hand));
      for (const id of others) expect(JSON.stringify(view)).not.toContain(id);
    }
  });

  it('version 2: the first event opens with the public log of the deal, and only the first', () => {
    let state = setup(2);
    const first = play(state, state.current, game.legalActions(state, state.current)[0]!);
    expect(first.log[0]).toEqual({
      message: expect.stringMatching(/^Starting capital, dealt face up: seat 0 .*; seat 1 .*; seat 2 /),
      data: { startingCapital: state.startingCapital!.map(faces) },
      // The same deal as a key for every language: each seat and its cards, by currency and value.
      key: 'startingCapital3',
      args: Object.fromEntries(
        state.startingCapital!.flatMap((hand, seat) => [
          [`player${seat}`, { seat }],
          [`cards${seat}`, faces(hand).map(({ currency, value }) => ({ term: `money.${currency}.${value}` }))],
        ]),
      ),
    });
    expect(first.log[0]).not.toHaveProperty('visibleTo');
    state = first.state;
    const second = play(state, state.current, game.legalActions(state, state.current)[0]!);
    expect(second.log.some((entry) => entry.message.startsWith('Starting capital'))).toBe(false);
    // Hands are secret from now on: the view still shows the deal, not what the hands became.
    expect(game.view(second.state, null).startingCapital).toEqual(state.startingCapital!.map(faces));
    expect(game.view(second.state, null).hand).toBeNull();
  });
});
