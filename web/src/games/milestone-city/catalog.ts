/**
 * Names and faces of milestone city's components from the game's catalog (GET
 * /v1/game-types/milestone-city/catalog, loaded before a board renders): the board pieces' art
 * (water), tile names and categories, card names. The API sends ids (`clinic-2`, `res3L`, squares
 * as y * width + x).
 */
import { t } from '../../i18n';
import { catalogOf, type Catalogs } from '../catalog-store';

/** A term of the game in the reader's language (`milestone-city.term.<id>`). */
export const term = (id: string): string => t(`milestone-city.term.${id}` as never);

type Catalog = Catalogs['milestone-city'];
const catalog = (): Catalog | undefined => catalogOf('milestone-city');

/** The city's bars and their top value. */
export const bars = (): Catalog['bars'] => catalog()?.bars ?? { names: [], max: 10 };

/** The board's size in squares, and how its pieces lie (`columns` pieces across). */
export function boardLayout(): { width: number; height: number; pieceWidth: number; pieceHeight: number; columns: number } {
  const pieces = catalog()?.pieces;
  if (!pieces) return { width: 0, height: 0, pieceWidth: 1, pieceHeight: 1, columns: 1 };
  return { width: pieces.width * pieces.columns, height: pieces.height * Math.ceil(pieces.list.length / pieces.columns), pieceWidth: pieces.width, pieceHeight: pieces.height, columns: pieces.columns };
}

/** Each piece's face as text (squares at odd positions, streets between them). */
export const pieceArts = (): string[][] => catalog()?.pieces.list.map((piece) => piece.art) ?? [];

/** The piece a square lies on. */
export function pieceOf(square: number): number {
  const { width, pieceWidth, pieceHeight, columns } = boardLayout();
  const x = square % width;
  const y = Math.floor(square / width);
  return Math.floor(y / pieceHeight) * columns + Math.floor(x / pieceWidth);
}

/** Water squares as the pieces' art draws them ('~' at the square's place). */
export function isWater(square: number): boolean {
  const { width, pieceWidth, pieceHeight } = boardLayout();
  const x = square % width;
  const y = Math.floor(square / width);
  const art = catalog()?.pieces.list[pieceOf(square)]?.art;
  return art?.[2 * (y % pieceHeight) + 1]?.[2 * (x % pieceWidth) + 1] === '~';
}

/** "resHealth-2" → "Residential (healthcare)". */
export function cardName(id: string): string {
  const kind = id.replace(/-\d+$/, '');
  return catalog()?.cards.some((card) => card.kind === kind) ? term(`card.${kind}`) : kind;
}

/** Whether `id` is a card id of the catalog ("clinic-2"), so log lines may name it. */
export function isCardId(id: string): boolean {
  const kind = id.replace(/-\d+$/, '');
  return kind !== id && Boolean(catalog()?.cards.some((card) => card.kind === kind));
}

export function tileName(id: string): string {
  return catalog()?.tiles.some((tile) => tile.id === id) ? term(`tile.${id}`) : id;
}

export function tileCategory(id: string): string {
  return catalog()?.tiles.find((tile) => tile.id === id)?.category ?? 'building';
}

type Card = Catalog['cards'][number];
const cardOf = (id: string): Card | undefined => catalog()?.cards.find((card) => card.kind === id.replace(/-\d+$/, ''));

/** Bar and money changes in words: "power −1, money +2". */
export function effectWords(effects: Record<string, number>): string {
  return Object.entries(effects)
    .map(([what, by]) => t('milestone-city.card.effect', { what: what === 'money' ? t('milestone-city.card.money') : term(`bar.${what}`), change: `${by > 0 ? '+' : '−'}${Math.abs(by)}` }))
    .join(', ');
}

const serviceName = (service: string): string => term(`service.${service}`);

/** What a card costs and does, for its button: "costs 3 money; power +3" or "water −1, employment +1; served by healthcare: money +1". */
export function cardTerms(id: string): string | null {
  const card = cardOf(id);
  if (!card) return null;
  const does = effectWords(card.effects);
  if (card.type === 'zone') {
    const change = does || t('milestone-city.card.noChange');
    return card.benefit ? t('milestone-city.card.zone', { does: change, service: serviceName(card.benefit.service), bonus: effectWords(card.benefit.effects) }) : change;
  }
  if (card.provides) {
    return does
      ? t('milestone-city.card.buildingServes', { cost: card.cost, does, service: serviceName(card.provides) })
      : t('milestone-city.card.buildingOnlyServes', { cost: card.cost, service: serviceName(card.provides) });
  }
  return does ? t('milestone-city.card.building', { cost: card.cost, does }) : t('milestone-city.card.buildingOnly', { cost: card.cost });
}
