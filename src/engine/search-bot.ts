import type { Bot, BotInput } from './bots.js';
import { searchMove, type SearchProfile, type SearchResult } from './search.js';
import type { GameDefinition } from './types.js';

/**
 * The search bots' levels. A level is a share of the thinking budget: the iteration count is the
 * budget times the game's calibrated iterations per millisecond (`iterationsPerMs`, measured on the
 * development machine so a hard move takes about its budget), so the move is decided by the
 * iteration count, never by the clock, and a game replays the same whatever the machine or its load
 * (a busy machine thinks longer instead; `npm run bot-arena` prints the milliseconds per move).
 */
export const SEARCH_LEVELS = {
  medium: { share: 0.2, explore: 0.5 },
  hard: { share: 1, explore: 0.15 },
} as const;
export type SearchLevel = keyof typeof SEARCH_LEVELS;

/** Thinking budget of a hard move when the caller names none (BOT_THINK_MS, see README). */
export const DEFAULT_THINK_MS = 300;

export interface SearchBotProfile<State, Action> extends SearchProfile<State, Action> {
  /** Iterations per millisecond of budget on the reference machine (see SEARCH_LEVELS). */
  iterationsPerMs: number;
}

/** The search's settings for one move at `level`. */
export function levelSettings(profile: { iterationsPerMs: number }, level: SearchLevel, thinkMs = DEFAULT_THINK_MS) {
  const { share, explore } = SEARCH_LEVELS[level];
  return { iterations: Math.max(1, Math.round(profile.iterationsPerMs * thinkMs * share)), explore };
}

/** One move of the search bot at `level`, with its figures. */
export function searchBotMove<State, View, Action>(
  definition: GameDefinition<State, Action, View>, profile: SearchBotProfile<State, Action>, level: SearchLevel, input: BotInput<View, Action>,
): SearchResult<Action> {
  return searchMove(definition, profile, input, levelSettings(profile, level, input.thinkMs));
}

/** The `medium` and `hard` bots of a game. `definition` is a thunk: the bots are part of it. */
export function searchBots<State, View, Action>(
  definition: () => GameDefinition<State, Action, View>, profile: SearchBotProfile<State, Action>,
): Record<SearchLevel, Bot<View, Action>> {
  return {
    medium: (input) => searchBotMove(definition(), profile, 'medium', input).action,
    hard: (input) => searchBotMove(definition(), profile, 'hard', input).action,
  };
}
