import type { GuildTownAction, Target } from './actions.js';
import { BUILDINGS, GUILD_CAPACITY, GUILDS, MONEY, RAWS, SHIP_GOODS, STORE_GOODS, type Good, type Half } from './data.js';
import { cardsValue } from './money.js';
import { buildingRuleOk, canPrivilege } from './rules-guilds.js';
import { coverPoints } from './rules-setup.js';
import { actionRefusal, activeSeats } from './rules.js';
import type { GuildTownState } from './state.js';

const RAW_SET = new Set<string>(RAWS);

/** One card per distinct (colour, value): equivalent cards need not be listed twice. */
function distinctCards(ids: readonly number[]): number[] {
  const seen: number[] = [];
  const out: number[] = [];
  for (const id of ids) {
    const key = MONEY[id].colour * 1000 + MONEY[id].value;
    if (seen.includes(key)) continue;
    seen.push(key);
    out.push(id);
  }
  return out;
}

function targets(s: GuildTownState, seat: number, good: Good, kinds: { market?: boolean; store?: boolean; ship?: boolean; lost?: boolean }): Target[] {
  const out: Target[] = [];
  const p = s.players[seat];
  if (kinds.market && p.market < 3) out.push({ kind: 'market' });
  p.town.forEach((b, building) =>
    b.slots.forEach((filled, slot) => !filled && BUILDINGS[b.card].inputs[slot] === good && out.push({ kind: 'slot', building, slot })),
  );
  if (kinds.store && STORE_GOODS.includes(good as Half)) for (const take of [0, 1, 2]) out.push({ kind: 'store', take });
  const g = SHIP_GOODS.indexOf(good as Half);
  if (kinds.ship && g >= 0)
    for (let ship = 0; ship < 4; ship++) {
      const storage = s.ships[ship][g];
      if (storage[0] < 0) out.push({ kind: 'ship', ship });
      else if (storage[0] !== seat) for (const bribe of distinctCards(p.money)) out.push({ kind: 'ship', ship, bribe });
    }
  if (kinds.lost && g >= 0) out.push({ kind: 'lost' });
  return out;
}

