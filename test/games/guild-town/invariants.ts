import { BUILDINGS, MONEY, NATURAL_CUBES, TOKENS_BY_PLAYERS } from '../../../src/games/guild-town/data.js';
import type { GuildTownState } from '../../../src/games/guild-town/index.js';
import { cubesOf } from './helpers.js';

function eq(a: number, b: number, what: string): void {
  if (a !== b) throw new Error(`invariant broken: ${what} is ${a}, expected ${b}`);
}
function le(a: number, b: number, what: string): void {
  if (!(a <= b)) throw new Error(`invariant broken: ${what} (${a} > ${b})`);
}

/** Conservation and limits that hold after every action. */
export function checkInvariants(s: GuildTownState): void {
  // 48 money cards, each exactly once.
  const money = [...s.moneyDeck, ...s.moneyDiscard, ...s.moneyRow.filter((c): c is number => c !== null), ...s.players.flatMap((p) => p.money)];
  eq(money.length, MONEY.length, 'money.length');
  eq(new Set(money).size, MONEY.length, 'new Set(money).size');
  // Every building card exactly once.
  const look = s.turn?.prompt.kind === 'look' ? s.turn.prompt.cards : [];
  const buildings = [
    ...s.piles.basic, ...s.piles.expanded, ...s.piles.advanced,
    ...[...s.rows.basic, ...s.rows.expanded, ...s.rows.advanced].filter((c): c is number => c !== null),
    ...s.lumberBox, ...look, ...s.players.flatMap((p) => [...p.hand, ...p.town.map((r) => r.card)]),
  ];
  eq(buildings.length, BUILDINGS.length, 'buildings.length');
  eq(new Set(buildings).size, BUILDINGS.length, 'new Set(buildings).size');
  // Cubes: 20 per player, 14 natural ones.
  s.players.forEach((p, seat) => {
    eq(cubesOf(s, seat), 20, 'cubesOf(s, seat)');
    le(0, p.supply, 'p.supply');
    le(p.market, 3, 'p.market');
    le(p.privTokens, 3, 'p.privTokens');
    le(p.workTokens, 3, 'p.workTokens');
    le(0, p.points, 'p.points');
    // A banker holds up to 4 extra cards until the discards are made.
    const banking = s.turn?.seat === seat && s.turn.guild === 'bankers' && (s.turn.prompt.kind === 'bankDiscard' || s.turn.bankTaken > 0);
    if (!banking) le(p.money.length, 10, 'p.money.length');
    le(0, p.helpers, 'p.helpers');
  });
  eq(s.naturalOff + s.storehouse.flat().filter((m) => m === -1).length, NATURAL_CUBES, 's.naturalOff + s.storehouse.flat().filter((m) => m === -1).length');
  for (const storage of s.storehouse) le(storage.length, 2, 'storage.length');
  // Tokens: bank + players = the count for this player number.
  const tokens = TOKENS_BY_PLAYERS[s.seats];
  eq(s.privBank + s.players.reduce((n, p) => n + p.privTokens, 0), tokens, 's.privBank + s.players.reduce((n, p) => n + p.privTokens, 0)');
  eq(s.workBank + s.players.reduce((n, p) => n + p.workTokens, 0), tokens, 's.workBank + s.players.reduce((n, p) => n + p.workTokens, 0)');
  le(0, s.privBank, 's.privBank');
  le(0, s.workBank, 's.workBank');
}

/** Returns a `check` callback that also verifies the 8-card limit whenever a new round starts. */
export function roundChecker(): (state: unknown) => void {
  let round = '';
  return (state) => {
    const s = state as GuildTownState;
    checkInvariants(s);
    const now = `${s.year}/${s.season}`;
    if (now !== round && s.phase !== 'over') {
      if (round !== '') for (const p of s.players) le(p.money.length, 8, 'p.money.length');
      round = now;
    }
  };
}
