import { expect } from 'vitest';
import { chooseBotAction } from '../../src/engine/bots.js';
import { canonicalJson, scrambledCopy } from '../../src/engine/canonical.js';
import { visibleLog } from '../../src/engine/log.js';
import { replay, type RecordedAction } from '../../src/engine/replay.js';
import { schemaErrors, withDefaults } from '../../src/engine/schema.js';
import { isRuleError, type AnyGameDefinition, type LogEntry, type Outcome } from '../../src/engine/types.js';

/**
 * Plays one random legal game and checks the contract properties every engine must keep.
 * Shared by all game test suites so each proves the same things the same way.
 */
export interface RandomGameOptions {
  seats: number;
  seed: string;
  options?: unknown;
  /** The rules version to play under (default: the newest). */
  rulesVersion?: number;
  /** Safety net: a game that has not ended after this many actions fails the test. */
  maxActions?: number;
  /** Called after every applied action with the new state (invariants: conservation, no negatives…). */
  check?: (state: unknown, step: number) => void;
  /** Check that every listed legal action applies (not only the one chosen). Slower. */
  checkAllLegal?: boolean;
  /**
   * Apply each action to a key-scrambled copy and check the input was not mutated (default true).
   * Turn off only for the bulk of a large property run, keeping it on for a good share of games.
   */
  deep?: boolean;
}

export interface RandomGameResult {
  state: unknown;
  actions: RecordedAction[];
  outcome: Outcome;
  log: LogEntry[];
}

export function playRandomGame(definition: AnyGameDefinition, run: RandomGameOptions): RandomGameResult {
  const options = withDefaults(definition.optionsSchema, run.options ?? {});
  expect(schemaErrors(definition.optionsSchema, options)).toEqual([]);
  const setupInput = { seats: run.seats, options, seed: run.seed, rulesVersion: run.rulesVersion };
  let state = definition.setup(setupInput);
  const actions: RecordedAction[] = [];
  const log: LogEntry[] = [];
  const maxActions = run.maxActions ?? 20_000;
  for (let step = 0; definition.outcome(state) === null; step++) {
    if (step >= maxActions) throw new Error(`${definition.id}: no end after ${maxActions} actions (seed ${run.seed})`);
    const active = definition.activeSeats(state);
    if (active.length === 0) throw new Error(`${definition.id}: nobody may act but the game is not over (step ${step})`);
    const seat = active[step % active.length]!;
    const legal = definition.legalActions(state, seat);
    if (legal.length === 0) throw new Error(`${definition.id}: active seat ${seat} has no legal action (step ${step})`);
    if (legal.length > 500) throw new Error(`${definition.id}: ${legal.length} legal actions at step ${step}; keep decisions small`);
    if (run.checkAllLegal) {
      for (const candidate of legal) {
        expect(schemaErrors(definition.actionSchema, candidate), JSON.stringify(candidate)).toEqual([]);
        const result = definition.apply(state, seat, candidate);
        if (isRuleError(result)) throw new Error(`listed legal action refused: ${JSON.stringify(candidate)}: ${result.code} ${result.message}`);
      }
    }
    const action = chooseBotAction(definition, 'random', state, seat, `${run.seed}/${step}`);
    const deep = run.deep ?? true;
    const before = deep ? canonicalJson(state) : '';
    // Apply to a copy with reordered keys, as a state loaded from jsonb would be: rules must not
    // depend on key order, and apply must not mutate its input.
    const result = definition.apply(deep ? scrambledCopy(state) : state, seat, action);
    if (isRuleError(result)) throw new Error(`legal action refused: ${JSON.stringify(action)}: ${result.code} ${result.message}`);
    if (deep) expect(canonicalJson(state)).toBe(before);
    state = result.state;
    actions.push({ seat, action });
    log.push(...result.log);
    run.check?.(state, step);
  }
  const outcome = definition.outcome(state)!;
  expect(definition.activeSeats(state)).toEqual([]);
  expect(outcome.scores).toHaveLength(run.seats);
  // Replaying the recorded actions from the seed gives the identical state.
  expect(canonicalJson(replay(definition, setupInput, actions))).toBe(canonicalJson(state));
  return { state, actions, outcome, log };
}

/** Serialized views and visible log of `seat` must not contain anything in `secrets`. */
export function expectNoLeak(definition: AnyGameDefinition, state: unknown, log: readonly LogEntry[], seat: number | null, secrets: string[]): void {
  const seen = JSON.stringify(definition.view(state, seat)) + JSON.stringify(visibleLog(log, seat));
  for (const secret of secrets) expect(seen).not.toContain(secret);
}
