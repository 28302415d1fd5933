import { wordGuildTownLog } from './guild-town/log';
import { wordMilestoneCityLog } from './milestone-city/log';
import { wordUrbanizationLog } from './urbanization/log';
import { nameSeats, tidy } from '../../../src/shared/game-names';
import { renderLogEntry, type KeyedLogEntry } from '../../../src/shared/i18n/index';
import { tr } from '../i18n';

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

/** Take-backs stored before they named the move taken back: "takes back their move (event 10)". */
const oldUndo = (message: string) => message.replace(/ takes back their move \(event \d+\)/, ' takes back their last move');

/**
 * One log line in the reader's language: from its key and arguments (src/shared/i18n/log.ts); a line
 * stored before lines had keys is English only: the game's own rewording of old lines, then names
 * and grammar.
 */
export function logLine(type: string, entry: KeyedLogEntry, names: readonly string[]): string {
  const rendered = renderLogEntry(tr, type, entry, names);
  if (rendered !== undefined) return rendered;
  const word = WORD_LOG[type];
  const message = entry.message;
  return tidy(nameSeats(word ? word(oldUndo(message)) : oldUndo(message), names));
}
