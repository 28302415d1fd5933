/**
 * Edition data for Guild town: every component the rulebook does not print as a list.
 * Each choice and its reason is listed in docs/games/guild-town.md. Plain constants, no rules.
 */

/** Money / building colours, in this fixed order. */
export const COLOURS = ['purple', 'green', 'blue', 'red'] as const;
export type Colour = 0 | 1 | 2 | 3;

export interface MoneyCard {
  id: number;
  colour: Colour;
  value: number;
}

/** 48 money cards: per colour four each of the values 1, 2 and 3. */
export const MONEY: MoneyCard[] = (() => {
  const out: MoneyCard[] = [];
  for (let colour = 0; colour < 4; colour++)
    for (const value of [1, 2, 3]) for (let copy = 0; copy < 4; copy++) out.push({ id: out.length, colour: colour as Colour, value });
  return out;
})();

/**
 * A set: two or more money cards of one colour may count as `MONEY_SET_STEP` × (cards − 1)
 * instead of their printed values (2 → 5, 3 → 10, 4 → 15 …).
 */
export const MONEY_SET_STEP = 5;

export const RAWS = ['wood', 'ore', 'flax', 'wheat', 'cow', 'wax', 'grapes'] as const;
export const HALVES = ['barrel', 'rope', 'leather', 'paper', 'iron', 'cloth', 'meat', 'flour'] as const;
export const FINALS = ['weapons', 'tools', 'clothes', 'books', 'candles', 'wine', 'beer', 'bread'] as const;
export type Raw = (typeof RAWS)[number];
export type Half = (typeof HALVES)[number];
export type Final = (typeof FINALS)[number];
export type Good = Raw | Half | Final;

/** The storehouse (granary) has two spaces for each half-product except meat: 7 × 2 = 14 natural cubes. */
export const STORE_GOODS: Half[] = ['barrel', 'rope', 'leather', 'paper', 'iron', 'cloth', 'flour'];

/** Goods that travel on ships: meat and the eight final products. Each ship has a 2-space storage for each. */
export const SHIP_GOODS: (Half | Final)[] = ['meat', ...FINALS];
/** Appreciation points per marker on a ship, by good (printed next to the storage icon). */
export const SHIP_POINTS: Record<string, number> = {
  meat: 2, bread: 3, beer: 3, candles: 3, wine: 4, clothes: 4, tools: 4, books: 5, weapons: 5,
};
/** Majority bonuses when the ships sail: ship 1 rewards one player, ship 4 four players. */
export const SHIP_BONUS: number[][] = [[4], [5, 3], [6, 4, 2], [7, 5, 3, 1]];

/** Bonus token per final product: points at game end for the first complete production line. */
export const BONUS_POINTS: Record<Final, number> = {
  weapons: 5, books: 5, tools: 4, clothes: 4, wine: 4, candles: 3, beer: 3, bread: 3,
};

export type Tier = 'lumber' | 'basic' | 'expanded' | 'advanced';

export interface BuildingCard {
  id: number;
  tier: Tier;
  name: string;
  product: Good;
  inputs: Good[];
  top: Colour;
  bottom: Colour;
  /** Points scored each time its product is made (shipped, for final products). */
  points: number;
  /** The house symbol (bottom left): the 8 expanded and 8 advanced cards dealt / stacked at setup. */
  house: boolean;
}

const HALF_INPUT: Record<Half, Raw> = {
  barrel: 'wood', paper: 'wood', rope: 'flax', cloth: 'flax', leather: 'cow', meat: 'cow', iron: 'ore', flour: 'wheat',
};
const FINAL_INPUTS: Record<Final, Good[]> = {
  weapons: ['iron', 'leather'],
  tools: ['iron', 'wood'],
  clothes: ['cloth', 'leather'],
  books: ['paper', 'leather'],
  candles: ['wax', 'rope'],
  wine: ['grapes', 'barrel'],
  beer: ['wheat', 'barrel'],
  bread: ['flour', 'wood'],
};
const FINAL_POINTS: Record<Final, number> = {
  weapons: 5, books: 5, tools: 4, clothes: 4, wine: 4, candles: 3, beer: 3, bread: 3,
};
const NAMES: Record<string, string> = {
  wood: 'lumber mill', ore: 'iron mine', flax: 'flax plantation', wheat: 'wheat field', cow: 'cattle farm', wax: 'apiary', grapes: 'vineyard',
  barrel: 'cooperage', rope: 'rope walk', leather: 'tannery', paper: 'paper mill', iron: 'smelter', cloth: 'weaving mill', meat: 'butchery', flour: 'flour mill',
  weapons: 'armoury', tools: 'toolsmith', clothes: 'tailor', books: 'printing house', candles: 'chandlery', wine: 'winery', beer: 'brewery', bread: 'bakery',
};

