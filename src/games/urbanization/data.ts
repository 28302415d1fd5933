/**
 * Edition data for Urbanization (Queen Games, 2012). Plain constants, no rules code. Every value the
 * rulebook does not print is an edition choice listed with its reason in docs/games/urbanization.md.
 */
export type Colour = 'white' | 'grey' | 'orange';
export const COLOURS: readonly Colour[] = ['white', 'grey', 'orange'];
/** Money a work order (and so a good made from it) is worth. */
export const ORDER_VALUE: Record<Colour, number> = { white: 3, grey: 2, orange: 1 };
export const ORDERS_PER_COLOUR = 15;

export interface OrderSpace {
  colour: Colour;
  count: number;
}
export interface FactoryCard {
  number: number;
  name: string;
  colour: Colour;
  /** Work-order spaces, left to right. */
  spaces: OrderSpace[];
  /** Goods produced (of the card's colour). */
  production: number;
  /** Back: 'II' used with 2+ players, 'III' with 3+, 'I' only with 4. */
  back: 'I' | 'II' | 'III';
}

const o = (count: number): OrderSpace => ({ colour: 'orange', count });
const g = (count: number): OrderSpace => ({ colour: 'grey', count });
const w = (count: number): OrderSpace => ({ colour: 'white', count });

export const FACTORIES: readonly FactoryCard[] = [
  { number: 1, name: 'Bakery', colour: 'orange', spaces: [o(2), o(1), g(1)], production: 1, back: 'II' },
  { number: 2, name: 'Windmill', colour: 'orange', spaces: [o(2), o(1), o(1)], production: 2, back: 'II' },
  { number: 3, name: 'Pottery', colour: 'orange', spaces: [o(2), g(1), o(1)], production: 2, back: 'I' },
  { number: 4, name: 'Saw Mill', colour: 'grey', spaces: [o(2), g(1), g(1)], production: 1, back: 'II' },
  { number: 5, name: 'Weaving Mill', colour: 'orange', spaces: [o(1), o(2), g(1), o(1)], production: 2, back: 'III' },
  { number: 6, name: 'Brickworks', colour: 'grey', spaces: [g(1), o(2), g(1)], production: 2, back: 'II' },
  { number: 7, name: 'Hotel', colour: 'white', spaces: [o(2), g(1), w(1)], production: 1, back: 'I' },
  { number: 8, name: 'Textile Factory', colour: 'orange', spaces: [o(2), o(2), g(1), w(1)], production: 3, back: 'II' },
  { number: 9, name: 'Coalmine', colour: 'orange', spaces: [g(1), o(2), o(2), g(1)], production: 3, back: 'III' },
  { number: 10, name: 'Department Store', colour: 'white', spaces: [g(1), w(1), o(2), w(1)], production: 2, back: 'II' },
  { number: 11, name: 'Oil Refinery', colour: 'grey', spaces: [g(2), o(1), g(1), w(1)], production: 2, back: 'I' },
  { number: 12, name: 'Steelworks', colour: 'grey', spaces: [g(2), g(1), o(2), g(1)], production: 3, back: 'II' },
  { number: 13, name: 'Bank', colour: 'white', spaces: [w(1), g(2), w(1), o(1)], production: 2, back: 'III' },
  { number: 14, name: 'Law Firm', colour: 'white', spaces: [w(1), g(1), w(1), g(2)], production: 2, back: 'II' },
  { number: 15, name: 'Car Factory', colour: 'grey', spaces: [g(2), w(1), g(2), o(2)], production: 3, back: 'I' },
  { number: 16, name: 'Stock Market', colour: 'white', spaces: [w(2), g(1), w(1), g(1)], production: 3, back: 'II' },
  { number: 17, name: 'Electric Plant', colour: 'grey', spaces: [g(2), g(2), w(1), o(2)], production: 3, back: 'III' },
  { number: 18, name: 'Software Company', colour: 'white', spaces: [w(2), w(1), g(2), w(1)], production: 3, back: 'II' },
];

export function factoryCard(number: number): FactoryCard {
  const card = FACTORIES[number - 1];
  if (!card || card.number !== number) throw new Error(`no factory card ${number}`);
  return card;
}

/**
 * Edition 2 of the backs (rules version 2): every factory an invention card's combination bonus
 * names is a II card, so every bonus can score at every player count (edition 1 left 7 of the 13
 * out of the 2-player deck and 4 out of the 3-player one). The two cheapest starters stay in every
 * deck; Brickworks and Department Store are III, the Bank I. Decks: 15 / 17 / 18 cards.
 */
