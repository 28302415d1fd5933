import { ruleError, type LogEntry, type RuleError } from '../../engine/types.js';
import type { GuildTownAction, Target } from './actions.js';
import { BUILDINGS, MARKET_LIMIT, RAWS, SHIP_GOODS, STORE_GOODS, type Good, type Half } from './data.js';
import type { Ctx } from './flow.js';
import { drawMoney, giveMoney, refillMoneyRow } from './money.js';
import { canPrivilege, usePrivilege } from './rules-guilds.js';
import { setSlot, withItem, type GuildTownState, type Turn } from './state.js';
import { building, entry, good as goodTerm, money, who, type ArgsOf } from './log-entry.js';
import { moneyWords, targetWords } from './words.js';

type Of<T extends GuildTownAction['type']> = Extract<GuildTownAction, { type: T }>;

const isRaw = (good: Good): boolean => (RAWS as readonly string[]).includes(good);

function needWork(turn: Turn): RuleError | null {
  if (turn.prompt.kind !== 'main') return ruleError('WRONG_STEP', 'Finish the current step first.');
  if (turn.wp <= 0) return ruleError('NO_WORK_POINTS', 'You have no work point left.');
  return null;
}

/** Can `good` (one cube) be placed on this free input icon of one of `seat`'s buildings? */
export function slotFits(s: GuildTownState, seat: number, building: number, slot: number, good: Good): boolean {
  const b = s.players[seat].town[building];
  return !!b && BUILDINGS[b.card].inputs[slot] === good && b.slots[slot] === false;
}

/** Would a marker of `good` fit on ship `ship` (free space, or a bribe with a money card)? */
export function shipFits(s: GuildTownState, seat: number, good: Good, ship: number, bribe: number | undefined): boolean {
  const storage = s.ships[ship]?.[SHIP_GOODS.indexOf(good as Half)];
  if (!storage) return false;
  if (storage[0] < 0) return bribe === undefined;
  return bribe !== undefined && storage[0] !== seat && s.players[seat].money.includes(bribe);
}

export function anyShipFits(s: GuildTownState, seat: number, good: Good): boolean {
  const money = s.players[seat].money;
  return [0, 1, 2, 3].some((ship) => shipFits(s, seat, good, ship, undefined) || (money.length > 0 && shipFits(s, seat, good, ship, money[0])));
}

/** Check a target for a freshly produced `good`; null when it is allowed. */
export function checkTarget(s: GuildTownState, seat: number, good: Good, to: Target): RuleError | null {
  switch (to.kind) {
    case 'market':
      if (!isRaw(good)) return ruleError('MARKET_RAW_ONLY', 'Only raw materials go to the market.');
      if (s.players[seat].market >= MARKET_LIMIT) return ruleError('MARKET_LIMIT', 'You may have at most 3 markers in the market.');
      return null;
    case 'slot':
      return slotFits(s, seat, to.building, to.slot, good) ? null : ruleError('NO_SUCH_ICON', `Place the ${good} on a free ${good} icon of another of your buildings.`);
    case 'store':
      if (!STORE_GOODS.includes(good as Half)) return ruleError('NOT_FOR_STOREHOUSE', 'Only half-products (not meat) go to the storehouse.');
      if (to.take < 2 && s.moneyRow[to.take] === null) return ruleError('SLOT_EMPTY', 'That money slot is empty.');
      return null;
    case 'ship':
      if (!SHIP_GOODS.includes(good as Half)) return ruleError('NOT_FOR_SHIPS', 'Only final products and meat are shipped.');
      if (!shipFits(s, seat, good, to.ship, to.bribe)) {
        return ruleError('SHIP_STORAGE', 'That storage needs a free space, or a bribe with one of your money cards to remove another player\'s left marker.');
      }
      return null;
    case 'lost':
      if (isRaw(good) || STORE_GOODS.includes(good as Half)) return ruleError('MUST_PLACE', 'This product must be placed.');
      if (anyShipFits(s, seat, good)) return ruleError('CAN_SHIP', 'The product can still be shipped.');
      return null;
  }
}

