/**
 * Names and faces of urbanization's components from the game's catalog (GET
 * /v1/game-types/urbanization/catalog, loaded before a board renders): factory cards by number,
 * inventions by id, the territory grid.
 */
import { catalogOf } from '../catalog-store';

const factory = (card: number) => catalogOf('urbanization')?.factories.find((entry) => entry.number === card);

/** The territory grid (rows × columns; territory n sits at row ⌊n / columns⌋). */
export function territoryGrid(): { rows: number; columns: number } {
  return catalogOf('urbanization')?.territories ?? { rows: 4, columns: 6 };
}

export function factoryName(card: number | null): string {
  return card === null ? 'empty' : factory(card)?.name ?? `factory ${card}`;
}

export function factoryColour(card: number): string {
  return factory(card)?.colour ?? 'orange';
}

/** Its work-order spaces in words: "2 orange, 1 grey". */
export function factorySpaces(card: number): { colour: string; count: number }[] {
  return factory(card)?.spaces ?? [];
}

export function inventionName(id: string): string {
  return catalogOf('urbanization')?.inventions.find((card) => card.id === id)?.name ?? id;
}

/** What erecting a building costs and scores ("$2, +1 point"). */
export function buildingTerms(building: string): string | null {
  const entry = catalogOf('urbanization')?.buildings.find((item) => item.building === building);
  return entry ? `$${entry.cost}, +${entry.points} point${entry.points === 1 ? '' : 's'}` : null;
}

/** The price of one grain at a barn (0–3) or the field (4). */
export const grainPrice = (source: number): number | undefined => catalogOf('urbanization')?.grainPrices[source];

/** A factory card's orders and goods in words: "2 orange, 1 grey orders; makes 3 goods". */
export function factoryTerms(card: number | null): string | null {
  if (card === null) return null;
  const entry = factory(card);
  if (!entry) return null;
  const orders = entry.spaces.map(({ colour, count }) => `${count} ${colour}`).join(', ');
  return `${orders} order${entry.spaces.reduce((sum, space) => sum + space.count, 0) === 1 ? '' : 's'}; makes ${entry.production} good${entry.production === 1 ? '' : 's'}`;
}
