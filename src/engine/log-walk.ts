import { ReplayError } from './replay.js';
import { isRuleError, type AnyGameDefinition, type LogEntry, type SetupInput } from './types.js';

/**
 * What a game's log means. `action` and `timeout` events apply their action for their seat;
 * `undo` returns to the state before its target move (taking back every move after it too);
 * `start` (seq 1 of games started since 2026-11-27; older games have none) marks the deal, so the start has a version of its own;
 * `resign` and `replace` hand a seat over to a bot, `rules` marks a move to newer rules (the whole log then replays
 * under them, services/rules-admin.ts) and `abort` ends the game; none changes the state. Replays, audits, time travel,
 * take-backs and the record verifier all read the log through `walkLog`, so they agree by construction.
 */
export const EVENT_KINDS = ['start', 'action', 'timeout', 'undo', 'resign', 'rules', 'replace', 'abort'] as const;
export type EventKind = (typeof EVENT_KINDS)[number];
/** Events that change who plays or whether the game goes on, never the state: replays pass over them. */
export const SEAT_AND_SYSTEM_KINDS: readonly EventKind[] = ['start', 'resign', 'rules', 'replace', 'abort'];

/** What the walk reads of an event. */
export interface WalkEvent {
  seq: number;
  kind: EventKind;
  seat: number | null;
  undoesSeq: number | null;
  action: unknown;
  /** Stored with the event by the server; a record leaves it out (false). */
  irreversible?: boolean;
}

export interface EffectiveMove {
  seq: number;
  seat: number;
  irreversible: boolean;
  /** The state right after this move. */
  state: unknown;
}

export interface Walk {
  initial: unknown;
  /** The moves in force (not taken back), oldest first. */
  moves: EffectiveMove[];
  state: unknown;
}

export function walkLog<E extends WalkEvent>(
  definition: AnyGameDefinition,
  setupInput: SetupInput<unknown>,
  events: readonly E[],
  /** After each event: the state then, the engine's log lines (null for events the engine does not apply) and whether the engine called its action irreversible. */
  onStep?: (event: E, state: unknown, engineLog: LogEntry[] | null, irreversible: boolean) => void,
): Walk {
  const initial = definition.setup(setupInput);
  const moves: EffectiveMove[] = [];
  const current = () => moves.at(-1)?.state ?? initial;
  events.forEach((event, index) => {
    if (event.kind === 'undo') {
      while (moves.length > 0 && moves.at(-1)!.seq >= (event.undoesSeq ?? Infinity)) moves.pop();
      onStep?.(event, current(), null, true);
      return;
    }
    if (SEAT_AND_SYSTEM_KINDS.includes(event.kind)) {
      onStep?.(event, current(), null, true);
      return;
    }
    const result = definition.apply(current(), event.seat ?? -1, event.action);
    if (isRuleError(result)) throw new ReplayError(index, result.code, result.message);
    moves.push({ seq: event.seq, seat: event.seat ?? -1, irreversible: event.irreversible ?? false, state: result.state });
    onStep?.(event, result.state, result.log, result.irreversible === true);
  });
  return { initial, moves, state: current() };
}