/** The entry of a raw material made: to the market or onto one of the producer's buildings. */
function producedRaw(seat: number, good: Good, town: readonly { card: number }[], to: Target, message: string): LogEntry {
  if (to.kind === 'slot') return entry('produceRaw.slot', { player: who(seat), good: goodTerm(good), building: building(town[to.building]!.card) }, message);
  return entry('produceRaw.market', { player: who(seat), good: goodTerm(good) }, message);
}

/** The entry of a half-product or final product made, with the points it scored. */
function produced(seat: number, good: Good, town: readonly { card: number }[], to: Target, points: number, message: string): LogEntry {
  const base: ArgsOf<'produce.lost'> = { player: who(seat), good: goodTerm(good), points };
  switch (to.kind) {
    case 'slot':
      return entry('produce.slot', { ...base, building: building(town[to.building]!.card) }, message);
    case 'store':
      return entry('produce.store', base, message);
    case 'ship':
      return entry('produce.ship', { ...base, ship: to.ship + 1 }, message);
    default:
      return entry('produce.lost', base, message);
  }
}

/** Place one cube (already taken from the producer's supply) of `good` at `to`. */
function place(ctx: Ctx, seat: number, good: Good, to: Target): void {
  const s = ctx.s;
  const p = s.players[seat];
  switch (to.kind) {
    case 'market':
      p.market++;
      return;
    case 'slot':
      setSlot(p, to.building, to.slot, true);
      return;
    case 'store': {
      const g = STORE_GOODS.indexOf(good as Half);
      const storage = s.storehouse[g].slice();
      s.storehouse = withItem(s.storehouse, g, () => storage);
      if (storage.length >= 2) {
        const out = storage.shift()!;
        if (out < 0) s.naturalOff++;
        else s.players[out].supply++;
        ctx.log.push(entry('pushedOut', { good: goodTerm(good) }, `The oldest ${good} marker is pushed out of the storehouse.`));
      }
      storage.push(seat);
      let card: number | null;
      if (to.take < 2) {
        card = s.moneyRow[to.take];
        s.moneyRow = withItem(s.moneyRow, to.take, () => null);
        refillMoneyRow(s);
      } else card = drawMoney(s);
      ctx.irreversible = true;
      if (card !== null) {
        giveMoney(s, seat, card);
        if (to.take < 2) ctx.log.push(entry('takeFaceUp', { player: who(seat), card: money(card) }, `Seat ${seat} takes the face-up ${moneyWords(card)}.`));
        else {
          ctx.log.push(entry('drawsMoneyCard', { player: who(seat) }, `Seat ${seat} draws a money card.`));
          ctx.log.push(entry('youDraw', { card: money(card) }, `You draw a ${moneyWords(card)}.`, { visibleTo: [seat] }));
        }
      }
      return;
    }
    case 'ship': {
      const g = SHIP_GOODS.indexOf(good as Half);
      const storage = s.ships[to.ship][g].slice();
      s.ships = withItem(s.ships, to.ship, (ship) => withItem(ship, g, () => storage));
      if (storage[1] < 0) storage[1] = seat;
      else if (storage[0] < 0) storage[0] = seat;
      else {
        s.players[storage[0]].supply++;
        p.money = p.money.filter((id) => id !== to.bribe);
        s.moneyDiscard = [...s.moneyDiscard, to.bribe!];
        ctx.log.push(
          entry('bribe', { player: who(seat), card: money(to.bribe!), owner: who(storage[0]), good: goodTerm(good) }, `Seat ${seat} bribes the captain with a ${moneyWords(to.bribe!)}: seat ${storage[0]}'s ${good} goes back.`, {
            data: { card: to.bribe },
          }),
        );
        storage[0] = storage[1];
        storage[1] = seat;
      }
      return;
    }
    case 'lost':
      p.supply++;
      return;
  }
}

/*
 * As in rules-guilds.ts: `…Refusal` says why the rules refuse an action (null: accepted) without
 * changing anything, `do…` carries out an accepted one.
 */

/**
 * Version 4: a used privilege waits for a work point spent on a raw material ("two raw materials
 * using one work point"); spending the last work point on anything else would lose it unused.
 */
