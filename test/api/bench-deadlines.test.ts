import { describe, expect, it, inject } from 'vitest';
import { measureDeadlineLag } from '../../scripts/bench-deadlines.js';

/**
 * The deadline-lag bench (`npm run bench`'s last line, scripts/bench-deadlines.ts) at a tiny size:
 * it had stopped running when a game's start became an event of its own (it counted that event
 * as a bot move and refused its own figures), unnoticed because benches run by hand.
 */
describe('the deadline-lag bench', () => {
  it('measures every deadline and every bot move of its games, each once', { timeout: 120_000 }, async () => {
    const result = await measureDeadlineLag({ serverUrl: inject('adminDatabaseUrl'), games: 12, botGames: 4, botRounds: 3 });
    expect(result.deadlines.count).toBe(12);
    expect(result.bots.count).toBe(4 * 3 * 2);
    for (const figures of [result.deadlines, result.bots]) {
      expect(figures.p50Ms).toBeGreaterThanOrEqual(0);
      expect(figures.p50Ms).toBeLessThanOrEqual(figures.p99Ms);
      expect(figures.p99Ms).toBeLessThanOrEqual(figures.maxMs);
    }
  });
});
