import { Type } from '@sinclair/typebox';

/**
 * Time controls and clock arithmetic: pure functions of `now`, so tests drive them with any clock.
 *
 * - `none`: no deadlines.
 * - `per-move`: each turn must be taken within `moveSeconds` of it starting.
 * - `budget`: each seat has `initialSeconds` in all; a turn uses what it takes, then
 *   `incrementSeconds` is added (Fischer). The deadline is the turn's start plus what is left.
 * After `timeoutsBeforeBot` deadlines missed in a row, the seat is handed to a bot.
 */
export type TimeControl =
  | { kind: 'none' }
  | { kind: 'per-move'; moveSeconds: number; timeoutsBeforeBot?: number }
  | { kind: 'budget'; initialSeconds: number; incrementSeconds: number; timeoutsBeforeBot?: number };

export const DEFAULT_TIMEOUTS_BEFORE_BOT = 3;

/** Per seat: milliseconds left (budget only) and when the seat's current turn began (null when not to act). */
export interface Clocks {
  remainingMs: number[];
  turnStartedAt: (string | null)[];
}

export function timeoutsBeforeBot(control: TimeControl): number {
  return control.kind === 'none' ? Infinity : (control.timeoutsBeforeBot ?? DEFAULT_TIMEOUTS_BEFORE_BOT);
}

export function startClocks(control: TimeControl, seats: number, active: number[], now: Date): Clocks | null {
  if (control.kind === 'none') return null;
  const remaining = control.kind === 'budget' ? control.initialSeconds * 1000 : 0;
  return {
    remainingMs: Array.from({ length: seats }, () => remaining),
    turnStartedAt: Array.from({ length: seats }, (_, seat) => (active.includes(seat) ? now.toISOString() : null)),
  };
}

/**
 * The clocks after `actor` moved (or timed out) at `now`: the actor's budget is charged and
 * incremented, seats that stopped being active stop their clocks, seats that became active start
 * theirs (a seat that stays active, in simultaneous play, keeps running).
 */
export function advanceClocks(control: TimeControl, clocks: Clocks | null, actor: number | null, activeAfter: number[], now: Date): Clocks | null {
  if (control.kind === 'none' || clocks === null) return clocks;
  const remainingMs = clocks.remainingMs.slice();
  const turnStartedAt = clocks.turnStartedAt.slice();
  if (actor !== null && turnStartedAt[actor]) {
    if (control.kind === 'budget') {
      const used = now.getTime() - Date.parse(turnStartedAt[actor]!);
      remainingMs[actor] = Math.max(0, remainingMs[actor]! - used) + control.incrementSeconds * 1000;
    }
    turnStartedAt[actor] = null;
  }
  for (let seat = 0; seat < turnStartedAt.length; seat++) {
    if (!activeAfter.includes(seat)) turnStartedAt[seat] = null;
    else if (turnStartedAt[seat] === null) turnStartedAt[seat] = now.toISOString();
  }
  return { remainingMs, turnStartedAt };
}

/** When each active seat's time runs out. */
export function deadlines(control: TimeControl, clocks: Clocks | null, active: number[]): { seat: number; at: Date }[] {
  if (control.kind === 'none' || clocks === null) return [];
  return active.flatMap((seat) => {
    const started = clocks.turnStartedAt[seat];
    if (!started) return [];
    const allowance = control.kind === 'per-move' ? control.moveSeconds * 1000 : clocks.remainingMs[seat]!;
    return [{ seat, at: new Date(Date.parse(started) + allowance) }];
  });
}

/** The earliest deadline, stored on the game row for listing and sorting. */
export function nextDeadline(control: TimeControl, clocks: Clocks | null, active: number[]): Date | null {
  const all = deadlines(control, clocks, active).map((deadline) => deadline.at.getTime());
  return all.length === 0 ? null : new Date(Math.min(...all));
}

/** The accepted shapes, as a schema: the REST body, GraphQL input and service all check this one. */
export const TimeControlSchema = Type.Union(
  [
    Type.Object({ kind: Type.Literal('none') }, { additionalProperties: false }),
    Type.Object(
      { kind: Type.Literal('per-move'), moveSeconds: Type.Integer({ minimum: 1, maximum: 30 * 86_400 }), timeoutsBeforeBot: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })) },
      { additionalProperties: false },
    ),
    Type.Object(
      {
        kind: Type.Literal('budget'),
        initialSeconds: Type.Integer({ minimum: 1, maximum: 365 * 86_400 }),
        incrementSeconds: Type.Integer({ minimum: 0, maximum: 30 * 86_400 }),
        timeoutsBeforeBot: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
      },
      { additionalProperties: false },
    ),
  ],
  { $id: 'TimeControl', description: 'none; per-move (each turn within moveSeconds); budget (initialSeconds in all plus incrementSeconds per move). timeoutsBeforeBot (default 3): missed deadlines in a row before a bot takes the seat.' },
);
