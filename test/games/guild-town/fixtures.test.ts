import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { stateHash } from '../../../src/engine/canonical.js';
import { replay, type RecordedAction } from '../../../src/engine/replay.js';
import type { Outcome } from '../../../src/engine/types.js';
import type { GuildTownState } from '../../../src/games/guild-town/index.js';
import { playRandomGame } from '../../support/engine-properties.js';
import { game } from './helpers.js';
import { playBotGame } from './record.js';

interface Fixture {
  /** The rules version it was recorded under (fixtures from before versioned rules: 2). */
  rulesVersion?: number;
  seed: string;
  seats: number;
  options: { swap: boolean };
  bot: 'random' | 'greedy';
  actions: RecordedAction[];
  stateHash: string;
  outcome: Outcome;
}

const dir = join(dirname(fileURLToPath(import.meta.url)), 'fixtures');
const RECORDS: { name: string; rulesVersion: number; seats: number; seed: string; bot: 'random' | 'greedy' }[] = [
  { name: 'two-players-random', rulesVersion: 2, seats: 2, seed: 'fixture-2', bot: 'random' },
  { name: 'three-players-greedy', rulesVersion: 2, seats: 3, seed: 'fixture-3', bot: 'greedy' },
  { name: 'five-players-greedy', rulesVersion: 2, seats: 5, seed: 'fixture-5', bot: 'greedy' },
  { name: 'v3-two-players-random', rulesVersion: 3, seats: 2, seed: 'fixture-2', bot: 'random' },
  { name: 'v3-four-players-greedy', rulesVersion: 3, seats: 4, seed: 'g2:fixture-4', bot: 'greedy' },
  { name: 'v4-two-players-random', rulesVersion: 4, seats: 2, seed: 'fixture-2', bot: 'random' },
  { name: 'v4-three-players-greedy', rulesVersion: 4, seats: 3, seed: 'g2:fixture-3', bot: 'greedy' },
  { name: 'v5-two-players-random', rulesVersion: 5, seats: 2, seed: 'fixture-2', bot: 'random' },
  { name: 'v5-three-players-greedy', rulesVersion: 5, seats: 3, seed: 'g2:fixture-3', bot: 'greedy' },
];

/**
 * Record the missing fixtures with RECORD_FIXTURES=1. A fixture is never re-recorded: a rules change
 * is a new version (versions.ts) with new fixtures, and the old ones must keep replaying.
 */
if (process.env.RECORD_FIXTURES === '1') {
  for (const record of RECORDS.filter((r) => !existsSync(join(dir, `${r.name}.json`)))) {
    const options = { swap: true };
    const played =
      record.bot === 'random'
        ? playRandomGame(game, { seats: record.seats, seed: record.seed, options, deep: false, rulesVersion: record.rulesVersion })
        : playBotGame(record.seats, record.seed, 'greedy', () => undefined, options, record.rulesVersion);
    const fixture: Fixture = {
      rulesVersion: record.rulesVersion, seed: record.seed, seats: record.seats, options, bot: record.bot, actions: played.actions,
      stateHash: stateHash(played.state), outcome: game.outcome(played.state as GuildTownState)!,
    };
    writeFileSync(join(dir, `${record.name}.json`), JSON.stringify(fixture) + '\n');
  }
}

describe('fixture replays', () => {
  it.each(RECORDS.map((r) => r.name))('%s replays to the recorded state and outcome', (name) => {
    const file = join(dir, `${name}.json`);
    expect(existsSync(file)).toBe(true);
    const fixture = JSON.parse(readFileSync(file, 'utf8')) as Fixture;
    const rulesVersion = fixture.rulesVersion ?? 2;
    expect(rulesVersion).toBe(RECORDS.find((r) => r.name === name)!.rulesVersion);
    const state = replay(game, { seats: fixture.seats, options: fixture.options, seed: fixture.seed, rulesVersion }, fixture.actions) as GuildTownState;
    expect(stateHash(state)).toBe(fixture.stateHash);
    expect(game.outcome(state)).toEqual(fixture.outcome);
    expect(state.phase).toBe('over');
  });
});
