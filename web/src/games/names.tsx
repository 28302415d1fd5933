import { createContext, type ComponentChildren } from 'preact';
import { useContext } from 'preact/hooks';
import { playerLabel } from '../../../src/shared/game-names';
import { t, tr } from '../i18n';

/**
 * Player names for every page: a seat is its account's username (or its bot's kind), never
 * "Seat N". Game pages, replays and the admin page put the names in `SeatNamesProvider`; boards
 * read them with `useSeatName`; log lines get theirs through `nameSeats` (src/shared/game-names.ts, by way of games/log-words.ts).
 */

export { nameSeats, playerLabel, playerName, seatNames, type SeatLike } from '../../../src/shared/game-names';

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
  return (seat) => {
    const name = names[seat] ?? playerLabel(seat, tr);
    return seat === you ? t('pages.seatName.you', { name }) : name;
  };
}
