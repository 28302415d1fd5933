import { describe, expect, it } from 'vitest';
import { visibleLog } from '../../../src/engine/log.js';
import type { LogEntry } from '../../../src/engine/types.js';
import type { GuildTownState } from '../../../src/games/guild-town/index.js';
import { expectNoLeak, playRandomGame } from '../../support/engine-properties.js';
import { game } from './helpers.js';
import { playBotGame } from './record.js';
import { roundChecker } from './invariants.js';

/** Random games per player count; raise it for a long run: PROPERTY_GAMES=1000 npx vitest run test/games/guild-town */
const GAMES = Number(process.env.PROPERTY_GAMES ?? 4);
/** Greedy-bot games per player count (they reach deep production chains): GREEDY_GAMES=50 for a long run. */
const GREEDY = Number(process.env.GREEDY_GAMES ?? 1);

/** Keys of hidden data that must never appear in a view. */
const HIDDEN_KEYS = ['"rng"', '"moneyDeck"', '"moneyDiscard"', '"piles"', '"hand"', '"money"', '"seed"'];

function checkViews(s: GuildTownState, log: LogEntry[]): void {
  for (let seat = 0; seat < s.seats; seat++) {
    expectNoLeak(game, s, log, seat, HIDDEN_KEYS);
    const view = game.view(s, seat);
    expect(view.myMoney?.map((c) => c.id)).toEqual(s.players[seat].money);
    expect(view.myHand).toEqual(s.players[seat].hand);
    // Lines that show a private card are always private.
    for (const entry of log) if (entry.message.startsWith('You ') || entry.message.includes('changes hands')) expect(entry.visibleTo).toBeDefined();
    expect(visibleLog(log, seat).length).toBeLessThanOrEqual(log.length);
  }
  expectNoLeak(game, s, log, null, HIDDEN_KEYS);
  expect(game.view(s, null).myMoney).toBeNull();
}

describe.each([2, 3, 4, 5])('%i players: random legal games', (seats) => {
  it(`plays ${GAMES} games to the end of the third year with every invariant`, () => {
    for (let i = 0; i < GAMES; i++) {
      const check = roundChecker();
      const result = playRandomGame(game, {
        seats,
        seed: `prop-${seats}-${i}`,
        options: { swap: i % 2 === 0 },
        deep: i % 3 === 0,
        checkAllLegal: i % 3 === 1,
        check,
      });
      const s = result.state as GuildTownState;
      expect(s.phase).toBe('over');
      expect([s.year, s.season]).toEqual([3, 3]);
      expect(s.yearScores).toHaveLength(3);
      expect(result.outcome.ranking.slice().sort()).toEqual(Array.from({ length: seats }, (_, k) => k));
      checkViews(s, result.log);
    }
  });
});

describe('greedy bot games', () => {
  it('produce and ship goods, keep every invariant, never leak a hand, and the bot is always legal', () => {
    let shipped = 0;
    for (const seats of [2, 3, 4, 5])
      for (let i = 0; i < GREEDY; i++) {
        const check = roundChecker();
        const result = playBotGame(seats, `greedy-${seats}-${i}`, 'greedy', (s, log, step) => {
          check(s);
          if (step % 97 === 0) checkViews(s, log);
        });
        shipped += result.state.yearScores.reduce((n, y) => n + y.ships.reduce((a, b) => a + b, 0), 0);
        expect(result.state.phase).toBe('over');
      }
    expect(shipped).toBeGreaterThan(0);
  });

  it('timeoutAction is always legal', () => {
    const result = playBotGame(3, 'timeouts', 'timeout', () => undefined);
    expect(result.state.phase).toBe('over');
  });
});
