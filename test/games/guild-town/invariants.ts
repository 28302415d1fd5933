import { expect } from 'vitest';
import { BUILDINGS, MONEY, NATURAL_CUBES, TOKENS_BY_PLAYERS } from '../../../src/games/guild-town/data.js';
import type { GuildTownState } from '../../../src/games/guild-town/index.js';
import { cubesOf } from './helpers.js';

/** Conservation and limits that hold after every action. */
export function checkInvariants(s: GuildTownState): void {
  // 48 money cards, each exactly once.
  const money = [...s.moneyDeck, ...s.moneyDiscard, ...s.moneyRow.filter((c): c is number => c !== null), ...s.players.flatMap((p) => p.money)];
  expect(money.length).toBe(MONEY.length);
  expect(new Set(money).size).toBe(MONEY.length);
  // Every building card exactly once.
  const look = s.turn?.prompt.kind === 'look' ? s.turn.prompt.cards : [];
  const buildings = [
    ...s.piles.basic, ...s.piles.expanded, ...s.piles.advanced,
    ...[...s.rows.basic, ...s.rows.expanded, ...s.rows.advanced].filter((c): c is number => c !== null),
    ...s.lumberBox, ...look, ...s.players.flatMap((p) => [...p.hand, ...p.town.map((r) => r.card)]),
  ];
  expect(buildings.length).toBe(BUILDINGS.length);
  expect(new Set(buildings).size).toBe(BUILDINGS.length);
  // Cubes: 20 per player, 14 natural ones.
  s.players.forEach((p, seat) => {
    expect(cubesOf(s, seat)).toBe(20);
    expect(p.supply).toBeGreaterThanOrEqual(0);
    expect(p.market).toBeLessThanOrEqual(3);
    expect(p.privTokens).toBeLessThanOrEqual(3);
    expect(p.workTokens).toBeLessThanOrEqual(3);
    expect(p.points).toBeGreaterThanOrEqual(0);
    // A banker holds up to 4 extra cards until the discards are made.
    const banking = s.turn?.seat === seat && s.turn.guild === 'bankers' && (s.turn.prompt.kind === 'bankDiscard' || s.turn.bankTaken > 0);
    if (!banking) expect(p.money.length).toBeLessThanOrEqual(10);
    expect(p.helpers).toBeGreaterThanOrEqual(0);
  });
  expect(s.naturalOff + s.storehouse.flat().filter((m) => m === -1).length).toBe(NATURAL_CUBES);
  for (const storage of s.storehouse) expect(storage.length).toBeLessThanOrEqual(2);
  // Tokens: bank + players = the count for this player number.
  const tokens = TOKENS_BY_PLAYERS[s.seats];
  expect(s.privBank + s.players.reduce((n, p) => n + p.privTokens, 0)).toBe(tokens);
  expect(s.workBank + s.players.reduce((n, p) => n + p.workTokens, 0)).toBe(tokens);
  expect(s.privBank).toBeGreaterThanOrEqual(0);
  expect(s.workBank).toBeGreaterThanOrEqual(0);
}

/** Returns a `check` callback that also verifies the 8-card limit whenever a new round starts. */
export function roundChecker(): (state: unknown) => void {
  let round = '';
  return (state) => {
    const s = state as GuildTownState;
    checkInvariants(s);
    const now = `${s.year}/${s.season}`;
    if (now !== round && s.phase !== 'over') {
      if (round !== '') for (const p of s.players) expect(p.money.length).toBeLessThanOrEqual(8);
      round = now;
    }
  };
}
