import { wordGuildTownLog } from './guild-town/log';
import { wordMilestoneCityLog } from './milestone-city/log';
import { wordUrbanizationLog } from './urbanization/log';

/**
 * The one place the web app turns the server's log lines into a player's: seat numbers into names,
 * and grammar the engines leave rough ("1 points", "a orange"). The engines word their lines as the
 * buttons do; each game's `word…Log` rewords lines stored before they did (ids into card names). The
 * player pages, replays and the admin timeline show every line through `logLine` (games/words.ts).
 * Apart from the boards (no JSX), so that tests read lines as the pages show them.
 */
const WORD_LOG: Record<string, (message: string) => string> = {
  'guild-town': wordGuildTownLog,
  'milestone-city': wordMilestoneCityLog,
  urbanization: wordUrbanizationLog,
};

const VOWEL_WORDS = /\b([Aa]) (?=(?:administrative|orange|invention|iron|ore|empty|extra|industr|office|ice|oil|arch)\w*)/g;

/** Grammar the engines' templates leave: "1 points" → "1 point", "2 seed(s)" → "2 seeds", "a orange" → "an orange". */
export function tidy(text: string): string {
  return text
    .replace(/\b(\d+) ((?:[a-z]+ ){0,2}[a-z]+?)\(s\)/g, (_, n: string, noun: string) => `${n} ${noun}${n === '1' ? '' : 's'}`)
    .replace(/\b1 (point|seed|citizen|good|grain|card|building|helper|token|marker)s\b/g, '1 $1')
    .replace(VOWEL_WORDS, '$1n ');
}

/** "Seat 2" / "seat 2" (the engines' way of naming players) → the player's name. */
export function nameSeats(text: string, names: readonly string[]): string {
  return text.replace(/\b[Ss]eats? (\d+)\b/g, (whole, n: string) => names[Number(n)] ?? `Player ${Number(n) + 1}`);
}

/** Take-backs stored before they named the move taken back: "takes back their move (event 10)". */
const oldUndo = (message: string) => message.replace(/ takes back their move \(event \d+\)/, ' takes back their last move');

/** One log line in words: the game's own rewording of old lines, then names and grammar. */
export function logLine(type: string, message: string, names: readonly string[]): string {
  const word = WORD_LOG[type];
  return tidy(nameSeats(word ? word(oldUndo(message)) : oldUndo(message), names));
}
