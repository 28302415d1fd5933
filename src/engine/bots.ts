import rfdc from 'rfdc';
import { openRng, seedRng } from './rng.js';
import type { AnyGameDefinition, GameDefinition, Seat } from './types.js';
import type { RulesProfile } from './versions.js';

/**
 * What a bot is given to choose a move: the seat's view (what a player in that seat sees), the
 * seat's legal actions, a seed and the game's rules profile. Never the full state: the server
 * (which holds it) computes the view and the legal actions, so a bot cannot use other hands or the
 * deck order even by mistake. A search bot builds full states from the view with the game's
 * `determinize` (hidden cards dealt at random from what the seat cannot see).
 */
export interface BotInput<View = unknown, Action = unknown> {
  view: View;
  seat: Seat;
  /** `legalActions(state, seat)` as the server computed it (never empty when a bot is asked). */
  legal: Action[];
  /** Makes the choice reproducible: the same input and seed give the same action. */
  seed: string;
  /** The game's rules profile (`state.rules`; public: the rules version is shown to all), absent for version 1. */
  rules?: RulesProfile;
  /** Search bots: the thinking budget of a hard move in ms (BOT_THINK_MS; it sets the iteration count). */
  thinkMs?: number;
}

/** A bot picks one of `input.legal`. */
export type Bot<View, Action> = (input: BotInput<View, Action>) => Action;

/** The bot every game has: a seeded uniform choice among the legal actions. */
export function randomBot(input: BotInput): unknown {
  if (input.legal.length === 0) throw new Error(`seat ${input.seat} has no legal action to choose from`);
  return openRng(seedRng(input.seed)).pick(input.legal);
}

/** A deep copy of plain data (rfdc: several times faster than structuredClone on views; docs/bots.md). */
const deepCopy = rfdc();

/**
 * The server side of a bot move: what `seat` may see of `state`, and its legal actions, as a deep
 * copy. Views and legal actions share arrays and objects with the state (the live, cached one on the
 * server), so a bot that wrote to its input would change the game; the copy shares nothing
 * (docs/bots.md measures what it costs).
 */
export function botInput(definition: AnyGameDefinition, state: unknown, seat: Seat, seed: string, thinkMs?: number): BotInput {
  const rules = (state as { rules?: RulesProfile }).rules;
  return deepCopy({
    view: definition.view(state, seat), seat, legal: definition.legalActions(state, seat), seed,
    ...(rules === undefined ? {} : { rules }), ...(thinkMs === undefined ? {} : { thinkMs }),
  });
}

/** The bot named `bot` (or `random`) chooses for `input`. */
export function runBot(definition: AnyGameDefinition, bot: string, input: BotInput): unknown {
  if (input.legal.length === 0) throw new Error(`${definition.id}: seat ${input.seat} has no legal action to choose from`);
  const own = definition.bots?.[bot];
  return own ? own(input) : randomBot(input);
}

/** Server side: builds the bot's input from `state` and lets `bot` choose. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function chooseBotAction<State, Action>(
  definition: GameDefinition<State, Action, any, any>, bot: string, state: State, seat: Seat, seed: string, thinkMs?: number,
): Action {
  return runBot(definition, bot, botInput(definition, state, seat, seed, thinkMs)) as Action;
}
