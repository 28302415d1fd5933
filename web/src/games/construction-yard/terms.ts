/**
 * What construction yard's buildings and payments bring, in words, from the game's catalog (its
 * reference card and turn limits): the buy buttons, the yard and the pay buttons say it. Pure
 * functions of the catalog, so they are tested without a page (test/web/game-terms.test.ts). Every
 * word comes from the catalog's `construction-yard` namespace in the reader's language.
 */
import type { MessageArgs, MessageKey } from '../../../../src/shared/i18n/index';
import type { components } from '../../api/openapi';
import { t, tr } from '../../i18n';

export type CYCatalog = components['schemas']['ConstructionYardCatalog'];

/** One of this game's messages ("board.price" → `construction-yard.board.price`). */
export const cyWords = (key: string, args?: MessageArgs): string => t(`construction-yard.${key}` as MessageKey, args);

/** A term of the game (`building.station`, `currency.blue`, `money.blue.3`) in the reader's language; the id itself when unknown. */
export function cyTerm(term: string): string {
  const key = `construction-yard.term.${term}`;
  return tr.has(key) ? t(key as MessageKey) : term;
}

export const buildingName = (type: string): string => cyTerm(`building.${type}`);
export const currencyName = (currency: string): string => cyTerm(`currency.${currency}`);
export const moneyName = (card: { currency: string; value: number }): string => cyTerm(`money.${card.currency}.${card.value}`);

/** "A 4 · B 11/4 · C 19/11/4": the points of the first, second … collector of the type at each scoring. */
export function pointsByRank(catalog: CYCatalog | undefined, type: string): string | null {
  const entry = catalog?.buildingTypes.find((candidate) => candidate.type === type);
  if (!entry) return null;
  return (['A', 'B', 'C'] as const).map((round) => `${round} ${entry.points[round].join('/')}`).join(' · ');
}

/** "2 churches": a count of buildings of one type. */
export function buildingsWord(type: string, count: number): string {
  const key = `construction-yard.board.count.${type}`;
  return tr.has(key) ? t(key as MessageKey, { n: count }) : `${count} ${type}`;
}

/** A buy button's words: the building, its price and currency, and what the type scores. */
export function buyWords(catalog: CYCatalog | undefined, building: { type: string; price: number }, currency: string, toNeutral: boolean): string {
  const points = pointsByRank(catalog, building.type);
  const args = { building: buildingName(building.type), price: building.price, currency: currencyName(currency) };
  if (points) return cyWords(toNeutral ? 'action.buyForNeutral' : 'action.buy', { ...args, points });
  return cyWords(toNeutral ? 'action.buyPlainForNeutral' : 'action.buyPlain', args);
}

/**
 * A pay button's words: the card, then what paying it does: how much is still owed after it, or
 * that the purchase completes exactly (another action, up to the turn's limit) or with money lost
 * (no change is given; the turn ends).
 */
export function payWords(catalog: CYCatalog | undefined, currency: string, value: number, owed: number | null, actionsThisTurn: number): string {
  if (!currency) return cyWords('action.payValue', { value });
  const card = { currency: currencyName(currency), value };
  if (owed === null) return cyWords('action.pay', card);
  if (value < owed) return cyWords('action.payOwed', { ...card, left: owed - value });
  if (value > owed) return cyWords('action.payOver', { ...card, over: value - owed });
  const limit = catalog?.actionsPerTurn;
  if (limit === undefined) return cyWords('action.payExact', card);
  return actionsThisTurn + 1 < limit ? cyWords('action.payExactAgain', card) : cyWords('action.payExactLimit', { ...card, limit });
}
