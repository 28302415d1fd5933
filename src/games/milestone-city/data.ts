/**
 * The edition's components as plain typed constants (see docs/games/milestone-city.md for why
 * each was chosen). Rules code reads these; nothing here is game state. What every edition shares
 * (bar range, tile shapes, board art) is a plain constant; what an edition may tune (starting
 * city, deck, costs, goals, taxes, score) is one `EditionData` object per edition, chosen by the
 * game's rules version (editions.ts).
 */

export type BarName = 'happiness' | 'power' | 'water' | 'employment';
export const BAR_NAMES: readonly BarName[] = ['happiness', 'power', 'water', 'employment'];
/** Every bar runs from BAR_MIN to BAR_MAX. A card that would push a bar below BAR_MIN cannot be played; gains past BAR_MAX are lost. */
export const BAR_MIN = 0;
export const BAR_MAX = 10;

export type Service = 'health' | 'education' | 'safety' | 'leisure';
export type Category = 'residential' | 'commercial' | 'industrial';
export type Stage = 1 | 2;

/** Tile shapes as [x, y] squares. How many of each lie in the supply is the edition's (`zoneTiles`). */
export interface TileType {
  id: string;
  name: string;
  /** A zone tile (any card of that category may take it) or a building tile (shown on its card). */
  category: Category | 'building';
  cells: ReadonlyArray<readonly [number, number]>;
}

const MONO = [[0, 0]] as const;
const DOMINO = [[0, 0], [1, 0]] as const;
const LINE3 = [[0, 0], [1, 0], [2, 0]] as const;
const L3 = [[0, 0], [1, 0], [0, 1]] as const;
const SQUARE = [[0, 0], [1, 0], [0, 1], [1, 1]] as const;
const T4 = [[0, 0], [1, 0], [2, 0], [1, 1]] as const;
const L4 = [[0, 0], [0, 1], [0, 2], [1, 2]] as const;
const S4 = [[1, 0], [2, 0], [0, 1], [1, 1]] as const;
const P5 = [[0, 0], [1, 0], [0, 1], [1, 1], [0, 2]] as const;

/** Every tile type, in the order of `state.supply`. */
export const TILES: readonly TileType[] = [
  { id: 'res1', name: 'Residential 1', category: 'residential', cells: MONO },
  { id: 'res2', name: 'Residential 2', category: 'residential', cells: DOMINO },
  { id: 'res3L', name: 'Residential 3 (L)', category: 'residential', cells: L3 },
  { id: 'res3I', name: 'Residential 3 (I)', category: 'residential', cells: LINE3 },
  { id: 'res4', name: 'Residential 4', category: 'residential', cells: SQUARE },
  { id: 'com1', name: 'Commercial 1', category: 'commercial', cells: MONO },
  { id: 'com2', name: 'Commercial 2', category: 'commercial', cells: DOMINO },
  { id: 'com3L', name: 'Commercial 3 (L)', category: 'commercial', cells: L3 },
  { id: 'com4T', name: 'Commercial 4 (T)', category: 'commercial', cells: T4 },
  { id: 'ind2', name: 'Industrial 2', category: 'industrial', cells: DOMINO },
  { id: 'ind3I', name: 'Industrial 3 (I)', category: 'industrial', cells: LINE3 },
  { id: 'ind4', name: 'Industrial 4', category: 'industrial', cells: SQUARE },
  { id: 'ind4L', name: 'Industrial 4 (L)', category: 'industrial', cells: L4 },
  // Building tiles: the supply holds one per card that shows it.
  { id: 'clinic', name: 'Medical clinic', category: 'building', cells: DOMINO },
  { id: 'school', name: 'School', category: 'building', cells: L3 },
  { id: 'police', name: 'Police station', category: 'building', cells: MONO },
  { id: 'park', name: 'Park', category: 'building', cells: SQUARE },
  { id: 'wind', name: 'Wind turbine', category: 'building', cells: MONO },
  { id: 'waterTower', name: 'Water tower', category: 'building', cells: MONO },
  { id: 'oil', name: 'Oil power plant', category: 'building', cells: LINE3 },
  { id: 'pump', name: 'Pumping station', category: 'building', cells: DOMINO },
  { id: 'hospital', name: 'Hospital', category: 'building', cells: T4 },
  { id: 'university', name: 'University', category: 'building', cells: SQUARE },
  { id: 'policeHq', name: 'Police headquarters', category: 'building', cells: L4 },
  { id: 'stadium', name: 'Stadium', category: 'building', cells: P5 },
  { id: 'solar', name: 'Solar farm', category: 'building', cells: SQUARE },
  { id: 'treatment', name: 'Water treatment plant', category: 'building', cells: S4 },
];

