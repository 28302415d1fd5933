import { ReplayError } from '../engine/replay.js';
import { isRuleError, type AnyGameDefinition, type LogEntry, type SetupInput } from '../engine/types.js';
import { SEAT_AND_SYSTEM_KINDS, type EventRecord, type GameRecord } from '../store/games.js';

/**
 * What a game's log means. `action` and `timeout` events apply their action for their seat;
 * `undo` returns to the state before its target move (taking back every move after it too);
 * `resign` and `replace` hand a seat over to a bot, `rules` marks a move to newer rules (the whole log then replays
 * under them, services/rules-admin.ts) and `abort` ends the game; none changes the state. Replays, audits, time travel and take-backs
 * all read the log through `walkLog`, so they agree by construction.
 */
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

export const setupInputOf = (game: Pick<GameRecord, 'seatCount' | 'options' | 'seed' | 'rulesVersion'>): SetupInput<unknown> => ({
  seats: game.seatCount, options: game.options, seed: game.seed, rulesVersion: game.rulesVersion,
});

export function walkLog(
  definition: AnyGameDefinition,
  setupInput: SetupInput<unknown>,
  events: readonly EventRecord[],
  /** After each event: the state then, the engine's log lines (null for events the engine does not apply) and whether the engine called its action irreversible. */
  onStep?: (event: EventRecord, state: unknown, engineLog: LogEntry[] | null, irreversible: boolean) => void,
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
    moves.push({ seq: event.seq, seat: event.seat ?? -1, irreversible: event.irreversible, state: result.state });
    onStep?.(event, result.state, result.log, result.irreversible === true);
  });
  return { initial, moves, state: current() };
}