/** The 12 ordered pairs of two different colours, cycled to colour the cards. */
const PAIRS: [Colour, Colour][] = [];
for (let a = 0; a < 4; a++) for (let b = 0; b < 4; b++) if (a !== b) PAIRS.push([a as Colour, b as Colour]);

export const BUILDINGS: BuildingCard[] = (() => {
  const out: BuildingCard[] = [];
  const add = (tier: Tier, product: Good, inputs: Good[], points: number, house: boolean, pair: number) => {
    const [top, bottom] = PAIRS[pair % PAIRS.length];
    out.push({ id: out.length, tier, name: NAMES[product], product, inputs, top, bottom, points, house });
  };
  // Six lumber mills, one per colour pair starting each colour.
  [0, 3, 4, 7, 8, 11].forEach((pair) => add('lumber', 'wood', [], 0, false, pair));
  // Basic: two wood cards, three of each other raw material (20 cards).
  let p = 1;
  for (const raw of RAWS) for (let copy = 0; copy < (raw === 'wood' ? 2 : 3); copy++) add('basic', raw, [], 0, false, p++ * 5);
  // Expanded: two of each half-product (16), one of each with the house symbol.
  for (const half of HALVES) for (let copy = 0; copy < 2; copy++) add('expanded', half, [HALF_INPUT[half]], half === 'meat' ? 2 : 1, copy === 0, p++ * 7);
  // Advanced: two of each final product (16), one of each with the house symbol.
  for (const fin of FINALS) for (let copy = 0; copy < 2; copy++) add('advanced', fin, FINAL_INPUTS[fin], FINAL_POINTS[fin], copy === 0, p++ * 5 + 1);
  return out;
})();

/** Building cost at the Builders' guild and purchase price at the Notary. */
export const BUILD_COST: Record<Tier, number> = { lumber: 0, basic: 2, expanded: 3, advanced: 6 };
export const BUY_PRICE: Record<Tier, number> = { lumber: 0, basic: 3, expanded: 5, advanced: 10 };
/** Money cards the mayor draws to bid, by tier. */
export const MAYOR_CARDS: Record<Tier, number> = { lumber: 0, basic: 1, expanded: 2, advanced: 3 };

export const GUILDS = ['bankers', 'builders', 'notary', 'craftsmen', 'traders', 'townhall'] as const;
export type GuildId = (typeof GUILDS)[number];
/** Guilds offered by each season (index 0 spring … 3 winter), in stage order. */
export const SEASON_GUILDS: GuildId[][] = [
  ['bankers', 'builders', 'notary', 'craftsmen', 'traders', 'townhall'],
  ['bankers', 'builders', 'notary', 'craftsmen', 'traders', 'townhall'],
  ['bankers', 'builders', 'notary', 'craftsmen', 'traders', 'townhall'],
  ['builders', 'craftsmen'],
];

export const HELPERS = 5;
export const CUBES = 20;
export const NATURAL_CUBES = 14;
export const HAND_LIMIT = 10;
export const ROUND_END_LIMIT = 8;
export const MARKET_LIMIT = 3;
export const TOKEN_LIMIT = 3;
/** Privilege and work tokens in the bank by player count (index = players). "All tokens" = 10. */
export const TOKENS_BY_PLAYERS = [0, 0, 4, 6, 8, 10];
/** Helpers that may stand in one guild at once, by player count (2 players: 2 spaces × 2 discs). */
export const GUILD_CAPACITY = [0, 0, 4, 4, 5, 6];
/**
 * Covering another player's helper on a paying space (3 to 5 players, any space but the silver
 * one) costs one money card or this many appreciation points per year (year 2: 2 points), given
 * to that player.
 */
export const COVER_POINTS_PER_YEAR = 1;
/** Spaces on a guild's track (0 gold privilege space, last one the silver free space). */
export const TRACK_SPACES = [0, 0, 2, 3, 3, 3];
/** Work points per helper in the Craftsmen's guild by year. */
export const WORK_POINTS = [0, 3, 4, 5];
/** Starting appreciation points by position on the order track. */
export const START_POINTS = [0, 1, 1, 2, 2];
/** Points per set of four different building colours. */
export const COLOUR_SET_POINTS = 3;
export const CHANGE_ORDER_SPACES = 3;