export type Effects = Partial<Record<BarName | 'money', number>>;

interface CardBase {
  kind: string;
  name: string;
  stage: Stage;
  /** Copies of this card in the construction deck. */
  count: number;
  /** Bar changes (and for zones, money earned) when built. */
  effects: Effects;
}
export interface BuildingCard extends CardBase {
  type: 'service' | 'utility';
  cost: number;
  tile: string;
  /** The service a service building provides to zones. */
  provides: Service | null;
}
export interface ZoneCard extends CardBase {
  type: 'zone';
  category: Category;
  /** The service shown in the lower part of the card and what it yields when used. */
  benefit: { service: Service; effects: Effects };
}
export type CardKind = BuildingCard | ZoneCard;

const RES: Effects = { water: -1, employment: 1 };
const COM: Effects = { power: -1, employment: -1, money: 1 };
const IND: Effects = { power: -1, water: -1, employment: -1, happiness: -1, money: 2 };

const service = (kind: string, name: string, stage: Stage, count: number, cost: number, tile: string, provides: Service, effects: Effects): BuildingCard =>
  ({ kind, name, stage, count, type: 'service', cost, tile, provides, effects });
const utility = (kind: string, name: string, stage: Stage, count: number, cost: number, tile: string, effects: Effects): BuildingCard =>
  ({ kind, name, stage, count, type: 'utility', cost, tile, provides: null, effects });
const zone = (kind: string, name: string, stage: Stage, count: number, category: Category, effects: Effects, benefit: Service, bonus: Effects): ZoneCard =>
  ({ kind, name, stage, count, type: 'zone', category, effects, benefit: { service: benefit, effects: bonus } });

