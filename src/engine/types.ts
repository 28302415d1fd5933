import type { LogArgs } from '../shared/i18n/log.js';
import type { TSchema } from '@sinclair/typebox';
import type { Bot } from './bots.js';
import type { Rng } from './rng.js';
import type { RulesProfile, RulesVersion } from './versions.js';

/**
 * The game contract. Every served game is one `GameDefinition`: pure functions over a plain-JSON
 * state. No I/O, no clock, no Math.random: randomness comes from the seeded RNG kept in the state
 * (see rng.ts), so the same seed and actions always give the same state.
 */

/** A seat index, 0-based, in seating order. */
export type Seat = number;

/** One line of a game's log. Without `visibleTo` it is public; with it, only those seats see it. */
export interface LogEntry {
  /** The line in English (what clients without a catalog show). */
  message: string;
  /**
   * The line as data for any language: a stable key, the catalog's `<game type>.log.<key>`, and its
   * arguments (src/shared/i18n/log.ts says what an argument may be; each game declares its keys'
   * arguments in src/games/<type>/log-keys.ts). Words, not facts: a replay compares `data` only.
   */
  key?: string;
  args?: LogArgs;
  data?: unknown;
  visibleTo?: Seat[];
}

/** A rule refusal: a stable machine code (e.g. `NOT_ENOUGH_MONEY`) and a sentence naming the rule. */
export interface RuleError {
  code: string;
  message: string;
}

export interface ApplyResult<State> {
  state: State;
  log: LogEntry[];
  /**
   * True when the action revealed hidden information to anyone (a card draw, a look at a deck)
   * or used randomness. Such an action can never be taken back. The kernel also treats any change
   * of the RNG state as irreversible, so engines only need to flag reveals that use no randomness.
   */
  irreversible?: boolean;
}

export interface Outcome {
  /** Final score per seat (same order as seats). Cooperative games give every seat the team score. */
  scores: number[];
  /** Seats that won (several on a shared victory; empty when everybody lost a cooperative game). */
  winners: Seat[];
  /** Seats from first to last place, ties broken as the rulebook says. */
  ranking: Seat[];
  /** Game-specific breakdown (final scoring details), shown to everyone. */
  details?: unknown;
}

export interface SetupInput<Options> {
  seats: number;
  options: Options;
  /** The game's seed; its form names how it is expanded (see rng.ts `seedRng`). */
  seed: string;
  /** The rules version the game was created under; absent = the newest (see versions.ts). */
  rulesVersion?: number;
}

export type { Bot, BotInput } from './bots.js';

export interface GameDefinition<State = unknown, Action = unknown, View = unknown, Options = unknown> {
  /** Stable id used in URLs and stored on every game row, e.g. 'urbanization'. */
  id: string;
  title: string;
  /** The newest rules version: new games start under it. Stored on every game row. */
  rulesVersion: number;
  /**
   * Every rules version, oldest first, the last being `rulesVersion` (see versions.ts). A change
   * that would replay an old log differently is a new entry with a profile, never an edit.
   */
  rulesVersions?: readonly RulesVersion[];
  players: { min: number; max: number };
  /** TypeBox schema of the options object, with defaults (e.g. `{ inventions: false }`). */
  optionsSchema: TSchema;
  /** TypeBox schema of an action: a union on `type`, each member `additionalProperties: false`. */
  actionSchema: TSchema;

  setup(input: SetupInput<Options>): State;
  /** Who may act now (several for simultaneous choices); empty once the game is over. */
  activeSeats(state: State): Seat[];
  /**
   * The rules' count of turns: a value that changes exactly when a new turn begins and stays the
   * same across the steps of one turn (a purchase and its payment, a prompt answered). It decides who
   * is told "your turn" (engine/turns.ts): a seat still active after an event starts a new turn only
   * when this changed. Read only, never stored: adding it changes no state and no replay. Absent:
   * every action of a seat that stays active is taken to end its turn.
   */
  turnMark?(state: State): unknown;
  /** Never mutates `state`. A rule violation is a returned RuleError; a throw is a bug. */
  apply(state: State, seat: Seat, action: Action): ApplyResult<State> | RuleError;
  /** A short list (at most a few hundred) of actions `seat` may take now; each one applies. */
  legalActions(state: State, seat: Seat): Action[];
  /** What `seat` may see; `null` is a spectator. Must strip other hands, deck order, seed, RNG. */
  view(state: State, seat: Seat | null): View;
  /** Final result once the game is over, else null. */
  outcome(state: State): Outcome | null;
  /** What happens for an idle seat when its deadline passes (usually a pass or the safest choice). */
  timeoutAction(state: State, seat: Seat): Action;
  /**
   * Named bots, weakest first (the last is the game's strongest); `random` is provided by the kernel
   * for every game, so list only better ones. A bot sees the seat's view only (bots.ts).
   */
  bots?: Record<string, Bot<View, Action>>;
  /**
   * A full state consistent with what `seat` sees in `view` (the view of `seat`): whatever the seat
   * cannot see (other hands, deck order, the RNG) is drawn with `rng` from what is left. Pure and
   * deterministic given `rng`. `view(determinize(v, seat, rng, rules), seat)` equals `v`. Search bots use it.
   */
  determinize?(view: View, seat: Seat, rng: Rng, rules?: RulesProfile): State;
}

/** A definition with its type parameters erased, as the catalog and the service hold them. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyGameDefinition = GameDefinition<any, any, any, any>;

export function isRuleError(value: unknown): value is RuleError {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as RuleError).code === 'string' &&
    typeof (value as RuleError).message === 'string' &&
    !('state' in value)
  );
}

export function ruleError(code: string, message: string): RuleError {
  return { code, message };
}
