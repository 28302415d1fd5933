import { expect } from 'vitest';
import { isRuleError } from '../../../src/engine/types.js';
import { BUILDINGS, type GuildId, SEASON_GUILDS } from '../../../src/games/guild-town/data.js';
import { guildTownGame, type GuildTownAction, type GuildTownState } from '../../../src/games/guild-town/index.js';
import type { Turn } from '../../../src/games/guild-town/state.js';

export const game = guildTownGame;

/** Money card id of a colour (0 purple, 1 green, 2 blue, 3 red), value 1–3 and copy 0–3. */
export const money = (colour: number, value: number, copy = 0): number => colour * 12 + (value - 1) * 4 + copy;

export function newGame(seats: number, seed = 'unit'): GuildTownState {
  return game.setup({ seats, options: { swap: false }, seed });
}

/** Put `seat` at the start of its helper turn in `guild` (spring, no other helpers queued). */
export function atTurn(s: GuildTownState, seat: number, guild: GuildId, extra: Partial<Turn> = {}): GuildTownState {
  s.phase = 'guilds';
  s.stage = SEASON_GUILDS[s.season].indexOf(guild);
  s.queue = [];
  s.turn = {
    seat, guild, gold: false, privUsed: false, wp: 0, freeRaw: 0, helper: null, bankTaken: 0, looked: false,
    prompt: guild === 'townhall' ? { kind: 'hall', done: [] } : { kind: 'main' },
    ...extra,
  };
  return s;
}

export function act(s: GuildTownState, seat: number, action: GuildTownAction): GuildTownState {
  const result = game.apply(s, seat, action);
  if (isRuleError(result)) throw new Error(`${result.code}: ${result.message}`);
  return result.state;
}

export function refuse(s: GuildTownState, seat: number, action: GuildTownAction): string {
  const result = game.apply(s, seat, action);
  expect(isRuleError(result), JSON.stringify(action)).toBe(true);
  return isRuleError(result) ? result.code : '';
}

/** Total cubes of every player wherever they are; must stay 20 each. */
export function cubesOf(s: GuildTownState, seat: number): number {
  const p = s.players[seat];
  let n = p.supply + p.market;
  for (const b of p.town) n += b.slots.filter(Boolean).length;
  for (const st of s.storehouse) n += st.filter((m) => m === seat).length;
  for (const ship of s.ships) for (const st of ship) n += st.filter((m) => m === seat).length;
  return n;
}

/** Id of a building card by tier and product (the `copy`-th such card). */
export function cardOf(tier: string, product: string, copy = 0): number {
  return BUILDINGS.filter((b) => b.tier === tier && b.product === product)[copy].id;
}