function lastPointKeptForPrivilege(s: GuildTownState, turn: Turn): RuleError | null {
  if (s.rules?.privilegeKeepsWorkPoint !== true || turn.freeRaw <= 0 || turn.rawPaid === true || turn.wp > 1) return null;
  return ruleError('PRIVILEGE_NEEDS_WORK_POINT', 'Your privilege makes two raw materials of one work point: spend your last work point on a raw material first.');
}

export function craftPrivilegeRefusal(s: GuildTownState, turn: Turn): RuleError | null {
  if (turn.guild !== 'craftsmen') return ruleError('WRONG_GUILD', 'This privilege belongs to the Craftsmen\'s guild.');
  if (turn.prompt.kind !== 'main') return ruleError('WRONG_STEP', 'Finish the current step first.');
  if (!canPrivilege(s, turn)) return ruleError('NO_PRIVILEGE', 'This helper has no privilege to use.');
  const paired = s.rules?.craftsmenPrivilegeNeedsWorkPoint === true;
  if (paired && turn.wp <= 0 && turn.rawPaid !== true) return ruleError('NO_WORK_POINTS', 'The privilege makes two raw materials of one work point, and you have no work point left.');
  return null;
}

export function doCraftPrivilege(ctx: Ctx, turn: Turn): void {
  const paired = ctx.s.rules?.craftsmenPrivilegeNeedsWorkPoint === true;
  usePrivilege(ctx, turn);
  turn.freeRaw++;
  ctx.log.push(
    paired
      ? entry('craftPrivilegePair', { player: who(turn.seat) }, `Seat ${turn.seat} uses the privilege: a work point makes two raw materials.`)
      : entry('craftPrivilegeFree', { player: who(turn.seat) }, `Seat ${turn.seat} uses the privilege: one raw material more without a work point.`),
  );
}

/** Version 3: the privilege's raw material is the second of a work point's pair (see GuildTownRules). */
function rawIsFree(s: GuildTownState, turn: Turn): boolean {
  return s.rules?.craftsmenPrivilegeNeedsWorkPoint === true ? turn.freeRaw > 0 && turn.rawPaid === true : turn.freeRaw > 0;
}

export function produceRawRefusal(s: GuildTownState, turn: Turn, action: Of<'produceRaw'>): RuleError | null {
  const p = s.players[turn.seat];
  if (turn.prompt.kind !== 'main') return ruleError('WRONG_STEP', 'Finish the current step first.');
  if (turn.wp <= 0 && !rawIsFree(s, turn)) return ruleError('NO_WORK_POINTS', 'You have no work point left.');
  const b = p.town[action.building];
  if (!b || !(BUILDINGS[b.card].tier === 'basic' || BUILDINGS[b.card].tier === 'lumber')) return ruleError('NOT_BASIC', 'Raw materials are made in basic buildings.');
  if (p.supply <= 0) return ruleError('NO_CUBES', 'You have no cube left.');
  const bad = checkTarget(s, turn.seat, BUILDINGS[b.card].product, action.to);
  if (bad) return bad;
  if (action.to.kind === 'slot' && action.to.building === action.building) return ruleError('NO_SUCH_ICON', 'Place it on another building.');
  return null;
}

export function doProduceRaw(ctx: Ctx, turn: Turn, action: Of<'produceRaw'>): void {
  const s = ctx.s;
  const p = s.players[turn.seat];
  const paired = s.rules?.craftsmenPrivilegeNeedsWorkPoint === true;
  const free = rawIsFree(s, turn);
  const good = BUILDINGS[p.town[action.building].card].product;
  if (free) {
    turn.freeRaw--;
    if (paired) turn.rawPaid = false;
  } else {
    turn.wp--;
    if (paired) turn.rawPaid = true;
  }
  p.supply--;
  place(ctx, turn.seat, good, action.to);
  ctx.log.push(producedRaw(turn.seat, good, p.town, action.to, `Seat ${turn.seat} produces ${good} ${targetWords(p.town, action.to)}.`));
}