export const EDITION_2_BACKS: Readonly<Record<number, FactoryCard['back']>> = Object.fromEntries(
  FACTORIES.map((card) => [card.number, card.number === 13 ? 'I' : card.number === 6 || card.number === 10 ? 'III' : 'II']),
);

/** Factory cards used with this many players (deck order: lowest number on top), by edition of the backs. */
export function factoryDeckFor(seats: number, edition = 1): number[] {
  const backs = seats >= 4 ? ['I', 'II', 'III'] : seats === 3 ? ['II', 'III'] : ['II'];
  const backOf = (card: FactoryCard) => (edition === 2 ? EDITION_2_BACKS[card.number]! : card.back);
  return FACTORIES.filter((card) => backs.includes(backOf(card))).map((card) => card.number);
}

/**
 * The building area: 24 triangles in 4 rows of 6 (id = row * 6 + column). Triangle (r, c) points up
 * when r + c is even. Neighbours share an edge: left and right in the row, and the triangle below an
 * up-pointing one (above a down-pointing one).
 */
export const TERRITORY_ROWS = 4;
export const TERRITORY_COLUMNS = 6;
export const TERRITORY_COUNT = TERRITORY_ROWS * TERRITORY_COLUMNS;
/** Territories with two building grounds (the other 16 have one). */
export const TWO_GROUND_TERRITORIES: readonly number[] = [1, 4, 8, 10, 13, 15, 19, 22];
/** Territories under covering tiles (6 tiles in all: 3 with three players, all 6 with two). */
export const COVERED: Record<number, readonly number[]> = {
  2: [0, 5, 6, 17, 18, 23],
  3: [0, 5, 23],
  4: [],
};

export function neighbours(id: number): readonly number[] {
  return NEIGHBOURS[id] ?? [];
}

function findNeighbours(id: number): number[] {
  const r = Math.floor(id / TERRITORY_COLUMNS);
  const c = id % TERRITORY_COLUMNS;
  const out: number[] = [];
  if (c > 0) out.push(id - 1);
  if (c < TERRITORY_COLUMNS - 1) out.push(id + 1);
  const up = (r + c) % 2 === 0;
  const vr = up ? r + 1 : r - 1;
  if (vr >= 0 && vr < TERRITORY_ROWS) out.push(vr * TERRITORY_COLUMNS + c);
  return out.sort((a, b) => a - b);
}

/** Each territory's neighbours, computed once (legal actions ask for them on every move). */
const NEIGHBOURS: readonly (readonly number[])[] = Array.from({ length: TERRITORY_COUNT }, (_, id) => Object.freeze(findNeighbours(id)));

export function groundCount(id: number): number {
  return TWO_GROUND_TERRITORIES.includes(id) ? 2 : 1;
}

/** Grain prices: barns 1–4, then the field (index 4). Selling fills barn 1 first. */
export const GRAIN_PRICES: readonly number[] = [1, 1, 2, 2, 3];
export const FIELD = 4;
export const GRAIN_MARKERS = 32;
export const MAX_GRAIN = 8;
export const TRACK_LENGTH = 8;
export const START = { money: 8, grain: 1, orange: 1, points: 1, houseLine: 1, citizens: 1, taxLine: 8 };
export const ACTION_MARKERS = 10;
export const POOLS = { houses: 12, skyscrapers: 6, admin: 5, factories: 6 };
export const PRICE_MARKERS = 24;
export const TURNS = 6;
export const ACTION_PHASES = 4;

export const BUILDING_COST = { house: 2, skyscraper: 3, admin: 3 };
export const BUILDING_POINTS = { house: 1, skyscraper: 2, admin: 2 };

export type CharacterId =
  | 'architect'
  | 'realEstateBroker'
  | 'millWorker'
  | 'farmer'
  | 'professor'
  | 'foreman'
  | 'taxCollector'
  | 'industryBoss'
  | 'unionLeader';
export const CHARACTERS: readonly CharacterId[] = [
  'architect',
  'realEstateBroker',
  'millWorker',
  'farmer',
  'professor',
  'foreman',
  'taxCollector',
  'industryBoss',
  'unionLeader',
];