export function candidates(s: GuildTownState, seat: number): GuildTownAction[] {
  const p = s.players[seat];
  const out: GuildTownAction[] = [];
  const money = distinctCards(p.money);
  switch (s.phase) {
    case 'over':
      return [];
    case 'swap':
      out.push({ type: 'noSwap' });
      for (const card of p.hand) out.push({ type: 'swap', card });
      for (const b of p.town) if (BUILDINGS[b.card].tier === 'lumber') for (const other of s.lumberBox) out.push({ type: 'swap', card: b.card, with: other });
      return out;
    case 'helpers': {
      out.push({ type: 'resign' });
      if (p.helpers <= 0) return out;
      for (let guild = 0; guild < GUILDS.length; guild++) {
        const track = s.guilds[guild];
        let own = 0;
        let total = 0;
        for (const stack of track) {
          total += stack.length;
          for (const helper of stack) if (helper.seat === seat) own++;
        }
        if (own >= 2 || total >= GUILD_CAPACITY[s.seats]) continue;
        const firstFree = track.findIndex((stack) => stack.length === 0);
        if (firstFree >= 0) {
          out.push({ type: 'send', guild, space: firstFree });
          continue;
        }
        track.forEach((stack, space) => {
          if (stack.length !== 1) return;
          const free = stack[0].seat === seat || s.seats === 2 || space === track.length - 1;
          if (free) out.push({ type: 'send', guild, space });
          else {
            if (p.points >= coverPoints(s)) out.push({ type: 'send', guild, space, pay: 'points' });
            for (const card of money) out.push({ type: 'send', guild, space, pay: 'card', card });
          }
        });
      }
      return out;
    }
    case 'discard':
      return money.map((card) => ({ type: 'discard', card }));
    case 'invest': {
      out.push({ type: 'investDone' });
      const byColour = [0, 1, 2, 3].map((c) => money.filter((id) => MONEY[id].colour === c));
      for (const a of byColour[0]) for (const b of byColour[1]) for (const c of byColour[2]) for (const d of byColour[3]) out.push({ type: 'invest', cards: [a, b, c, d] });
      return out;
    }
    case 'guilds':
      break;
  }
  const a = s.auction;
  if (a) {
    if (!a.opening) out.push({ type: 'fold' });
    const max = cardsValue(p.money);
    for (let amount = a.high + 1; amount <= max; amount++) out.push({ type: 'bid', amount });
    return out;
  }
  const turn = s.turn!;
  const prompt = turn.prompt;
  switch (prompt.kind) {
    case 'pay':
      // Version 5: a purchase may be given up until it is paid.
      return prompt.buying ? [...money.map((card): GuildTownAction => ({ type: 'pay', card })), { type: 'cancel' }] : money.map((card) => ({ type: 'pay', card }));
    case 'bankDiscard':
      return [{ type: 'bankPrivilege' }, ...money.map((card) => ({ type: 'discard' as const, card }))];
    case 'look':
      return prompt.cards.map((card) => ({ type: 'keep', card }));
    case 'build':
    case 'main':
      break;
    case 'notaryAfter':
      return [{ type: 'done' }, ...(['basic', 'expanded', 'advanced'] as const).map((row) => ({ type: 'look' as const, row }))];
    case 'hall':
      return [{ type: 'done' }, { type: 'workToken' }, ...(['privilege', 'work', 'order'] as const).map((choice) => ({ type: 'hall' as const, choice }))];
  }
  if (prompt.kind === 'build') out.push({ type: 'buildDone' });
  else out.push({ type: 'done' }, { type: 'workToken' });
  if (turn.guild === 'builders' && (prompt.kind === 'main' || prompt.raised < 2))
    for (const card of p.hand)
      for (const side of ['left', 'right'] as const) {
        if (buildingRuleOk(p.town, card, side)) out.push({ type: 'raise', card, side, privilege: false });
        else if (canPrivilege(s, turn)) out.push({ type: 'raise', card, side, privilege: true });
      }
  if (prompt.kind !== 'main') return out;
  switch (turn.guild) {
    case 'bankers':
      out.push({ type: 'bankTake', slot: 0 }, { type: 'bankTake', slot: 1 }, { type: 'bankDraw' });
      break;
    case 'notary': {
      for (const row of ['basic', 'expanded', 'advanced'] as const) {
        out.push({ type: 'look', row });
        for (const slot of [0, 1]) {
          if (s.rows[row][slot] === null) continue;
          out.push({ type: 'buy', row, slot });
          out.push({ type: 'auction', row, slot });
        }
      }
      break;
    }
    case 'traders':
      STORE_GOODS.forEach((good, g) =>
        s.storehouse[g].length > 0 && p.supply > 0 &&
        p.town.forEach((b, building) =>
          BUILDINGS[b.card].inputs.forEach((input, slot) => {
            if (input !== good || b.slots[slot]) return;
            if (p.market > 0) out.push({ type: 'buyHalf', good: g, building, slot });
            for (const card of money) out.push({ type: 'buyHalf', good: g, building, slot, card });
          }),
        ),
      );
      break;
    case 'craftsmen':
      out.push({ type: 'craftPrivilege' });
      break;
    default:
      break;
  }
  if (turn.wp > 0 || turn.freeRaw > 0) {
    p.town.forEach((b, building) => {
      const card = BUILDINGS[b.card];
      const tier = card.tier;
      if ((tier === 'basic' || tier === 'lumber') && p.supply > 0)
        for (const to of targets(s, seat, card.product, { market: true })) out.push({ type: 'produceRaw', building, to });
      if (turn.wp <= 0) return;
      if (p.market > 0) b.slots.forEach((filled, slot) => !filled && RAW_SET.has(card.inputs[slot]) && out.push({ type: 'trade', building, slot }));
      if (tier === 'expanded' && b.slots[0]) for (const to of targets(s, seat, card.product, { store: true, ship: true, lost: true })) out.push({ type: 'produceHalf', building, to });
      if (tier === 'advanced' && b.slots.every(Boolean)) for (const to of targets(s, seat, card.product, { ship: true, lost: true })) out.push({ type: 'produceFinal', building, to });
    });
  }
  return out;
}

/**
 * Phases whose candidates are legal by construction: `candidates` makes exactly the checks of
 * doSend/doResign, doRoundDiscard and doInvest, so trying each with a full `apply` (a copy of the
 * whole state per candidate, a third of a random game's engine time) would only repeat them.
 * test/games/guild-town/legal.test.ts applies every candidate of these phases in random games.
 */
export const EXACT_PHASES: ReadonlySet<GuildTownState['phase']> = new Set(['helpers', 'discard', 'invest']);

/** Every candidate the rules accept (elsewhere each is asked to `actionRefusal`, the checks of `apply`). */
export function legalActions(s: GuildTownState, seat: number): GuildTownAction[] {
  if (!activeSeats(s).includes(seat)) return [];
  if (EXACT_PHASES.has(s.phase)) return candidates(s, seat);
  // `seat` is to act (checked above), so only the action's own rules are asked.
  return candidates(s, seat).filter((action) => actionRefusal(s, seat, action) === null);
}