const CARDS_V1: readonly CardKind[] = [
  // Stage I services and utilities (the fragment's examples: clinic 1 → happiness +1, wind 3 → power +3).
  service('clinic', 'Medical clinic', 1, 3, 1, 'clinic', 'health', { happiness: 1 }),
  service('school', 'School', 1, 3, 2, 'school', 'education', { happiness: 1 }),
  service('police', 'Police station', 1, 3, 2, 'police', 'safety', { happiness: 1 }),
  service('park', 'Park', 1, 3, 1, 'park', 'leisure', { happiness: 1 }),
  utility('wind', 'Wind power plant', 1, 3, 3, 'wind', { power: 3 }),
  utility('waterTower', 'Water tower', 1, 3, 2, 'waterTower', { water: 2 }),
  utility('oil', 'Oil power plant', 1, 1, 4, 'oil', { power: 5, happiness: -1 }),
  utility('pump', 'Pumping station', 1, 2, 3, 'pump', { water: 3 }),
  // Stage I zones (the fragment's example: residential → water −1, employment +1, healthcare → +1 money).
  zone('resHealth', 'Residential (healthcare)', 1, 4, 'residential', RES, 'health', { money: 1 }),
  zone('resEducation', 'Residential (education)', 1, 3, 'residential', RES, 'education', { happiness: 1 }),
  zone('resLeisure', 'Residential (leisure)', 1, 3, 'residential', RES, 'leisure', { happiness: 1 }),
  zone('resSafety', 'Residential (safety)', 1, 3, 'residential', RES, 'safety', { money: 1 }),
  zone('comSafety', 'Commercial (safety)', 1, 3, 'commercial', COM, 'safety', { money: 1 }),
  zone('comLeisure', 'Commercial (leisure)', 1, 3, 'commercial', COM, 'leisure', { happiness: 1 }),
  zone('comEducation', 'Commercial (education)', 1, 2, 'commercial', COM, 'education', { money: 1 }),
  zone('indEducation', 'Industrial (education)', 1, 3, 'industrial', IND, 'education', { employment: 1 }),
  zone('indSafety', 'Industrial (safety)', 1, 2, 'industrial', IND, 'safety', { happiness: 1 }),
  zone('indHealth', 'Industrial (healthcare)', 1, 2, 'industrial', IND, 'health', { happiness: 1 }),
  // Stage II: shuffled into the deck when the third milestone begins.
  service('hospital', 'Hospital', 2, 2, 3, 'hospital', 'health', { happiness: 2 }),
  service('university', 'University', 2, 1, 4, 'university', 'education', { happiness: 1, employment: 1 }),
  service('policeHq', 'Police headquarters', 2, 2, 3, 'policeHq', 'safety', { happiness: 2 }),
  service('stadium', 'Stadium', 2, 1, 4, 'stadium', 'leisure', { happiness: 3 }),
  utility('solar', 'Solar farm', 2, 2, 4, 'solar', { power: 4, happiness: 1 }),
  utility('treatment', 'Water treatment plant', 2, 2, 4, 'treatment', { water: 5 }),
  zone('resHealth2', 'Residential (healthcare)', 2, 1, 'residential', RES, 'health', { money: 1 }),
  zone('resEducation2', 'Residential (education)', 2, 1, 'residential', RES, 'education', { happiness: 1 }),
  zone('resLeisure2', 'Residential (leisure)', 2, 1, 'residential', RES, 'leisure', { happiness: 1 }),
  zone('comSafety2', 'Commercial (safety)', 2, 1, 'commercial', COM, 'safety', { money: 1 }),
  zone('comEducation2', 'Commercial (education)', 2, 1, 'commercial', COM, 'education', { money: 1 }),
  zone('indSafety2', 'Industrial (safety)', 2, 1, 'industrial', IND, 'safety', { happiness: 1 }),
];

/** Board pieces: 5×4 squares each, laid out 3 across and 2 down, face down at the start. */
export const PIECE_W = 5;
export const PIECE_H = 4;
export const LAYOUT_COLS = 3;
export const LAYOUT_ROWS = 2;

/**
 * A piece's face-up side drawn as text: squares at odd positions ('.' land, '~' water), '|' and '-'
 * between squares are streets, a blank there is none. The outer ring is the piece's border: a
 * street drawn there runs along the border (a street on either neighbour's border counts).
 */
export interface Piece {
  id: string;
  art: readonly string[];
}

