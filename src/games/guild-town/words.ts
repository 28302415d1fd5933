import type { Target } from './actions.js';
import { BUILDINGS, COLOURS, MONEY, TRACK_SPACES, type GuildId } from './data.js';

/**
 * Guild town's components in the words of its buttons (web/src/games/guild-town/catalog.ts names
 * them from the catalog the same way), for the log: a log line never names a card by its id.
 */

/** "tannery (leather ← cow; red/blue)": what it makes from what, and its two colours (which tell copies apart). */
export function buildingWords(id: number): string {
  const card = BUILDINGS[id]!;
  const colours = `${COLOURS[card.top]}/${COLOURS[card.bottom]}`;
  return card.inputs.length ? `${card.name} (${card.product} ← ${card.inputs.join(' + ')}; ${colours})` : `${card.name} (${card.product}; ${colours})`;
}

/** "red 2". */
export const moneyWords = (id: number): string => `${COLOURS[MONEY[id]!.colour]} ${MONEY[id]!.value}`;

/** "town hall" (the data's id is `townhall`). */
export const guildWords = (guild: GuildId): string => (guild === 'townhall' ? 'town hall' : guild);

/** A space of a guild track as the board calls it: the first is gold, the last silver. */
export function spaceWords(space: number, seats: number): string {
  const spaces = TRACK_SPACES[seats]!;
  return space === 0 ? 'gold space' : space === spaces - 1 ? 'silver space' : `space ${space + 1}`;
}

/** Where a produced good goes, after "produces wine": "onto ship 2", "onto the tannery (…)" (a building of the producer's town). */
export function targetWords(town: readonly { card: number }[], to: Target): string {
  switch (to.kind) {
    case 'market':
      return 'to the market';
    case 'slot':
      return `onto the ${buildingWords(town[to.building]!.card)}`;
    case 'store':
      return 'to the storehouse';
    case 'ship':
      return `onto ship ${to.ship + 1}`;
    case 'lost':
      return '(it cannot be shipped)';
  }
}
