import { describe, expect, it } from 'vitest';
import { advanceClocks, deadlines, nextDeadline, startClocks, timeoutsBeforeBot, type TimeControl } from '../../src/services/clock.js';

const at = (seconds: number) => new Date(Date.UTC(2026, 0, 1, 12, 0, 0) + seconds * 1000);

describe('per-move time control', () => {
  const control: TimeControl = { kind: 'per-move', moveSeconds: 86_400 };
  it('gives each turn the same allowance from the moment it starts', () => {
    let clocks = startClocks(control, 2, [0], at(0));
    expect(deadlines(control, clocks, [0])).toEqual([{ seat: 0, at: at(86_400) }]);
    clocks = advanceClocks(control, clocks, 0, [1], at(3_600));
    expect(deadlines(control, clocks, [1])).toEqual([{ seat: 1, at: at(3_600 + 86_400) }]);
    expect(timeoutsBeforeBot(control)).toBe(3);
  });
});

describe('budget time control with increment', () => {
  const control: TimeControl = { kind: 'budget', initialSeconds: 600, incrementSeconds: 30, timeoutsBeforeBot: 2 };
  it('charges the time used, adds the increment, and runs only the active seats', () => {
    let clocks = startClocks(control, 2, [0], at(0));
    expect(deadlines(control, clocks, [0])).toEqual([{ seat: 0, at: at(600) }]);
    clocks = advanceClocks(control, clocks, 0, [1], at(100));
    expect(clocks!.remainingMs).toEqual([(600 - 100 + 30) * 1000, 600_000]);
    expect(deadlines(control, clocks, [1])).toEqual([{ seat: 1, at: at(700) }]);
    clocks = advanceClocks(control, clocks, 1, [0], at(400));
    expect(clocks!.remainingMs).toEqual([530_000, (600 - 300 + 30) * 1000]);
    expect(deadlines(control, clocks, [0])).toEqual([{ seat: 0, at: at(400 + 530) }]);
    expect(timeoutsBeforeBot(control)).toBe(2);
  });

  it('never lets a budget go negative: a timed-out seat keeps only its increment', () => {
    let clocks = startClocks(control, 2, [0], at(0));
    clocks = advanceClocks(control, clocks, 0, [1], at(900));
    expect(clocks!.remainingMs[0]).toBe(30_000);
  });

  it('keeps the clock of a seat that stays active in simultaneous play', () => {
    let clocks = startClocks(control, 3, [0, 1, 2], at(0));
    clocks = advanceClocks(control, clocks, 1, [0, 2], at(50));
    expect(clocks!.turnStartedAt).toEqual([at(0).toISOString(), null, at(0).toISOString()]);
    expect(nextDeadline(control, clocks, [0, 2])).toEqual(at(600));
  });
});

describe('no time control', () => {
  it('has no clocks and no deadlines', () => {
    const control: TimeControl = { kind: 'none' };
    expect(startClocks(control, 2, [0], at(0))).toBeNull();
    expect(deadlines(control, null, [0])).toEqual([]);
    expect(nextDeadline(control, null, [0])).toBeNull();
    expect(timeoutsBeforeBot(control)).toBe(Infinity);
  });
});