export function tradeRefusal(s: GuildTownState, turn: Turn, action: Of<'trade'>): RuleError | null {
  const p = s.players[turn.seat];
  const bad = needWork(turn);
  if (bad) return bad;
  const kept = lastPointKeptForPrivilege(s, turn);
  if (kept) return kept;
  if (p.market <= 0) return ruleError('NO_MARKET_MARKER', 'You have no marker in the market.');
  const b = p.town[action.building];
  const good = b ? BUILDINGS[b.card].inputs[action.slot] : undefined;
  if (!b || good === undefined || !isRaw(good) || b.slots[action.slot]) return ruleError('NO_SUCH_ICON', 'Choose a free raw-material icon on one of your buildings.');
  return null;
}

export function doTrade(ctx: Ctx, turn: Turn, action: Of<'trade'>): void {
  const p = ctx.s.players[turn.seat];
  const b = p.town[action.building];
  const good = BUILDINGS[b.card].inputs[action.slot];
  turn.wp--;
  p.market--;
  setSlot(p, action.building, action.slot, true);
  ctx.log.push(entry('trade', { player: who(turn.seat), good: goodTerm(good) }, `Seat ${turn.seat} trades a market marker for ${good}.`));
}

export function produceHalfRefusal(s: GuildTownState, turn: Turn, action: Of<'produceHalf'>): RuleError | null {
  const bad = needWork(turn);
  if (bad) return bad;
  const kept = lastPointKeptForPrivilege(s, turn);
  if (kept) return kept;
  const b = s.players[turn.seat].town[action.building];
  if (!b || BUILDINGS[b.card].tier !== 'expanded') return ruleError('NOT_EXPANDED', 'Half-products are made in expanded buildings.');
  if (!b.slots[0]) return ruleError('NO_INPUT', `The ${BUILDINGS[b.card].name} needs its raw material first.`);
  return checkTarget(s, turn.seat, BUILDINGS[b.card].product, action.to);
}

export function doProduceHalf(ctx: Ctx, turn: Turn, action: Of<'produceHalf'>): void {
  const s = ctx.s;
  const p = s.players[turn.seat];
  const b = p.town[action.building];
  const good = BUILDINGS[b.card].product;
  turn.wp--;
  setSlot(p, action.building, 0, false);
  place(ctx, turn.seat, good, action.to);
  const points = action.to.kind === 'lost' ? 0 : BUILDINGS[b.card].points;
  p.points += points;
  ctx.log.push(produced(turn.seat, good, s.players[turn.seat].town, action.to, points, `Seat ${turn.seat} produces ${good} ${targetWords(s.players[turn.seat].town, action.to)} for ${points} points.`));
}

export function produceFinalRefusal(s: GuildTownState, turn: Turn, action: Of<'produceFinal'>): RuleError | null {
  const bad = needWork(turn);
  if (bad) return bad;
  const kept = lastPointKeptForPrivilege(s, turn);
  if (kept) return kept;
  const b = s.players[turn.seat].town[action.building];
  if (!b || BUILDINGS[b.card].tier !== 'advanced') return ruleError('NOT_ADVANCED', 'Final products are made in advanced buildings.');
  if (!b.slots.every(Boolean)) return ruleError('NO_INPUT', 'Every input icon needs a marker first.');
  if (action.to.kind !== 'ship' && action.to.kind !== 'lost') return ruleError('NOT_FOR_SHIPS', 'A final product goes onto a ship.');
  return checkTarget(s, turn.seat, BUILDINGS[b.card].product, action.to);
}

export function doProduceFinal(ctx: Ctx, turn: Turn, action: Of<'produceFinal'>): void {
  const s = ctx.s;
  const p = s.players[turn.seat];
  const b = p.town[action.building];
  const good = BUILDINGS[b.card].product;
  turn.wp--;
  // All input markers come off the card; one stays as the product.
  p.supply += b.slots.length - 1;
  p.town = withItem(p.town, action.building, (raised) => ({ ...raised, slots: raised.slots.map(() => false) }));
  const to = action.to as Extract<Target, { kind: 'ship' | 'lost' }>;
  place(ctx, turn.seat, good, to);
  const points = to.kind === 'lost' ? 0 : BUILDINGS[b.card].points;
  p.points += points;
  ctx.log.push(produced(turn.seat, good, s.players[turn.seat].town, to, points, `Seat ${turn.seat} produces ${good} ${targetWords(s.players[turn.seat].town, to)} for ${points} points.`));
}
