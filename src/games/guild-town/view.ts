import { secretsIn, type HiddenPlace } from '../../engine/reveals.js';
import { GUILDS, MONEY, SEASON_GUILDS } from './data.js';
import { activeSeats } from './rules.js';
import { bankLeft } from './rules-guilds.js';
import type { Auction, GuildTownState, Helper, PlayerState, Prompt, Raised } from './state.js';

export interface PlayerView {
  seat: number;
  points: number;
  town: Raised[];
  supply: number;
  market: number;
  privTokens: number;
  workTokens: number;
  helpers: number;
  passed: boolean;
  bonus: string[];
  moneyCount: number;
  handCount: number;
}

export interface GuildTownView {
  viewer: number | null;
  year: number;
  season: number;
  phase: GuildTownState['phase'];
  guildsThisSeason: string[];
  active: number[];
  order: number[];
  moneyRow: (number | null)[];
  moneyDeckCount: number;
  moneyDiscardCount: number;
  rows: GuildTownState['rows'];
  pileCounts: { basic: number; expanded: number; advanced: number };
  lumberBox: number[];
  players: PlayerView[];
  /** The viewer's own money cards (id, colour index, printed value) and building cards. */
  myMoney: { id: number; colour: number; value: number }[] | null;
  myHand: number[] | null;
  guilds: { guild: string; spaces: Helper[][] }[];
  changeOrder: number[];
  storehouse: number[][];
  naturalOff: number;
  ships: number[][][];
  bonusTaken: (number | null)[];
  privBank: number;
  workBank: number;
  stage: string | null;
  turn: { seat: number; guild: string; gold: boolean; privUsed: boolean; wp: number; freeRaw: number; prompt: Prompt } | null;
  auction: Auction | null;
  final: GuildTownState['final'];
  yearScores: GuildTownState['yearScores'];
}

function playerView(p: PlayerState, seat: number): PlayerView {
  return {
    seat, points: p.points, town: p.town, supply: p.supply, market: p.market, privTokens: p.privTokens, workTokens: p.workTokens,
    helpers: p.helpers, passed: p.passed, bonus: p.bonus, moneyCount: p.money.length, handCount: p.hand.length,
  };
}

/** What `seat` may see: no other hand, no deck order, no seed or RNG state. */
export function viewState(s: GuildTownState, seat: number | null): GuildTownView {
  const me = seat === null ? null : s.players[seat] ?? null;
  let turn: GuildTownView['turn'] = null;
  if (s.turn) {
    const { prompt } = s.turn;
    // The cards of a look-at-five are seen by the looking player only.
    let shown: Prompt = prompt.kind === 'look' && seat !== s.turn.seat ? { ...prompt, cards: [] } : prompt;
    // The discards still owed, hand limit included (the state's `left` fell below 0 before version 4).
    if (prompt.kind === 'bankDiscard') shown = { ...prompt, left: Math.max(0, bankLeft(s, s.turn)) };
    turn = { seat: s.turn.seat, guild: s.turn.guild, gold: s.turn.gold, privUsed: s.turn.privUsed, wp: s.turn.wp, freeRaw: s.turn.freeRaw, prompt: shown };
  }
  return {
    viewer: seat,
    year: s.year,
    season: s.season,
    phase: s.phase,
    guildsThisSeason: SEASON_GUILDS[s.season],
    active: activeSeats(s),
    order: s.order,
    moneyRow: s.moneyRow,
    moneyDeckCount: s.moneyDeck.length,
    moneyDiscardCount: s.moneyDiscard.length,
    rows: s.rows,
    pileCounts: { basic: s.piles.basic.length, expanded: s.piles.expanded.length, advanced: s.piles.advanced.length },
    lumberBox: s.lumberBox,
    players: s.players.map(playerView),
    myMoney: me ? me.money.map((id) => ({ id, colour: MONEY[id].colour, value: MONEY[id].value })) : null,
    myHand: me ? me.hand : null,
    guilds: GUILDS.map((guild, g) => ({ guild, spaces: s.guilds[g] })),
    changeOrder: s.changeOrder,
    storehouse: s.storehouse,
    naturalOff: s.naturalOff,
    ships: s.ships,
    bonusTaken: s.bonusTaken,
    privBank: s.privBank,
    workBank: s.workBank,
    stage: s.phase === 'guilds' ? SEASON_GUILDS[s.season][s.stage] ?? null : null,
    turn,
    auction: s.auction,
    final: s.final,
    yearScores: s.yearScores,
  };
}

/**
 * What is hidden from `seat` (everything `viewState` leaves out), place by place, for the kernel's
 * reveal guard (engine/reveals.ts): the money deck, the face-down discard, the building piles, the
 * other players' money and building cards, and another player's look-at-five.
 */
export function* secretsOf(s: GuildTownState, seat: number): Iterable<HiddenPlace> {
  yield secretsIn('moneyDeck', s.moneyDeck);
  yield secretsIn('moneyDiscard', s.moneyDiscard);
  for (const row of ['basic', 'expanded', 'advanced'] as const) yield secretsIn(`pile.${row}`, s.piles[row]);
  for (const [other, p] of s.players.entries()) {
    if (other === seat) continue;
    yield secretsIn(`money.${other}`, p.money);
    yield secretsIn(`hand.${other}`, p.hand);
  }
  if (s.turn?.prompt.kind === 'look' && s.turn.seat !== seat) yield secretsIn('look', s.turn.prompt.cards);
}
