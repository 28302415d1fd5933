/**
 * How games and players are named to people, in one home for the server (mails, pushes) and the web
 * app (every page): a game is its type's title and its players ("Guild town with ann, bob"), a seat
 * its account's username or its bot's kind, never an id or "Seat N". This folder (src/shared) holds
 * pure modules that import nothing, so the web app may import them without pulling in server code
 * (test/web/no-server-imports.test.ts holds both to that).
 * Names are in the reader's language (`tr`, English by default); `nameSeats` and `tidy` mend English
 * lines stored before log entries had keys, and stay English.
 */
import { translator, type Translator } from './i18n/translator.js';

const english = (): Translator => translator('en');

/** A seat as the API describes it: who holds it, if anyone. */
export interface SeatLike {
  seat: number;
  username?: string | null;
  bot?: string | null;
}

/** A seat nobody is named for yet (forms, open seats): "Player 1" for seat 0. Seat numbers are the API's. */
export const playerLabel = (seat: number, tr: Translator = english()): string => tr.t('common.player', { n: seat + 1 });

/** A seat's name as the players know it: the account's username, or the bot's kind. */
export function playerName(seat: SeatLike | undefined, index: number, tr: Translator = english()): string {
  if (seat?.username) return seat.username;
  if (seat?.bot) {
    const key = `common.bot.${seat.bot}`;
    return tr.has(key) ? tr.t(key) : tr.t('common.bot', { level: `${seat.bot.charAt(0).toUpperCase()}${seat.bot.slice(1)}` });
  }
  return playerLabel(index, tr);
}

/** The names of a game's seats, by seat number. */
export const seatNames = (seats: readonly SeatLike[], tr: Translator = english()): string[] => seats.map((seat, index) => playerName(seat, index, tr));

/** A game as players name it, by its type's title and its players ("Guild town with ann, bob"), not its id. */
export function gameName(title: string, seats: readonly SeatLike[], tr: Translator = english()): string {
  const names = seatNames(seats, tr);
  const players = seats.filter((seat) => seat.username || seat.bot).map((seat) => names[seat.seat]!);
  return players.length ? tr.t('common.game.with', { title, players: players.join(', ') }) : title;
}

/** "Seat 2" / "seat 2" (the engines' way of naming players in log lines) → the player's name. */
export function nameSeats(text: string, names: readonly string[]): string {
  return text.replace(/\b[Ss]eats? (\d+)\b/g, (_whole, n: string) => names[Number(n)] ?? playerLabel(Number(n)));
}

const VOWEL_WORDS = /\b([Aa]) (?=(?:administrative|orange|invention|iron|ore|empty|extra|industr|office|ice|oil|arch)\w*)/g;

/** Grammar the engines' templates leave: "1 points" → "1 point", "2 seed(s)" → "2 seeds", "a orange" → "an orange". */
export function tidy(text: string): string {
  return text
    .replace(/\b(\d+) ((?:[a-z]+ ){0,2}[a-z]+?)\(s\)/g, (_, n: string, noun: string) => `${n} ${noun}${n === '1' ? '' : 's'}`)
    .replace(/\b1 (point|seed|citizen|good|grain|card|building|helper|token|marker)s\b/g, '1 $1')
    .replace(VOWEL_WORDS, '$1n ');
}
