/**
 * The printed components this board names, read from the engine's edition data (a plain constants
 * module with no rules code): building cards and money cards by id, goods, guilds.
 */
import { BUILDINGS, COLOURS, FINALS, MONEY, SHIP_GOODS, STORE_GOODS } from '../../../../src/games/guild-town/data';

export { COLOURS, FINALS, SHIP_GOODS, STORE_GOODS };

export const SEASONS = ['spring', 'summer', 'autumn', 'winter'];

/** "tannery (leather ← cow; red/blue)": what it makes from what, and its two colours (which tell copies apart). */
export function buildingName(id: number): string {
  const card = BUILDINGS[id];
  if (!card) return `building ${id}`;
  const colours = `${COLOURS[card.top]}/${COLOURS[card.bottom]}`;
  return card.inputs.length ? `${card.name} (${card.product} ← ${card.inputs.join(' + ')}; ${colours})` : `${card.name} (${card.product}; ${colours})`;
}

export function buildingShortName(id: number): string {
  return BUILDINGS[id]?.name ?? `building ${id}`;
}

/** "green 2". */
export function moneyName(id: number): string {
  const card = MONEY[id];
  return card ? `${COLOURS[card.colour]} ${card.value}` : `money ${id}`;
}

export function moneyColour(id: number): string {
  const card = MONEY[id];
  return card ? COLOURS[card.colour] : 'none';
}

/** A guild track's spaces: the first is gold (a free privilege), the last silver, others by number. */
export function spaceName(space: number, spaces: number): string {
  return space === 0 ? 'gold space' : space === spaces - 1 ? 'silver space' : `space ${space + 1}`;
}
