import {
  COVERED,
  DOCKS,
  factoryCard,
  factoryDeckFor,
  GRAIN_MARKERS,
  groundCount,
  ORDERS_PER_COLOUR,
  POOLS,
  PRICE_MARKERS,
  START,
  TERRITORY_COUNT,
  type CharacterId,
  type Colour,
  type InventionId,
} from './data.js';

export interface UrbanizationOptions {
  inventions: boolean;
}

export type Orders = Record<Colour, number>;
export type BuildingKind = 'house' | 'skyscraper' | 'factory';

export interface Ground {
  building: BuildingKind | null;
  /** Seeds sown on this ground (1, or 2 with the Iron Plow). */
  grain: number;
}

export interface Territory {
  id: number;
  covered: boolean;
  owner: number | null;
  price: number;
  grounds: Ground[];
  /** Administrative buildings standing on this territory. */
  admin: number;
}

export interface Factory {
  territory: number;
  ground: number;
  /** Factory cards, oldest first; the last one is active. */
  cards: number[];
  producedThisTurn: boolean;
  /** Work orders on the production space, returned in the factories phase. */
  output: Orders;
}

export interface Player {
  money: number;
  points: number;
  grain: number;
  orders: Orders;
  houseLine: number;
  citizens: number;
  taxLine: number;
  character: CharacterId | null;
  characterUsed: boolean;
  mayor: boolean;
  /** Seeds on the Farmer card, harvested with the rest. */
  farmerSeeds: number;
  factories: Factory[];
  inventions: InventionId[];
  /** Docking-space index of each of this player's action markers on the invention track. */
  inventionMarkers: number[];
}

export interface Slot {
  card: number | null;
  /** Who placed an action marker on each work-order space (left to right). */
  spaces: (number | null)[];
}

export type Pending =
  | { kind: 'price'; count: number; placement: boolean }
  | { kind: 'broker'; territory: number }
  | { kind: 'erect'; building: 'house' | 'skyscraper' | 'admin'; architect: boolean }
  | { kind: 'trade'; mode: 'buy' | 'sell'; barnsUsed: boolean[] }
  | { kind: 'sow'; farmer: boolean }
  | { kind: 'produce' }
  | { kind: 'factory'; card: number }
  | { kind: 'invention'; space: number };

export type Phase = 'placement' | 'hire' | 'actions' | 'steam' | 'over';

export interface FinalDetails {
  factorySums: number[];
  factoryBonus: number | null;
  inventionBonus: number[];
  newestFactory: (number | null)[];
}

/** Flags and data of the rules profile (versions.ts): absent means version 1. */
export interface UrbanizationRules {
  /** "At least 2 goods" inventions: 2 when the work orders allow it, else the printed number (version 1: always at least 2). */
  atLeastTwoIfOrdersAllow?: boolean;
  /** Edition of the factory card backs (data.ts `factoryDeckFor`); version 1: 1. */
  factoryBacks?: number;
}

export interface UrbanizationState {
  /** The rules profile of versions after 1 (versions.ts). */
  rules?: UrbanizationRules;
  seats: number;
  options: UrbanizationOptions;
  phase: Phase;
  /** Game turn 1..6 (the placement round happens before turn 1). */
  turn: number;
  /** Action phase 1..4 during 'actions'. */
  actionPhase: number;
  startPlayer: number;
  /** Position in the clockwise order from the start player of the seat to act. */
  step: number;
  pending: Pending | null;
  /** Seats still to answer the Steam Engine question in the factories phase. */
  steamQueue: number[];
  players: Player[];
  territories: Territory[];
  display: Slot[];
  deck: number[];
  removedCards: number[];
  grainArea: { barns: number[]; field: number; returnArea: number; outOfPlay: number };
  supply: Orders;
  pool: { houses: number; skyscrapers: number; admin: number; factories: number };
  priceOutOfPlay: number;
  docks: InventionId[][];
  final: FinalDetails | null;
}

export const emptyOrders = (): Orders => ({ white: 0, grey: 0, orange: 0 });

export function slotFor(card: number | null): Slot {
  return { card, spaces: card === null ? [] : factoryCard(card).spaces.map(() => null) };
}

