import { describe, expect, it } from 'vitest';
import { stateHash } from '../../src/engine/canonical.js';
import { rulesVersionsOf, servesVersion, versionedSetup, type RulesVersion } from '../../src/engine/versions.js';
import type { SetupInput } from '../../src/engine/types.js';
import { games } from '../../src/games/index.js';
import { toyGame } from '../support/toy-game.js';

const VERSIONS: readonly RulesVersion[] = [
  { version: 1, date: '2026-01-01', retired: true, changes: 'Retired.' },
  { version: 2, date: '2026-01-02', changes: 'First served version.' },
  { version: 3, date: '2026-01-03', changes: 'Doubles the opening hand size.', profile: { bigHands: true } },
];
const setup = versionedSetup(VERSIONS, (input: SetupInput<{ rounds: number }>, rules) => {
  const state = toyGame.setup(input);
  return rules.bigHands === true ? { ...state, hands: state.hands.map((hand) => [...hand, ...hand]) } : state;
});
const input = { seats: 2, options: { rounds: 2 }, seed: 's' };

describe('versioned rules', () => {
  it('records no profile for a version without one, so its states stay byte for byte those of before', () => {
    expect(stateHash(setup({ ...input, rulesVersion: 2 }))).toBe(stateHash(toyGame.setup(input)));
  });

  it('records the profile of a newer version in the state, where the engine reads its flags', () => {
    const state = setup({ ...input, rulesVersion: 3 });
    expect(state.rules).toEqual({ bigHands: true });
    expect(setup({ ...input, rulesVersion: 2 }).rules?.bigHands).toBeUndefined();
    expect(state.hands[0]).toHaveLength(4);
  });

  it('starts under the newest version when none is named', () => {
    expect(setup(input).rules).toEqual({ bigHands: true });
  });

  it('serves every version but retired ones, and a definition without a changelog only its own version', () => {
    const definition = { rulesVersion: 3, rulesVersions: VERSIONS };
    expect([1, 2, 3, 4].map((version) => servesVersion(definition, version))).toEqual([false, true, true, false]);
    expect(servesVersion(toyGame, 1)).toBe(true);
    expect(rulesVersionsOf(toyGame)).toHaveLength(1);
    expect(() => setup({ ...input, rulesVersion: 9 })).toThrow(/unknown rules version 9/);
  });

  it('gives every served game a changelog ending at its current version, versions ascending', () => {
    for (const definition of Object.values(games)) {
      const versions = rulesVersionsOf(definition).map((entry) => entry.version);
      expect(versions.at(-1), definition.id).toBe(definition.rulesVersion);
      expect([...versions].sort((a, b) => a - b), definition.id).toEqual(versions);
      expect(new Set(versions).size).toBe(versions.length);
      for (const entry of rulesVersionsOf(definition)) expect(entry.changes.length, `${definition.id} v${entry.version}`).toBeGreaterThan(5);
    }
  });
});
