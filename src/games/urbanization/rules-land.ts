import { BUILDING_COST, BUILDING_POINTS, TRACK_LENGTH } from './data.js';
import type { ActionOf } from './actions.js';
import { canBuyTerritory, entry, err, freeMarkers, hasInvention, holds, priceDestinations, seatName, who, type Check, type Log } from './helpers.js';
import { ownTerritory, type UrbanizationState } from './state.js';

/* ---------- placement round ---------- */

export function checkPlace(s: UrbanizationState, _seat: number, a: ActionOf<'place'>): Check {
  const t = s.territories[a.territory]!;
  if (t.covered) return err('TERRITORY_COVERED', 'That territory is under a covering tile and is not used in this game.');
  if (t.owner !== null || t.price < 1) return err('NO_PRICE_MARKER', 'Place your first house on a territory that still holds a price marker.');
  return null;
}

export function runPlace(s: UrbanizationState, seat: number, a: ActionOf<'place'>, log: Log): void {
  const t = ownTerritory(s, a.territory);
  t.owner = seat;
  t.grounds[0]!.building = 'house';
  s.pool.houses -= 1;
  log.push(entry('place', { player: who(seat), territory: t.id }, `${seatName(seat)} starts in territory ${t.id} with a house.`));
  releasePrice(s, t.id, true, log);
}

/** Take the price markers off a territory just taken; the owner then moves them one by one. */
function releasePrice(s: UrbanizationState, territory: number, placement: boolean, log: Log): void {
  const t = ownTerritory(s, territory);
  const count = t.price;
  t.price = 0;
  if (count === 0) return;
  if (priceDestinations(s).length === 0) {
    s.priceOutOfPlay += count;
    log.push(entry('priceMarkersLeave', { count }, `No territory holds a price marker any more: ${count} price marker(s) leave the game.`));
    return;
  }
  s.pending = { kind: 'price', count, placement };
}

export function checkMovePrice(s: UrbanizationState, _seat: number, a: ActionOf<'movePrice'>): Check {
  if (!priceDestinations(s).includes(a.territory))
    return err('PRICE_DESTINATION', 'Price markers may only move to an unowned territory that already holds a price marker.');
  return null;
}

export function runMovePrice(s: UrbanizationState, seat: number, a: ActionOf<'movePrice'>, log: Log): void {
  const pending = s.pending;
  if (pending?.kind !== 'price') return;
  ownTerritory(s, a.territory).price += 1;
  log.push(entry('movePrice', { player: who(seat), territory: a.territory }, `${seatName(seat)} moves a price marker to territory ${a.territory}.`));
  s.pending = pending.count > 1 ? { ...pending, count: pending.count - 1 } : null;
}

/* ---------- buy land ---------- */

export function checkBuyLand(s: UrbanizationState, seat: number, a: ActionOf<'buyLand'>): Check {
  const p = s.players[seat]!;
  const t = s.territories[a.territory]!;
  if (t.covered) return err('TERRITORY_COVERED', 'That territory is under a covering tile.');
  if (t.owner !== null) return err('TERRITORY_OWNED', 'That territory already belongs to a player.');
  if (!canBuyTerritory(s, seat, a.territory)) return err('NOT_ADJACENT', 'You may only buy a territory sharing an edge with one you own.');
  if (freeMarkers(s, seat) < 1) return err('NO_ACTION_MARKER', 'You have no action marker left to mark the territory.');
  if (a.broker) {
    if (!holds(p, 'realEstateBroker')) return err('NO_CHARACTER', 'You do not hold an unplayed Real Estate Broker.');
    const partners = priceDestinations(s, a.territory).filter((id) => s.territories[id]!.price <= p.money);
    if (partners.length === 0) return err('NO_SWAP_PARTNER', 'No other territory with price markers you could afford after the exchange.');
    return null;
  }
  if (p.money < t.price) return err('NOT_ENOUGH_MONEY', `That territory costs $${t.price}.`);
  return null;
}

