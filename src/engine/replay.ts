import { canonicalJson } from './canonical.js';
import { isRuleError, type AnyGameDefinition, type LogEntry, type Seat, type SetupInput } from './types.js';

/** One recorded step of a game: who acted and what they did. */
export interface RecordedAction {
  seat: Seat;
  action: unknown;
}

export interface ReplayStep {
  state: unknown;
  log: LogEntry[];
}

export class ReplayError extends Error {
  constructor(
    readonly index: number,
    readonly code: string,
    message: string,
  ) {
    super(`action #${index + 1} was rejected on replay: ${code}: ${message}`);
  }
}

/**
 * Rebuild a game from its setup input and action log. Throws ReplayError at the first action
 * the rules refuse (a log that no longer replays is never silently patched).
 * `onStep` sees every intermediate state (time travel, audits, fixtures).
 */
export function replay(
  definition: AnyGameDefinition,
  setupInput: SetupInput<unknown>,
  actions: readonly RecordedAction[],
  onStep?: (index: number, step: ReplayStep) => void,
): unknown {
  return replayFrom(definition, definition.setup(setupInput), actions, onStep);
}

/**
 * Plays `actions` on from `state`: how a stored snapshot becomes a game's newest state (the move
 * path writes the full state only every few versions, see store/moves.ts). Throws like `replay`.
 */
export function replayFrom(
  definition: AnyGameDefinition,
  state: unknown,
  actions: readonly RecordedAction[],
  onStep?: (index: number, step: ReplayStep) => void,
): unknown {
  actions.forEach((recorded, index) => {
    const result = definition.apply(state, recorded.seat, recorded.action);
    if (isRuleError(result)) throw new ReplayError(index, result.code, result.message);
    state = result.state;
    onStep?.(index, result);
  });
  return state;
}

/** Index of the first step where two state sequences differ, comparing canonical JSON. */
export function sameState(a: unknown, b: unknown): boolean {
  return canonicalJson(a) === canonicalJson(b);
}
