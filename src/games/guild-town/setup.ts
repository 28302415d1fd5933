import { openRng, seedRng } from '../../engine/rng.js';
import {
  BUILDINGS, CUBES, FINALS, GUILDS, HELPERS, MONEY, SHIP_GOODS, START_POINTS, STORE_GOODS, TOKENS_BY_PLAYERS, TRACK_SPACES,
} from './data.js';
import { printedValue } from './money.js';
import type { GuildTownState, PlayerState } from './state.js';

export interface GuildTownOptions {
  /** Allow the one optional building-card swap before play (rulebook: yes). */
  swap: boolean;
}

export function setupGame(seats: number, options: GuildTownOptions, seed: string): GuildTownState {
  const rng = openRng(seedRng(seed));
  const ids = (pred: (tier: string, house: boolean) => boolean) => BUILDINGS.filter((b) => pred(b.tier, b.house)).map((b) => b.id);

  const moneyDeck = rng.shuffle(MONEY.map((card) => card.id));
  const basicPile = rng.shuffle(ids((tier) => tier === 'basic'));
  const expHouse = rng.shuffle(ids((tier, house) => tier === 'expanded' && house));
  const expPile = rng.shuffle(ids((tier, house) => tier === 'expanded' && !house));
  const advHouse = rng.shuffle(ids((tier, house) => tier === 'advanced' && house));
  const advPile = rng.shuffle(ids((tier, house) => tier === 'advanced' && !house));
  const mills = rng.shuffle(ids((tier) => tier === 'lumber'));

  const players: PlayerState[] = [];
  for (let seat = 0; seat < seats; seat++) {
    players.push({
      money: moneyDeck.splice(0, 5),
      hand: [...basicPile.splice(0, 2), ...expHouse.splice(0, 1)],
      town: [{ card: mills.shift()!, slots: [] }],
      supply: CUBES,
      market: 0,
      points: 0,
      privTokens: 0,
      workTokens: 0,
      helpers: HELPERS,
      passed: false,
      bonus: [],
    });
  }
  const expanded = [...expHouse, ...expPile];
  const advanced = [...advHouse, ...advPile];
  const moneyRow = moneyDeck.splice(0, 2);
  const rows = { basic: basicPile.splice(0, 2), expanded: expanded.splice(0, 2), advanced: advanced.splice(0, 2) };

  // Order of play: lowest printed hand value first; a seeded draw stands in for "the younger player".
  const tieBreak = rng.shuffle(Array.from({ length: seats }, (_, seat) => seat));
  const order = tieBreak.slice().sort((a, b) => printedValue(players[a].money) - printedValue(players[b].money) || tieBreak.indexOf(a) - tieBreak.indexOf(b));
  order.forEach((seat, position) => (players[seat].points = START_POINTS[position]));

  const tokens = TOKENS_BY_PLAYERS[seats];
  return {
    seats,
    year: 1,
    season: 0,
    phase: options.swap ? 'swap' : 'helpers',
    order,
    cursor: 0,
    rng: rng.state(),
    moneyDeck,
    moneyDiscard: [],
    moneyRow,
    piles: { basic: basicPile, expanded, advanced },
    rows,
    lumberBox: mills,
    players,
    guilds: GUILDS.map(() => Array.from({ length: TRACK_SPACES[seats] }, () => [])),
    changeOrder: [],
    storehouse: STORE_GOODS.map(() => [-1, -1]),
    naturalOff: 0,
    ships: [0, 1, 2, 3].map(() => SHIP_GOODS.map(() => [-1, -1])),
    bonusTaken: FINALS.map(() => null),
    privBank: tokens,
    workBank: tokens,
    stage: 0,
    queue: [],
    turn: null,
    auction: null,
    final: null,
    yearScores: [],
  };
}
