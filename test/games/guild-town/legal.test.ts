import { describe, expect, it } from 'vitest';
import { openRng, seedRng } from '../../../src/engine/rng.js';
import { isRuleError } from '../../../src/engine/types.js';
import type { GuildTownState } from '../../../src/games/guild-town/index.js';
import { candidates, EXACT_PHASES } from '../../../src/games/guild-town/legal.js';
import { applyAction } from '../../../src/games/guild-town/rules.js';
import { game } from './helpers.js';

/** Random games per player count; raise it for a long run: LEGAL_GAMES=200 npx vitest run test/games/guild-town/legal */
const GAMES = Number(process.env.LEGAL_GAMES ?? 3);

describe('legalActions without a trial apply', () => {
  it('lists, in the phases it trusts, only candidates that the rules accept (every one is applied here)', () => {
    let checked = 0;
    for (let seats = 2; seats <= 5; seats++) {
      for (let g = 0; g < GAMES; g++) {
        const rng = openRng(seedRng(`legal:${seats}:${g}`));
        let s: GuildTownState = game.setup({ seats, options: { swap: g % 2 === 0 }, seed: `legal:${seats}:${g}` });
        for (let move = 0; move < 5000 && game.activeSeats(s).length > 0; move++) {
          const seat = game.activeSeats(s)[0]!;
          if (EXACT_PHASES.has(s.phase)) {
            for (const action of candidates(s, seat)) {
              const applied = applyAction(s, seat, action);
              expect(isRuleError(applied) ? `${JSON.stringify(action)}: ${applied.message}` : null).toBeNull();
              checked++;
            }
          }
          const applied = game.apply(s, seat, rng.pick(game.legalActions(s, seat)));
          if (isRuleError(applied)) throw new Error(applied.message);
          s = applied.state;
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
  });
});
