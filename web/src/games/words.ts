import { gameUis } from './index';
import { nameSeats } from './names';
import type { GameAction } from './types';

/**
 * The one place the web app turns the server's wording into a player's: seat numbers into names,
 * ids into card names (each game's `wordLog`), grammar the engines leave rough ("1 points",
 * "a orange"). The server's log lines stay as they are for API clients; the player pages, replays
 * and the admin timeline all show them through `logLine` / `eventLines`, and the boards name seats
 * through `useSeatName`.
 */

const VOWEL_WORDS = /\b([Aa]) (?=(?:administrative|orange|invention|iron|ore|empty|extra|industr|office|ice|oil|arch)\w*)/g;

/** Grammar the engines' templates leave: "1 points" → "1 point", "2 seed(s)" → "2 seeds", "a orange" → "an orange". */
export function tidy(text: string): string {
  return text
    .replace(/\b(\d+) ((?:[a-z]+ ){0,2}[a-z]+?)\(s\)/g, (_, n: string, noun: string) => `${n} ${noun}${n === '1' ? '' : 's'}`)
    .replace(/\b1 (point|seed|citizen|good|grain|card|building|helper|token|marker)s\b/g, '1 $1')
    .replace(VOWEL_WORDS, '$1n ');
}

/** One log line in words: the game's own id wording, then names and grammar. */
export function logLine(type: string, message: string, names: readonly string[], data?: unknown): string {
  const ui = gameUis[type];
  const worded = ui?.wordLog ? ui.wordLog(message, data) : message;
  return tidy(nameSeats(worded, names));
}

/** What an event shows when it has no log line of its own (a sub-step the engine does not log). */
export interface EventLike {
  seat: number | null;
  kind: string;
  action?: unknown;
  log: readonly { message: string; data?: unknown }[];
}

/** An event's lines in words; an event without lines says who did what as far as the viewer may know. */
export function eventLines(type: string, event: EventLike, names: readonly string[], view?: unknown): string[] {
  if (event.log.length) return event.log.map((entry) => logLine(type, entry.message, names, entry.data));
  const who = event.seat === null ? 'The game' : (names[event.seat] ?? `Player ${event.seat + 1}`);
  const ui = gameUis[type];
  switch (event.kind) {
    case 'timeout':
      return [`${who} ran out of time.`];
    case 'resign':
      return [`${who} resigns.`];
    case 'rules':
      return ['The game moves to newer rules.'];
    case 'replace':
      return [`A bot takes over from ${who}.`];
    case 'abort':
      return ['An administrator ends the game.'];
    case 'undo':
      return [`${who} takes a move back.`];
  }
  const action = event.action as GameAction | null | undefined;
  const said = action ? actionWords(type, action, view) : null;
  if (said) return [`${who}: ${said}.`];
  return [`${who} ${ui?.quietStep ?? 'takes a step of their turn'}.`];
}

/** An engine prompt without the action names it quotes for API clients: "Hire a character (hire)." → "Hire a character." */
export function withoutActionNames(text: string): string {
  return text.replace(/ \([a-z][A-Za-z]*\)/g, '');
}

/**
 * An action in the words of its game's buttons, or null when the game has no words for it here (an
 * action worded without the view it was made in may not find its card).
 */
export function actionWords(type: string, action: GameAction, view?: unknown): string | null {
  const ui = gameUis[type];
  if (!ui) return null;
  try {
    return ui.describeAction(action, view as never);
  } catch {
    return null;
  }
}