export type InventionId =
  | 'telegraph'
  | 'telephone'
  | 'basicLanguage'
  | 'internet'
  | 'steamEngine'
  | 'keroseneLamp'
  | 'bessemerConverter'
  | 'combustionEngine'
  | 'microchip'
  | 'spinningJenny'
  | 'porcelain'
  | 'sewingMachine'
  | 'dynamite'
  | 'seedDrill'
  | 'ironPlow'
  | 'tractionEngine'
  | 'combineHarvester'
  | 'geneticallyModifiedFood';

export interface InventionCard {
  id: InventionId;
  name: string;
  group: Colour | 'grain';
  number: number;
  /** Final-scoring bonus when the owner owns this factory (active or inactive). */
  bonus: { factory: string; points: number } | null;
}

export const INVENTIONS: readonly InventionCard[] = [
  { id: 'telegraph', name: 'Telegraph', group: 'white', number: 1, bonus: { factory: 'Hotel', points: 1 } },
  { id: 'telephone', name: 'Telephone', group: 'white', number: 2, bonus: { factory: 'Law Firm', points: 2 } },
  { id: 'basicLanguage', name: 'Basic Computer Language', group: 'white', number: 3, bonus: { factory: 'Software Company', points: 3 } },
  { id: 'internet', name: 'Internet', group: 'white', number: 4, bonus: { factory: 'Stock Market', points: 4 } },
  { id: 'steamEngine', name: 'Steam Engine', group: 'grey', number: 1, bonus: { factory: 'Saw Mill', points: 1 } },
  { id: 'keroseneLamp', name: 'Kerosene Lamp', group: 'grey', number: 2, bonus: { factory: 'Oil Refinery', points: 2 } },
  { id: 'bessemerConverter', name: 'Bessemer Converter', group: 'grey', number: 3, bonus: { factory: 'Steelworks', points: 3 } },
  { id: 'combustionEngine', name: 'Combustion Engine', group: 'grey', number: 4, bonus: { factory: 'Car Factory', points: 4 } },
  { id: 'microchip', name: 'Microchip', group: 'grey', number: 5, bonus: { factory: 'Electric Plant', points: 5 } },
  { id: 'spinningJenny', name: 'Spinning Jenny', group: 'orange', number: 1, bonus: { factory: 'Weaving Mill', points: 1 } },
  { id: 'porcelain', name: 'Porcelain', group: 'orange', number: 2, bonus: { factory: 'Pottery', points: 2 } },
  { id: 'sewingMachine', name: 'Sewing Machine', group: 'orange', number: 3, bonus: { factory: 'Textile Factory', points: 3 } },
  { id: 'dynamite', name: 'Dynamite', group: 'orange', number: 4, bonus: { factory: 'Coalmine', points: 4 } },
  { id: 'seedDrill', name: 'Seed Drill', group: 'grain', number: 1, bonus: null },
  { id: 'ironPlow', name: 'Iron Plow', group: 'grain', number: 2, bonus: null },
  { id: 'tractionEngine', name: 'Traction Engine', group: 'grain', number: 3, bonus: null },
  { id: 'combineHarvester', name: 'Combine Harvester', group: 'grain', number: 4, bonus: null },
  { id: 'geneticallyModifiedFood', name: 'Genetically Modified Food', group: 'grain', number: 5, bonus: null },
];

/** The 9 docking spaces, left to right, each holding 2 invention cards (ordered by card number). */
export const DOCKS: readonly (readonly InventionId[])[] = [
  ['telegraph', 'steamEngine'],
  ['spinningJenny', 'seedDrill'],
  ['telephone', 'keroseneLamp'],
  ['porcelain', 'ironPlow'],
  ['basicLanguage', 'bessemerConverter'],
  ['sewingMachine', 'tractionEngine'],
  ['internet', 'combustionEngine'],
  ['dynamite', 'combineHarvester'],
  ['microchip', 'geneticallyModifiedFood'],
];

/** Produce at least 2 goods with factories of this colour. */
export const AT_LEAST_TWO: Record<Colour, InventionId> = { white: 'telegraph', grey: 'keroseneLamp', orange: 'spinningJenny' };
/** +$1 per good of this colour. */
export const MONEY_BOOST: Record<Colour, InventionId> = { white: 'basicLanguage', grey: 'combustionEngine', orange: 'sewingMachine' };
/** 2 points instead of 1 per good of this colour. */
export const POINT_BOOST: Record<Colour, InventionId> = { white: 'internet', grey: 'microchip', orange: 'dynamite' };
/** +1 work order of this colour in the factories phase. */
export const ORDER_GIFT: Record<Colour, InventionId> = { white: 'telephone', grey: 'bessemerConverter', orange: 'porcelain' };