export const PIECES: readonly Piece[] = [
  {
    id: 'A', art: [
      '+-+-+-+-+-+',
      '|. . .|. . ',
      '+ + + + + +',
      '|. . .|. ~ ',
      '+-+-+-+ + +',
      '|. ~ .|. . ',
      '+ + + + + +',
      '|. . .|. . ',
      '+-+-+ +-+-+',
    ],
  },
  {
    id: 'B', art: [
      '+-+-+-+-+-+',
      ' . .|. . .|',
      '+ + + +-+-+',
      ' . .|. ~ ~|',
      '+-+-+-+-+-+',
      '|. . .|. .|',
      '+ + + + + +',
      '|. . .|. .|',
      '+-+-+-+-+-+',
    ],
  },
  {
    id: 'C', art: [
      '+-+-+-+-+-+',
      '|. .|~ . .|',
      '+ + + + + +',
      '|. .|~ . .|',
      '+-+-+-+-+-+',
      '|. . . ~ .|',
      '+ + + + + +',
      '|. . . . .|',
      '+-+-+-+-+-+',
    ],
  },
  {
    id: 'D', art: [
      '+-+-+ +-+-+',
      '|. . .|. .|',
      '+ + + + + +',
      '|~ ~ .|. .|',
      '+ + + +-+-+',
      '|. . .|. .|',
      '+ + + + + +',
      '|. . .|. .|',
      '+-+-+-+-+-+',
    ],
  },
  {
    id: 'E', art: [
      '+-+-+-+-+-+',
      ' . . .|. . ',
      '+-+ + + + +',
      ' . . .|~ . ',
      '+ + + + + +',
      ' . . .|~ . ',
      '+ +-+-+ + +',
      ' . . .|. . ',
      '+-+-+-+-+-+',
    ],
  },
  {
    id: 'F', art: [
      '+-+-+-+-+-+',
      ' . .|. . .|',
      '+ + + + + +',
      ' . .|. . .|',
      '+ + +-+-+-+',
      ' ~ . . . .|',
      '+ + + + + +',
      ' . . . . .|',
      '+-+-+-+-+-+',
    ],
  },
];

/** Milestones in every edition (the `milestones` option runs from 1 to this). */
export const MILESTONE_COUNT = 4;

/** What each milestone needs besides a tile in every district; the game is won when the last one ends. */
export interface Milestone {
  name: string;
  needs: Partial<Record<BarName, number>>;
}

/** Everything an edition tunes. Rules code reads it through `editionOf(state)` (editions.ts). */
export interface EditionData {
  startBars: Readonly<Record<BarName, number>>;
  startTreasury: number;
  /** Cards in hand by player count (index = seats). */
  handSize: readonly number[];
  /** The construction deck: kinds in this order give the card ids (`<kind>-<copy>`). */
  cards: readonly CardKind[];
  /** Zone tiles in the supply by tile id (building tiles: one per card that shows it). */
  zoneTiles: Readonly<Record<string, number>>;
  /** Development cost of each board piece, indexed like PIECES. */
  pieceCosts: readonly number[];
  /** MILESTONE_COUNT of them (the `milestones` option's range); what each needs is tunable. */
  milestones: readonly Milestone[];
  /** The milestone (0-based count of milestones ended) at whose start the Stage II cards join the deck. */
  stageTwoAt: number;
  /** Taxes when a milestone ends: money per zone tile (residential, commercial, industrial) on the board. */
  taxPerZone: number;
  /** Score: per milestone ended, for winning, per zone tile, per happiness, per `moneyPer` money. */
  score: { milestone: number; victory: number; zone: number; happiness: number; moneyPer: number };
}

/** The first edition (rules version 1), kept for ever for the games started under it. */
export const EDITION_V1: EditionData = {
  startBars: { happiness: 2, power: 2, water: 2, employment: 1 },
  startTreasury: 8,
  handSize: [0, 5, 4, 3, 3],
  cards: CARDS_V1,
  zoneTiles: {
    res1: 5, res2: 5, res3L: 4, res3I: 3, res4: 2,
    com1: 4, com2: 4, com3L: 3, com4T: 1,
    ind2: 4, ind3I: 3, ind4: 2, ind4L: 1,
  },
  // A costs 2: the fragment's example pays two for it.
  pieceCosts: [2, 1, 3, 2, 3, 4],
  milestones: [
    { name: 'Founding', needs: {} },
    { name: 'Growing town', needs: { happiness: 4 } },
    { name: 'Thriving city', needs: { happiness: 6, employment: 1 } },
    { name: 'Metropolis', needs: { happiness: 8, power: 1, water: 1, employment: 1 } },
  ],
  stageTwoAt: 2,
  taxPerZone: 1,
  score: { milestone: 10, victory: 10, zone: 1, happiness: 1, moneyPer: 2 },
};
