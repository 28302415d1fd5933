/**
 * The edition's components as plain constants (rules code reads them, never the other way round).
 * Every choice the rulebook leaves open is listed with its reason in docs/games/construction-yard.md.
 */

/** The four currencies, in the order of the construction yard's positions, left to right. */
export const CURRENCIES = ['blue', 'green', 'orange', 'yellow'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** Money cards: each currency has values 1–9, each value three times (copies a, b, c). */
export const MONEY_VALUES = [1, 2, 3, 4, 5, 6, 7, 8, 9] as const;
export const MONEY_COPIES = ['a', 'b', 'c'] as const;
/** With two players one copy of each card is sorted out (copy c), leaving 72 cards. */
export const TWO_PLAYER_REMOVED_COPY = 'c';

export interface MoneyCard {
  id: string;
  currency: Currency;
  value: number;
}

function moneyId(currency: Currency, value: number, copy: string): string {
  return `${currency}-${value}-${copy}`;
}

/** All 108 money cards in a fixed order (the order only matters before the seeded shuffle). */
export const MONEY_CARDS: readonly MoneyCard[] = CURRENCIES.flatMap((currency) =>
  MONEY_VALUES.flatMap((value) => MONEY_COPIES.map((copy) => ({ id: moneyId(currency, value, copy), currency, value }))),
);

const MONEY_BY_ID: Readonly<Record<string, MoneyCard>> = Object.fromEntries(MONEY_CARDS.map((card) => [card.id, card]));

export function moneyCard(id: string): MoneyCard {
  const card = MONEY_BY_ID[id];
  if (!card) throw new Error(`unknown money card ${id}`);
  return card;
}

/** The money cards used for a number of players: all 108, or 72 with two players. */
export function moneyCardsFor(seats: number): string[] {
  return MONEY_CARDS.filter((card) => seats > 2 || !card.id.endsWith(`-${TWO_PLAYER_REMOVED_COPY}`)).map((card) => card.id);
}

/** The two scoring cards shuffled into the money deck. */
export const SCORING_A = 'scoring-A';
export const SCORING_B = 'scoring-B';

/** Building types, cheapest first (the rulebook's table order). */
export const BUILDING_TYPES = ['museum', 'theater', 'station', 'church', 'park', 'skyscraper'] as const;
export type BuildingType = (typeof BUILDING_TYPES)[number];

/**
 * Price list per type: every price of the rulebook's range once, and the extra cards of the
 * bigger types (9 or 11 cards over 7 prices) spread symmetrically around the middle price.
 */
export const BUILDING_PRICES: Readonly<Record<BuildingType, readonly number[]>> = {
  museum: [2, 3, 4, 5, 6, 7, 8],
  theater: [3, 4, 5, 6, 7, 8, 9],
  station: [4, 5, 6, 6, 7, 8, 8, 9, 10],
  church: [5, 6, 7, 7, 8, 9, 9, 10, 11],
  park: [6, 7, 7, 8, 8, 9, 10, 10, 11, 11, 12],
  skyscraper: [7, 8, 8, 9, 9, 10, 11, 11, 12, 12, 13],
};

/** The colour of each type, as the rulebook's examples name them (white church, green park, purple skyscraper). */
export const BUILDING_COLOURS: Readonly<Record<BuildingType, string>> = {
  museum: 'blue',
  theater: 'yellow',
  station: 'red',
  church: 'white',
  park: 'green',
  skyscraper: 'purple',
};

export interface BuildingCard {
  id: number;
  type: BuildingType;
  price: number;
}

/** All 54 building cards; the id is the index in this list. */
export const BUILDING_CARDS: readonly BuildingCard[] = BUILDING_TYPES.flatMap((type) =>
  BUILDING_PRICES[type].map((price) => ({ type, price })),
).map((card, id) => ({ id, ...card }));

export function buildingCard(id: number): BuildingCard {
  const card = BUILDING_CARDS[id];
  if (!card) throw new Error(`unknown building card ${id}`);
  return card;
}

export type ScoringRound = 'A' | 'B' | 'C';

/**
 * The reference card: points per rank for each type and scoring. A pays the first place, B the first
 * two, C the first three. Fixed by the worked examples: church A = 4, skyscraper B = 13/6, park C = 20/12/5;
 * the rest follow the same steps (+1 per type, B first = A first + 7, C = B + 8 on first and second).
 */
export const POINTS: Readonly<Record<BuildingType, Readonly<Record<ScoringRound, readonly number[]>>>> = {
  museum: { A: [1], B: [8, 1], C: [16, 8, 1] },
  theater: { A: [2], B: [9, 2], C: [17, 9, 2] },
  station: { A: [3], B: [10, 3], C: [18, 10, 3] },
  church: { A: [4], B: [11, 4], C: [19, 11, 4] },
  park: { A: [5], B: [12, 5], C: [20, 12, 5] },
  skyscraper: { A: [6], B: [13, 6], C: [21, 13, 6] },
};

export const STARTING_CAPITAL = 20;
export const DISPLAY_SIZE = 4;
export const TAKE_LIMIT = 5;
export const MAX_ACTIONS_PER_TURN = 5;
export const DECK_PILES = 5;
/** Two players: the neutral collector's buildings at the start and after scoring A; after B a third of the rest. */
export const NEUTRAL_START_BUILDINGS = 6;
export const NEUTRAL_AFTER_A_BUILDINGS = 6;
export const NEUTRAL_AFTER_B_DIVISOR = 3;