export function setupState(seats: number, options: UrbanizationOptions, rules: UrbanizationRules = {}): UrbanizationState {
  const deck = factoryDeckFor(seats, rules.factoryBacks);
  const display: Slot[] = [0, 1, 2].map(() => slotFor(deck.shift() ?? null));
  const covered = COVERED[seats] ?? [];
  const territories: Territory[] = Array.from({ length: TERRITORY_COUNT }, (_, id) => ({
    id,
    covered: covered.includes(id),
    owner: null,
    price: covered.includes(id) ? 0 : 1,
    grounds: Array.from({ length: groundCount(id) }, () => ({ building: null, grain: 0 })),
    admin: 0,
  }));
  const players: Player[] = Array.from({ length: seats }, () => ({
    money: START.money,
    points: START.points,
    grain: START.grain,
    orders: { white: 0, grey: 0, orange: START.orange },
    houseLine: START.houseLine,
    citizens: START.citizens,
    taxLine: START.taxLine,
    character: null,
    characterUsed: false,
    mayor: false,
    farmerSeeds: 0,
    factories: [],
    inventions: [],
    inventionMarkers: [],
  }));
  const onBoard = 7 * seats;
  return {
    seats,
    options,
    phase: 'placement',
    turn: 1,
    actionPhase: 1,
    startPlayer: 0,
    step: 0,
    pending: null,
    steamQueue: [],
    players,
    territories,
    display,
    deck,
    removedCards: [],
    grainArea: {
      barns: [seats, seats, seats, seats],
      field: seats,
      returnArea: 2 * seats,
      outOfPlay: GRAIN_MARKERS - onBoard - seats * START.grain,
    },
    supply: { white: ORDERS_PER_COLOUR, grey: ORDERS_PER_COLOUR, orange: ORDERS_PER_COLOUR - seats * START.orange },
    pool: { ...POOLS },
    priceOutOfPlay: PRICE_MARKERS - (TERRITORY_COUNT - covered.length),
    docks: options.inventions ? DOCKS.map((dock) => [...dock]) : DOCKS.map(() => []),
    final: null,
  };
}

/**
 * The copy `apply` changes and views hand out. Territories are shared with the state copied
 * (24 of them, and a move changes one or two): the rules take a territory's own copy with
 * `ownTerritory` before changing it. The rest is copied, spelled out field by field: V8 builds
 * such literals many times faster than spreads, and a deep copy was most of an apply's time.
 * A new required field fails to compile here.
 */
export function copyState(s: UrbanizationState): UrbanizationState {
  return {
    rules: s.rules,
    seats: s.seats,
    options: s.options,
    phase: s.phase,
    turn: s.turn,
    actionPhase: s.actionPhase,
    startPlayer: s.startPlayer,
    step: s.step,
    pending: s.pending && (s.pending.kind === 'trade' ? { ...s.pending, barnsUsed: [...s.pending.barnsUsed] } : { ...s.pending }),
    steamQueue: s.steamQueue.slice(),
    players: s.players.map(copyPlayer),
    territories: s.territories.slice(),
    display: s.display.map((slot) => ({ card: slot.card, spaces: slot.spaces.slice() })),
    deck: s.deck.slice(),
    removedCards: s.removedCards.slice(),
    grainArea: { barns: s.grainArea.barns.slice(), field: s.grainArea.field, returnArea: s.grainArea.returnArea, outOfPlay: s.grainArea.outOfPlay },
    supply: copyOrders(s.supply),
    pool: { houses: s.pool.houses, skyscrapers: s.pool.skyscrapers, admin: s.pool.admin, factories: s.pool.factories },
    priceOutOfPlay: s.priceOutOfPlay,
    docks: s.docks.map((dock) => dock.slice()),
    final: s.final && { ...s.final, factorySums: [...s.final.factorySums], inventionBonus: [...s.final.inventionBonus], newestFactory: [...s.final.newestFactory] },
  };
}

const copyOrders = (orders: Orders): Orders => ({ white: orders.white, grey: orders.grey, orange: orders.orange });

function copyPlayer(p: Player): Player {
  return {
    money: p.money,
    points: p.points,
    grain: p.grain,
    orders: copyOrders(p.orders),
    houseLine: p.houseLine,
    citizens: p.citizens,
    taxLine: p.taxLine,
    character: p.character,
    characterUsed: p.characterUsed,
    mayor: p.mayor,
    farmerSeeds: p.farmerSeeds,
    factories: p.factories.map((f) => ({
      territory: f.territory, ground: f.ground, cards: f.cards.slice(), producedThisTurn: f.producedThisTurn, output: copyOrders(f.output),
    })),
    inventions: p.inventions.slice(),
    inventionMarkers: p.inventionMarkers.slice(),
  };
}

/**
 * Territory `id` of a state made by `copyState`, ready to change: a copy replaces the shared one.
 * Take it again after any call that may have taken it (a reference from before is stale).
 */
export function ownTerritory(s: UrbanizationState, id: number): Territory {
  const t = s.territories[id]!;
  const own: Territory = {
    id: t.id, covered: t.covered, owner: t.owner, price: t.price, grounds: t.grounds.map((g) => ({ building: g.building, grain: g.grain })), admin: t.admin,
  };
  s.territories[id] = own;
  return own;
}
