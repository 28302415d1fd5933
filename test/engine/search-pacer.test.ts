import { afterEach, describe, expect, it } from 'vitest';
import { chooseBotAction } from '../../src/engine/bots.js';
import { setSearchPacer } from '../../src/engine/search.js';
import { isRuleError } from '../../src/engine/types.js';
import { games } from '../../src/games/index.js';

/** The service's bot threads pace their searches (services/bot-worker.ts): pacing may only take time, never change a move. */
afterEach(() => setSearchPacer(null));

describe('a paced search', () => {
  it('calls the pacer once per iteration and chooses what the unpaced search chooses', () => {
    let searched = 0;
    for (const type of ['construction-yard', 'guild-town', 'urbanization'] as const) {
      const definition = games[type]!;
      let state = definition.setup({ seats: 2, options: {}, seed: `pacer-${type}` });
      // A few greedy moves in, where the hard bot has several candidates to search.
      for (let ply = 0; ply < 6; ply++) {
        const seat = definition.activeSeats(state)[0]!;
        const applied = definition.apply(state, seat, chooseBotAction(definition, 'greedy', state, seat, `walk-${ply}`));
        if (isRuleError(applied)) throw new Error(applied.message);
        state = applied.state;
      }
      const seat = definition.activeSeats(state)[0]!;
      const unpaced = chooseBotAction(definition, 'hard', state, seat, 'pacer', 20);
      let calls = 0;
      setSearchPacer(() => void calls++);
      expect(chooseBotAction(definition, 'hard', state, seat, 'pacer', 20), type).toEqual(unpaced);
      setSearchPacer(null);
      searched += calls;
    }
    expect(searched).toBeGreaterThan(0);
  });
});
