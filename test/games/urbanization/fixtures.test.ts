import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { stateHash } from '../../../src/engine/canonical.js';
import { replay, type RecordedAction } from '../../../src/engine/replay.js';
import { visibleLog } from '../../../src/engine/log.js';
import { isRuleError, type LogEntry } from '../../../src/engine/types.js';
import { urbanizationGame } from '../../../src/games/urbanization/index.js';
import type { UrbanizationState } from '../../../src/games/urbanization/state.js';
import { expectNoLeak } from '../../support/engine-properties.js';

interface Fixture {
  /** The rules version it was recorded under (fixtures from before versioned rules: 1). */
  rulesVersion?: number;
  seats: number;
  options: { inventions: boolean };
  seed: string;
  actions: RecordedAction[];
  stateHash: string;
  outcome: unknown;
}

const dir = new URL('./fixtures/', import.meta.url);
const files = readdirSync(dir).filter((name) => name.endsWith('.json'));

describe('urbanization fixture replays', () => {
  it('has recorded games', () => expect(files.length).toBeGreaterThanOrEqual(3));
  for (const file of files) {
    it(`${file} replays to the recorded state and outcome`, () => {
      const fixture = JSON.parse(readFileSync(new URL(file, dir), 'utf8')) as Fixture;
      const rulesVersion = fixture.rulesVersion ?? 1;
      expect(file.startsWith('v') ? Number(file.slice(1, file.indexOf('-'))) : 1).toBe(rulesVersion);
      const state = replay(urbanizationGame, { seats: fixture.seats, options: fixture.options, seed: fixture.seed, rulesVersion }, fixture.actions);
      expect(stateHash(state)).toBe(fixture.stateHash);
      expect(urbanizationGame.outcome(state as UrbanizationState)).toEqual(fixture.outcome);
    });
  }
});

describe('urbanization views', () => {
  it('everything is public: the seed never reaches a view or the log, and every seat sees the same board', () => {
    const fixture = JSON.parse(readFileSync(new URL(files[0]!, dir), 'utf8')) as Fixture;
    let state = urbanizationGame.setup({ seats: fixture.seats, options: fixture.options, seed: fixture.seed, rulesVersion: fixture.rulesVersion ?? 1 });
    const log: LogEntry[] = [];
    for (const { seat, action } of fixture.actions) {
      const result = urbanizationGame.apply(state, seat, action as never);
      if (isRuleError(result)) throw new Error(result.code);
      state = result.state;
      log.push(...result.log);
    }
    expect(log.every((entry) => entry.visibleTo === undefined)).toBe(true);
    for (const seat of [null, 0, 1]) expectNoLeak(urbanizationGame, state, log, seat, [fixture.seed]);
    const { you: _a, ...spectator } = urbanizationGame.view(state, null);
    const { you: _b, ...seat0 } = urbanizationGame.view(state, 0);
    expect(seat0).toEqual(spectator);
    expect(visibleLog(log, null)).toHaveLength(log.length);
  });
});