export function runBuyLand(s: UrbanizationState, seat: number, a: ActionOf<'buyLand'>, log: Log): void {
  if (a.broker) {
    s.players[seat]!.characterUsed = true;
    s.pending = { kind: 'broker', territory: a.territory };
    log.push(entry('broker', { player: who(seat), territory: a.territory }, `${seatName(seat)} plays the Real Estate Broker for territory ${a.territory}.`));
    return;
  }
  purchase(s, seat, a.territory, log);
}

function purchase(s: UrbanizationState, seat: number, territory: number, log: Log): void {
  const p = s.players[seat]!;
  const t = ownTerritory(s, territory);
  p.money -= t.price;
  t.owner = seat;
  log.push(entry('buyLand', { player: who(seat), territory, price: t.price }, `${seatName(seat)} buys territory ${territory} for $${t.price}.`));
  releasePrice(s, territory, false, log);
}

export function checkSwapPrice(s: UrbanizationState, seat: number, a: ActionOf<'swapPrice'>): Check {
  const pending = s.pending;
  if (pending?.kind !== 'broker') return err('NO_BROKER', 'No Real Estate Broker exchange is under way.');
  if (!priceDestinations(s, pending.territory).includes(a.territory))
    return err('SWAP_TERRITORY', 'Exchange price markers with another unowned territory that holds price markers.');
  if (s.territories[a.territory]!.price > s.players[seat]!.money)
    return err('NOT_ENOUGH_MONEY', `After the exchange the territory would cost $${s.territories[a.territory]!.price}.`);
  return null;
}

export function runSwapPrice(s: UrbanizationState, seat: number, a: ActionOf<'swapPrice'>, log: Log): void {
  const pending = s.pending;
  if (pending?.kind !== 'broker') return;
  const bought = ownTerritory(s, pending.territory);
  const other = ownTerritory(s, a.territory);
  [bought.price, other.price] = [other.price, bought.price];
  log.push(entry('swapPrice', { player: who(seat), territory: bought.id, other: other.id }, `${seatName(seat)} exchanges the price markers of territories ${bought.id} and ${other.id}.`));
  s.pending = null;
  purchase(s, seat, bought.id, log);
}

/* ---------- erect buildings ---------- */

export function checkErect(s: UrbanizationState, seat: number, a: ActionOf<'erect'>): Check {
  const p = s.players[seat]!;
  const pending = s.pending;
  if (pending !== null && pending.kind !== 'erect') return err('WRONG_STEP', 'Finish the current action first.');
  if (pending?.kind === 'erect' && pending.building !== a.building)
    return err('ONE_BUILDING_TYPE', `In one action phase you erect buildings of one type only (${pending.building}).`);
  if (pending && a.architect) return err('ARCHITECT_AT_START', 'Play the Architect with the first building of the action.');
  if (a.architect && !holds(p, 'architect')) return err('NO_CHARACTER', 'You do not hold an unplayed Architect.');
  const architect = a.architect || (pending?.kind === 'erect' && pending.architect);
  const cost = BUILDING_COST[a.building] - (architect ? 1 : 0);
  const t = s.territories[a.territory]!;
  if (t.owner !== seat) return err('NOT_YOUR_TERRITORY', 'You may only build on territories you own.');
  if (a.building === 'admin') {
    if (a.ground !== 0) return err('NO_GROUND_FOR_ADMIN', 'An administrative building stands on the territory, not a ground: use ground 0.');
    if (s.pool.admin < 1) return err('POOL_EMPTY', 'No administrative buildings are left.');
  } else {
    const ground = t.grounds[a.ground];
    if (!ground) return err('NO_SUCH_GROUND', 'That territory has no such building ground.');
    if (a.building === 'house') {
      if (ground.building !== null || ground.grain > 0) return err('GROUND_NOT_EMPTY', 'A house needs an empty building ground.');
      if (s.pool.houses < 1) return err('POOL_EMPTY', 'No houses are left.');
    } else {
      if (ground.building !== 'house') return err('NO_HOUSE', 'A skyscraper replaces one of your houses.');
      if (s.pool.skyscrapers < 1) return err('POOL_EMPTY', 'No skyscrapers are left.');
    }
  }
  if (p.money < cost) return err('NOT_ENOUGH_MONEY', `That building costs $${cost}.`);
  return null;
}

