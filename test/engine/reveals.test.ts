import { describe, expect, it } from 'vitest';
import { guardReveals, revealsTo, secretsIn, type Secrets } from '../../src/engine/reveals.js';

/** A deck hidden from everyone, and each seat's hand hidden from the others. */
interface Table {
  rules: { revealsIrreversible: boolean };
  deck: number[];
  hands: number[][];
}
const secrets: Secrets<Table> = function* (state, seat) {
  yield secretsIn('deck', state.deck);
  for (const [other, hand] of state.hands.entries()) if (other !== seat) yield secretsIn(`hand.${other}`, hand);
};
const table = (deck: number[], hands: number[][]): Table => ({ rules: { revealsIrreversible: true }, deck, hands });

describe('the reveal guard', () => {
  const before = table([1, 1, 2], [[5], [6]]);

  it('sees no reveal when the hidden places keep their cards, in any order', () => {
    expect(revealsTo(secrets, before, before, 0)).toBe(false);
    expect(revealsTo(secrets, before, table([2, 1, 1], [[5], [6]]), 0)).toBe(false);
    // The mover's own card goes face down into the deck: it becomes hidden, which reveals nothing.
    expect(revealsTo(secrets, before, table([1, 1, 2, 5], [[], [6]]), 0)).toBe(false);
  });

  it('sees one of two equal cards drawn, a card moved between hidden places, and a card turned up', () => {
    expect(revealsTo(secrets, before, table([1, 2], [[5, 1], [6]]), 0)).toBe(true);
    expect(revealsTo(secrets, before, table([1, 1], [[5], [6, 2]]), 0)).toBe(true);
    expect(revealsTo(secrets, table([1], [[5], [6]]), table([], [[5], [6]]), 0)).toBe(true);
  });

  it('makes a revealing move irreversible, only under rules versions that have the guard', () => {
    const draw = (state: Table) => ({ state: { ...state, deck: state.deck.slice(1), hands: [[...state.hands[0]!, state.deck[0]!], state.hands[1]!] }, log: [] });
    const guarded = guardReveals<Table, null>((state) => draw(state), secrets);
    expect(guarded(before, 0, null)).toMatchObject({ irreversible: true });
    expect(guarded({ ...before, rules: { revealsIrreversible: false } }, 0, null)).not.toHaveProperty('irreversible');
  });
});
