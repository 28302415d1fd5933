/**
 * Names and faces of urbanization's components from the game's catalog (GET
 * /v1/game-types/urbanization/catalog, loaded before a board renders): factory cards by number,
 * inventions by id, the territory grid. Every word comes from the message catalog's `urbanization`
 * namespace in the reader's language (`urbWords`, `urbTerm`).
 */
import type { MessageArgs, MessageKey } from '../../../../src/shared/i18n/index';
import { t, tr } from '../../i18n';
import { catalogOf } from '../catalog-store';

/** One of this game's messages ("board.status" → `urbanization.board.status`). */
export const urbWords = (key: string, args?: MessageArgs): string => t(`urbanization.${key}` as MessageKey, args);

/** A term of the game (`factory.7`, `invention.telegraph`, `character.farmer`, `colour.grey`) in the reader's language; the id itself when unknown. */
export function urbTerm(term: string): string {
  const key = `urbanization.term.${term}`;
  return tr.has(key) ? t(key as MessageKey) : term;
}

const factory = (card: number) => catalogOf('urbanization')?.factories.find((entry) => entry.number === card);

/** The territory grid (rows × columns; territory n sits at row ⌊n / columns⌋). */
export function territoryGrid(): { rows: number; columns: number } {
  return catalogOf('urbanization')?.territories ?? { rows: 4, columns: 6 };
}

export function factoryName(card: number | null): string {
  return card === null ? urbWords('board.emptySpace') : urbTerm(`factory.${card}`);
}

export function factoryColour(card: number): string {
  return factory(card)?.colour ?? 'orange';
}

/** Its work-order spaces: colour and count, left to right. */
export function factorySpaces(card: number): { colour: string; count: number }[] {
  return factory(card)?.spaces ?? [];
}

export const colourName = (colour: string): string => urbTerm(`colour.${colour}`);
export const characterName = (character: string): string => urbTerm(`character.${character}`);
export const inventionName = (id: string): string => urbTerm(`invention.${id}`);

/** What erecting a building costs and scores ("$2, +1 point"). */
export function buildingTerms(building: string): string | null {
  const entry = catalogOf('urbanization')?.buildings.find((item) => item.building === building);
  return entry ? urbWords('board.buildingTerms', { cost: entry.cost, points: entry.points }) : null;
}

/** The price of one grain at a barn (0–3) or the field (4). */
export const grainPrice = (source: number): number | undefined => catalogOf('urbanization')?.grainPrices[source];

/** A factory card's orders and goods in words: "2 orange, 1 grey orders; makes 3 goods". */
export function factoryTerms(card: number | null): string | null {
  if (card === null) return null;
  const entry = factory(card);
  if (!entry) return null;
  const orders = entry.spaces.map(({ colour, count }) => urbWords('board.orderSpace', { count, colour: colourName(colour) })).join(', ');
  return urbWords('board.factoryTerms', { orders, total: entry.spaces.reduce((sum, space) => sum + space.count, 0), goods: entry.production });
}
