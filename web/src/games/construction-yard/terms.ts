/**
 * What construction yard's buildings and payments bring, in words, from the game's catalog (its
 * reference card and turn limits): the buy buttons, the yard and the pay buttons say it. Pure
 * functions of the catalog, so they are tested without a page (test/web/game-terms.test.ts).
 */
import type { components } from '../../api/openapi';

export type CYCatalog = components['schemas']['ConstructionYardCatalog'];

/** "A 4 · B 11/4 · C 19/11/4": the points of the first, second … collector of the type at each scoring. */
export function pointsByRank(catalog: CYCatalog | undefined, type: string): string | null {
  const entry = catalog?.buildingTypes.find((candidate) => candidate.type === type);
  if (!entry) return null;
  return (['A', 'B', 'C'] as const).map((round) => `${round} ${entry.points[round].join('/')}`).join(' · ');
}

/** "church" → "churches": a building type counted. */
export function buildingsWord(type: string, count: number): string {
  if (count === 1) return type;
  return /(?:ch|sh|s|x)$/.test(type) ? `${type}es` : `${type}s`;
}

/** A buy button's words: the building, its price and currency, and what the type scores. */
export function buyWords(catalog: CYCatalog | undefined, building: { type: string; price: number }, currency: string, toNeutral: boolean): string {
  const points = pointsByRank(catalog, building.type);
  return `Buy the ${building.type} (${building.price}) with ${currency} money${toNeutral ? ' for the neutral collector' : ''}${points ? `; scores by rank ${points}` : ''}`;
}

/**
 * A pay button's words: the card, then what paying it does: how much is still owed after it, or
 * that the purchase completes exactly (another action, up to the turn's limit) or with money lost
 * (no change is given; the turn ends).
 */
export function payWords(catalog: CYCatalog | undefined, currency: string, value: number, owed: number | null, actionsThisTurn: number): string {
  const card = currency ? `Pay ${/^[aeiou]/.test(currency) ? 'an' : 'a'} ${currency} ${value}` : `Pay a ${value}`;
  if (owed === null) return card;
  if (value < owed) return `${card}: ${owed - value} still owed after it`;
  if (value > owed) return `${card}: ${value - owed} over, no change is given and your turn ends`;
  const limit = catalog?.actionsPerTurn;
  if (limit === undefined) return `${card}: exact`;
  return actionsThisTurn + 1 < limit ? `${card}: exact, you act again` : `${card}: exact, but ${limit} actions end the turn`;
}
