/**
 * Names and faces of urbanization's components from the game's catalog (GET
 * /v1/game-types/urbanization/catalog, loaded before a board renders): factory cards by number,
 * inventions by id, the territory grid.
 */
import { catalogOf } from '../catalogs';

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
