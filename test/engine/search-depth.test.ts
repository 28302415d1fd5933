import { describe, expect, it } from 'vitest';
import { botInput } from '../../src/engine/bots.js';
import { searchMove } from '../../src/engine/search.js';
import { searchProfile } from '../../src/games/construction-yard/search.js';
import type { CYState } from '../../src/games/construction-yard/state.js';
import { games } from '../../src/games/index.js';

/** With more players a fixed ply count covers fewer of each seat's turns (docs/bots.md, "Construction yard with many players"). */
describe('construction yard rollouts', () => {
  it('play eight turns of every seat, and at least 24 plies', () => {
    const definition = games['construction-yard']!;
    for (const [seats, plies] of [[2, 24], [3, 24], [4, 32], [5, 40], [6, 48]] as const) {
      const state = definition.setup({ seats, options: {}, seed: `rollout-depth-${seats}` }) as CYState;
      const seat = definition.activeSeats(state)[0]!;
      let rolloutMoves = 0;
      const counting: typeof searchProfile = {
        ...searchProfile,
        rolloutMove: (rolled, mover, legal, rng) => {
          rolloutMoves++;
          return searchProfile.rolloutMove!(rolled, mover, legal, rng);
        },
      };
      // No uniform moves (explore 0): every ply of every rollout is the profile's rollout move, and the opening is far from the game's end.
      const result = searchMove(definition as never, counting, botInput(definition, state, seat, 'depth', 300) as never, { iterations: 12, explore: 0 });
      expect(result.iterations, `${seats} players`).toBeGreaterThan(0);
      expect(rolloutMoves / result.iterations, `${seats} players`).toBe(plies);
    }
  });
});
