import { chooseBotAction } from '../../../src/engine/bots.js';
import { describe, expect, it } from 'vitest';
import { isRuleError } from '../../../src/engine/types.js';
import type { MilestoneCityState } from '../../../src/games/milestone-city/state.js';
import { expectNoLeak, playRandomGame } from '../../support/engine-properties.js';
import { game } from './helpers.js';
import { checkInvariants } from './invariants.js';

/**
 * Random legal games for every player count. PROPERTY_GAMES (games per player count, default 50)
 * scales the run: `PROPERTY_GAMES=500 npx vitest run test/games/milestone-city` plays 2000 games.
 * Every 4th game checks key-order independence and non-mutation (deep), every 10th applies every
 * listed legal action at every step.
 */
const GAMES = Number(process.env.PROPERTY_GAMES ?? 50);

describe('random legal games', () => {
  for (let seats = game.players.min; seats <= game.players.max; seats++) {
    it(`end, keep the invariants and replay identically with ${seats} player(s) (${GAMES} games)`, () => {
      const results: Record<string, number> = {};
      for (let i = 0; i < GAMES; i++) {
        const milestones = i % 5 === 4 ? 2 : 4;
        const { state, outcome } = playRandomGame(game, {
          seats,
          seed: `mc-${seats}-${i}`,
          options: { milestones },
          deep: i % 4 === 0,
          checkAllLegal: i % 10 === 0,
          check: (s) => checkInvariants(s as MilestoneCityState),
        });
        const result = (state as MilestoneCityState).result!;
        results[result] = (results[result] ?? 0) + 1;
        expect(new Set(outcome.scores).size).toBe(1);
        expect(outcome.winners).toEqual(result === 'won' ? Array.from({ length: seats }, (_, s) => s) : []);
      }
      expect(Object.values(results).reduce((a, b) => a + b, 0)).toBe(GAMES);
    });
  }

  it('the greedy bot always picks a legal action and finishes games', () => {
    let won = 0;
    for (let i = 0; i < Math.max(25, GAMES / 2); i++) {
      const seats = 1 + (i % 4);
      let state = game.setup({ seats, options: { milestones: 4 }, seed: `greedy-${i}` });
      for (let step = 0; game.outcome(state) === null; step++) {
        expect(step).toBeLessThan(5000);
        const seat = game.activeSeats(state)[0]!;
        const action = chooseBotAction(game, 'greedy', state, seat, `g${step}`);
        expect(game.legalActions(state, seat)).toContainEqual(action);
        const result = game.apply(state, seat, action);
        if (isRuleError(result)) throw new Error(result.code);
        state = result.state;
      }
      checkInvariants(state);
      if (state.result === 'won') won++;
    }
    // The edition is winnable: a simple heuristic wins some games.
    expect(won).toBeGreaterThan(0);
  });

  it('never shows the draw order, the seed or the RNG to any seat or spectator', () => {
    for (let i = 0; i < 6; i++) {
      const seats = 1 + (i % 4);
      const seed = `leak-secret-seed-${i}`;
      const { state, log } = playRandomGame(game, {
        seats,
        seed,
        deep: false,
        check: (s) => {
          const st = s as MilestoneCityState;
          const secrets = [seed, ...st.deck.map((card) => `"${card}"`), JSON.stringify(st.rng)];
          for (const seat of [null, ...Array.from({ length: seats }, (_, k) => k)]) expectNoLeak(game, st, [], seat, secrets);
        },
      });
      const st = state as MilestoneCityState;
      const secrets = [seed, ...st.deck.map((card) => `"${card}"`), JSON.stringify(st.rng)];
      for (const seat of [null, ...Array.from({ length: seats }, (_, k) => k)]) expectNoLeak(game, st, log, seat, secrets);
    }
  });
});
