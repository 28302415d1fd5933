import { createContext, type ComponentChildren } from 'preact';
import { useContext } from 'preact/hooks';

/**
 * Player names for every page: a seat is its account's username (or its bot's kind), never
 * "Seat N". Game pages, replays and the admin page put the names in `SeatNamesProvider`; boards
 * read them with `useSeatName`; log lines get theirs through `nameSeats` (games/log-words.ts).
 */

/** A seat's name as the players know it: the account's username, or the bot's kind. */
export interface SeatLike {
  seat: number;
  username?: string | null;
  bot?: string | null;
}
export function playerName(seat: SeatLike | undefined, index: number): string {
  if (seat?.username) return seat.username;
  if (seat?.bot) return `${seat.bot.charAt(0).toUpperCase()}${seat.bot.slice(1)} bot`;
  return playerLabel(index);
}

/** A seat nobody is named for yet (forms, open seats): "Player 1" for seat 0. Seat numbers are the API's. */
export const playerLabel = (seat: number): string => `Player ${seat + 1}`;

/** The names of a game's seats, by seat number. */
export const seatNames = (seats: readonly SeatLike[]): string[] => seats.map((seat, index) => playerName(seat, index));

interface Naming {
  names: readonly string[];
  /** The viewer's seat (their name gets "(you)" on the boards). */
  you: number | null;
}
const NamingContext = createContext<Naming>({ names: [], you: null });

/** Gives the boards under it the game's player names. */
export function SeatNamesProvider({ names, you, children }: Naming & { children: ComponentChildren }) {
  return <NamingContext.Provider value={{ names, you }}>{children}</NamingContext.Provider>;
}

/** A board's seat namer: "alice (you)", "bob"; "Player 2" outside a game page. */
export function useSeatName(): (seat: number) => string {
  const { names, you } = useContext(NamingContext);
  return (seat) => `${names[seat] ?? playerLabel(seat)}${seat === you ? ' (you)' : ''}`;
}
