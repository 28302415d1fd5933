import { describe, expect, it } from 'vitest';
import { canonicalJson, scrambledCopy, stateHash } from '../../src/engine/canonical.js';
import { visibleLog } from '../../src/engine/log.js';
import { openRng, seedRng } from '../../src/engine/rng.js';
import { replay, ReplayError } from '../../src/engine/replay.js';
import { schemaErrors, withDefaults } from '../../src/engine/schema.js';
import { playRandomGame } from '../support/engine-properties.js';
import { toyGame } from '../support/toy-game.js';

describe('seeded RNG', () => {
  it('draws the same numbers from the same seed and different ones from another', () => {
    const draw = (seed: string) => {
      const rng = openRng(seedRng(seed));
      return Array.from({ length: 20 }, () => rng.int(1, 100));
    };
    expect(draw('abc')).toEqual(draw('abc'));
    expect(draw('abc')).not.toEqual(draw('abd'));
  });

  it('never changes the state it was opened from, and continues exactly from a saved state', () => {
    const start = seedRng('s');
    const copy = [...start];
    const rng = openRng(start);
    rng.int(0, 9);
    const saved = rng.state();
    const next = [rng.int(0, 1000), rng.int(0, 1000)];
    expect(start).toEqual(copy);
    const resumed = openRng(JSON.parse(JSON.stringify(saved)));
    expect([resumed.int(0, 1000), resumed.int(0, 1000)]).toEqual(next);
  });

  it('shuffles into a permutation without touching the input', () => {
    const items = Array.from({ length: 30 }, (_, i) => i);
    const shuffled = openRng(seedRng('x')).shuffle(items);
    expect(items).toEqual(Array.from({ length: 30 }, (_, i) => i));
    expect([...shuffled].sort((a, b) => a - b)).toEqual(items);
    expect(shuffled).not.toEqual(items);
  });
});

describe('canonical JSON', () => {
  it('ignores key order and undefined members, as jsonb does', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { y: 2, x: 1 }], c: undefined } })).toBe('{"a":{"d":[1,{"x":1,"y":2}]},"b":1}');
    const value = { z: 1, a: [{ q: 1, b: 2 }] };
    expect(Object.keys(scrambledCopy(value))).toEqual(['z', 'a']);
    expect(stateHash(scrambledCopy(value))).toBe(stateHash(value));
  });
});

describe('replay', () => {
  const setupInput = { seats: 2, options: { rounds: 2 }, seed: 'replay-seed' };

  it('rebuilds the same state from the same seed and actions', () => {
    const { state, actions } = playRandomGame(toyGame, { seats: 2, seed: 'replay-seed', options: { rounds: 2 } });
    expect(canonicalJson(replay(toyGame, setupInput, actions))).toBe(canonicalJson(state));
  });

  it('stops loudly at the first action the rules refuse', () => {
    expect(() => replay(toyGame, setupInput, [{ seat: 1, action: { type: 'pass' } }])).toThrow(ReplayError);
    try {
      replay(toyGame, setupInput, [{ seat: 0, action: { type: 'pass' } }, { seat: 0, action: { type: 'pass' } }]);
    } catch (error) {
      expect(error).toBeInstanceOf(ReplayError);
      expect((error as ReplayError).index).toBe(1);
      expect((error as ReplayError).code).toBe('NOT_YOUR_TURN');
    }
  });
});

describe('log visibility', () => {
  it('shows private entries only to their seats and hides the audience list', () => {
    const entries = [{ message: 'public' }, { message: 'secret', data: { card: 7 }, visibleTo: [1] }];
    expect(visibleLog(entries, 0)).toEqual([{ message: 'public' }]);
    expect(visibleLog(entries, 1)).toEqual([{ message: 'public' }, { message: 'secret', data: { card: 7 } }]);
    expect(visibleLog(entries, null)).toEqual([{ message: 'public' }]);
  });
});

describe('schemas', () => {
  it('fills option defaults and rejects unknown fields in actions', () => {
    expect(withDefaults(toyGame.optionsSchema, {})).toEqual({ rounds: 3 });
    expect(schemaErrors(toyGame.actionSchema, { type: 'pass' })).toEqual([]);
    expect(schemaErrors(toyGame.actionSchema, { type: 'pass', extra: 1 })).not.toEqual([]);
    expect(schemaErrors(toyGame.actionSchema, { type: 'play', card: 'seven' })).not.toEqual([]);
  });
});
