import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { stateHash } from '../../../src/engine/canonical.js';
import { replay, type RecordedAction } from '../../../src/engine/replay.js';
import type { MilestoneCityState } from '../../../src/games/milestone-city/state.js';
import { game } from './helpers.js';

interface Fixture {
  game: string;
  rulesVersion: number;
  seats: number;
  seed: string;
  options: { milestones: number };
  actions: RecordedAction[];
  stateHash: string;
  outcome: unknown;
}

const dir = new URL('./fixtures/', import.meta.url);
const files = readdirSync(dir).filter((file) => file.endsWith('.json')).sort();

describe('recorded games replay to the same final state and outcome', () => {
  it('has fixtures', () => expect(files.length).toBeGreaterThanOrEqual(3));
  for (const file of files) {
    it(file, () => {
      const fixture = JSON.parse(readFileSync(new URL(file, dir), 'utf8')) as Fixture;
      expect(fixture.game).toBe(game.id);
      // Each fixture replays under the rules version it was recorded under, whatever the newest is.
      const state = replay(game, { seats: fixture.seats, options: fixture.options, seed: fixture.seed, rulesVersion: fixture.rulesVersion }, fixture.actions);
      expect(stateHash(state)).toBe(fixture.stateHash);
      expect(game.outcome(state as MilestoneCityState)).toEqual(fixture.outcome);
    });
  }
});
