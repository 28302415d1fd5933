/**
 * The printed components this board names, read from the engine's edition data (a plain constants
 * module with no rules code): factory cards and inventions by number / id, the territory layout.
 */
import { FACTORIES, INVENTIONS, TERRITORY_COLUMNS, TERRITORY_ROWS } from '../../../../src/games/urbanization/data';

export { TERRITORY_COLUMNS, TERRITORY_ROWS };

export function factoryName(card: number | null): string {
  return card === null ? 'empty' : FACTORIES[card - 1]?.name ?? `factory ${card}`;
}

export function factoryColour(card: number): string {
  return FACTORIES[card - 1]?.colour ?? 'orange';
}

/** Its work-order spaces in words: "2 orange, 1 grey". */
export function factorySpaces(card: number): { colour: string; count: number }[] {
  return FACTORIES[card - 1]?.spaces ?? [];
}

export function inventionName(id: string): string {
  return INVENTIONS.find((card) => card.id === id)?.name ?? id;
}