export function runErect(s: UrbanizationState, seat: number, a: ActionOf<'erect'>, log: Log): void {
  const p = s.players[seat]!;
  const architect = a.architect || (s.pending?.kind === 'erect' && s.pending.architect);
  if (a.architect) p.characterUsed = true;
  const cost = BUILDING_COST[a.building] - (architect ? 1 : 0);
  p.money -= cost;
  p.points += BUILDING_POINTS[a.building];
  const t = ownTerritory(s, a.territory);
  if (a.building === 'admin') {
    t.admin += 1;
    s.pool.admin -= 1;
  } else {
    const ground = t.grounds[a.ground]!;
    if (a.building === 'house') s.pool.houses -= 1;
    else {
      s.pool.houses += 1;
      s.pool.skyscrapers -= 1;
    }
    ground.building = a.building;
    p.houseLine = Math.min(TRACK_LENGTH, p.houseLine + 1);
  }
  s.pending = { kind: 'erect', building: a.building, architect };
  const erectKey = a.building === 'admin' ? 'erectAdmin' : a.building === 'house' ? 'erectHouse' : 'erectSkyscraper';
  log.push(entry(erectKey, { player: who(seat), territory: t.id, cost }, `${seatName(seat)} erects a ${a.building === 'admin' ? 'administrative building' : a.building} in territory ${t.id} for $${cost}.`));
}

/* ---------- sow seeds ---------- */

export function checkSow(s: UrbanizationState, seat: number, a: ActionOf<'sow'>): Check {
  const p = s.players[seat]!;
  if (s.pending !== null && s.pending.kind !== 'sow') return err('WRONG_STEP', 'Finish the current action first.');
  const t = s.territories[a.territory]!;
  if (t.owner !== seat) return err('NOT_YOUR_TERRITORY', 'You may only sow on territories you own.');
  const ground = t.grounds[a.ground];
  if (!ground) return err('NO_SUCH_GROUND', 'That territory has no such building ground.');
  const limit = hasInvention(p, 'ironPlow') ? 2 : 1;
  if (ground.building !== null || ground.grain >= limit) return err('GROUND_NOT_EMPTY', 'Seeds go on an empty building ground, one per ground (two with the Iron Plow).');
  if (p.grain < 1) return err('NO_GRAIN', 'You have no grain on your tracking card to sow.');
  return null;
}

export function runSow(s: UrbanizationState, seat: number, a: ActionOf<'sow'>, log: Log): void {
  const p = s.players[seat]!;
  p.grain -= 1;
  ownTerritory(s, a.territory).grounds[a.ground]!.grain += 1;
  s.pending = { kind: 'sow', farmer: s.pending?.kind === 'sow' ? s.pending.farmer : false };
  log.push(entry('sow', { player: who(seat), territory: a.territory }, `${seatName(seat)} sows a seed in territory ${a.territory}.`));
}

export function checkSowFarmer(s: UrbanizationState, seat: number): Check {
  const p = s.players[seat]!;
  if (s.pending !== null && s.pending.kind !== 'sow') return err('WRONG_STEP', 'Finish the current action first.');
  const playing = s.pending?.kind === 'sow' && s.pending.farmer;
  if (!playing && !holds(p, 'farmer')) return err('NO_CHARACTER', 'You do not hold an unplayed Farmer.');
  if (p.farmerSeeds >= 2) return err('FARMER_FULL', 'The Farmer card holds at most 2 seeds.');
  if (p.grain < 1) return err('NO_GRAIN', 'You have no grain on your tracking card to sow.');
  return null;
}

export function runSowFarmer(s: UrbanizationState, seat: number, log: Log): void {
  const p = s.players[seat]!;
  p.characterUsed = true;
  p.grain -= 1;
  p.farmerSeeds += 1;
  s.pending = { kind: 'sow', farmer: true };
  log.push(entry('sowFarmer', { player: who(seat) }, `${seatName(seat)} sows a seed on the Farmer card.`));
}
