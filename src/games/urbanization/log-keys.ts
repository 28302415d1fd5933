import type { LogArgsOfKey, LogKeySpec } from '../../shared/i18n/log.js';

/**
 * Every log key this game's engine writes (all rules versions), with what each argument is
 * (src/shared/i18n/log.ts). The catalog has `urbanization.log.<key>` for each, in every language; the API's
 * types for this game's log entries are made from this table.
 * Terms: `factory.<number>`, `invention.<id>`, `character.<id>`, `colour.<colour>` (the catalog's `urbanization.term.*`).
 */
export const logKeys = {
  firstTurn: {},
  turnBegins: { turn: 'number', player: 'seat' },
  gameOver: {},
  // placement round and land
  place: { player: 'seat', territory: 'number' },
  priceMarkersLeave: { count: 'number' },
  movePrice: { player: 'seat', territory: 'number' },
  broker: { player: 'seat', territory: 'number' },
  buyLand: { player: 'seat', territory: 'number', price: 'number' },
  swapPrice: { player: 'seat', territory: 'number', other: 'number' },
  erectHouse: { player: 'seat', territory: 'number', cost: 'number' },
  erectSkyscraper: { player: 'seat', territory: 'number', cost: 'number' },
  erectAdmin: { player: 'seat', territory: 'number', cost: 'number' },
  sow: { player: 'seat', territory: 'number' },
  sowFarmer: { player: 'seat' },
  // characters, passing and ending a repeated action
  hire: { player: 'seat', character: 'term' },
  pass: { player: 'seat' },
  doneHouses: { player: 'seat' },
  doneSkyscrapers: { player: 'seat' },
  doneAdmin: { player: 'seat' },
  doneBuyGrain: { player: 'seat' },
  doneSellGrain: { player: 'seat' },
  doneSow: { player: 'seat' },
  doneProduce: { player: 'seat' },
  doneAction: { player: 'seat' },
  // grain trade
  buyGrainField: { player: 'seat', price: 'number' },
  buyGrainBarn: { player: 'seat', barn: 'number', price: 'number' },
  sellGrainField: { player: 'seat', price: 'number' },
  sellGrainBarn: { player: 'seat', barn: 'number', price: 'number' },
  millWorker: { player: 'seat', grain: 'number' },
  // industry
  takeOrders: { player: 'seat', count: 'number', colour: 'term', factory: 'term' },
  takeOrdersLast: { player: 'seat', count: 'number', colour: 'term', factory: 'term' },
  attract: { player: 'seat', factory: 'term' },
  attractBoss: { player: 'seat', factory: 'term' },
  upgradeFactory: { player: 'seat', factory: 'term' },
  buildFactory: { player: 'seat', factory: 'term', territory: 'number' },
  produce: { player: 'seat', goods: 'number', factory: 'term', money: 'number', points: 'number' },
  taxes: { player: 'seat', money: 'number' },
  // inventions
  dock: { player: 'seat', space: 'number', cost: 'number' },
  takeInvention: { player: 'seat', invention: 'term' },
  removeMarker: { player: 'seat' },
  steamEngine: { player: 'seat' },
  steamKeep: { player: 'seat' },
  // administration and final scoring
  harvest: { player: 'seat', seeds: 'number', extra: 'number' },
  combineHarvester: { player: 'seat', points: 'number' },
  factoryLeaves: { factory: 'term' },
  inventionOrder: { player: 'seat', colour: 'term' },
  citizens: { player: 'seat', citizens: 'number', points: 'number' },
  feed: { player: 'seat', citizens: 'number', grain: 'number', points: 'number' },
  factoryBonus: { player: 'seat', sum: 'number' },
  inventionBonus: { player: 'seat', points: 'number' },
} as const satisfies LogKeySpec;

export type LogKey = keyof typeof logKeys;
export type LogArgsOf<K extends LogKey> = LogArgsOfKey<typeof logKeys, K>;
