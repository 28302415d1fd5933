import {
  AT_LEAST_TWO,
  COLOURS,
  factoryCard,
  FIELD,
  GRAIN_PRICES,
  MONEY_BOOST,
  ORDER_VALUE,
  POINT_BOOST,
  type Colour,
} from './data.js';
import type { ActionOf } from './actions.js';
import {
  activeCard,
  colourTerm,
  entry,
  err,
  factoryTerm,
  freeMarkers,
  grainAt,
  grainRoom,
  hasInvention,
  holds,
  seatName,
  sellTarget,
  who,
  type Check,
  type Log,
} from './helpers.js';
import { ownTerritory, slotFor, type Orders, type Player, type UrbanizationState } from './state.js';

/* ---------- trade grain ---------- */

function tradeMode(s: UrbanizationState, mode: 'buy' | 'sell'): Check {
  if (s.pending === null) return null;
  if (s.pending.kind !== 'trade') return err('WRONG_STEP', 'Finish the current action first.');
  if (s.pending.mode !== mode) return err('BUY_OR_SELL', `In this action you ${s.pending.mode} grain; you cannot also ${mode}.`);
  return null;
}

export function grainPrice(p: Player, source: number): number {
  return hasInvention(p, 'tractionEngine') ? 1 : GRAIN_PRICES[source]!;
}

export function checkBuyGrain(s: UrbanizationState, seat: number, a: ActionOf<'buyGrain'>): Check {
  const p = s.players[seat]!;
  const mode = tradeMode(s, 'buy');
  if (mode) return mode;
  if (a.source !== FIELD && s.pending?.kind === 'trade' && s.pending.barnsUsed[a.source])
    return err('ONE_PER_BARN', 'You may buy only 1 grain marker from each barn per action.');
  if (grainAt(s, a.source) < 1) return err('SOURCE_EMPTY', a.source === FIELD ? 'The field is empty.' : `Barn ${a.source + 1} is empty.`);
  if (grainRoom(p) < 1) return err('GRAIN_LIMIT', 'You may hold at most 8 grain markers.');
  if (p.money < grainPrice(p, a.source)) return err('NOT_ENOUGH_MONEY', `That grain costs $${grainPrice(p, a.source)}.`);
  return null;
}

export function runBuyGrain(s: UrbanizationState, seat: number, a: ActionOf<'buyGrain'>, log: Log): void {
  const p = s.players[seat]!;
  const price = grainPrice(p, a.source);
  const barnsUsed = s.pending?.kind === 'trade' ? [...s.pending.barnsUsed] : [false, false, false, false];
  if (a.source === FIELD) s.grainArea.field -= 1;
  else {
    s.grainArea.barns[a.source]! -= 1;
    barnsUsed[a.source] = true;
  }
  p.money -= price;
  p.grain += 1;
  s.pending = { kind: 'trade', mode: 'buy', barnsUsed };
  const bought = `${seatName(seat)} buys a grain from ${a.source === FIELD ? 'the field' : `barn ${a.source + 1}`} for $${price}.`;
  log.push(a.source === FIELD ? entry('buyGrainField', { player: who(seat), price }, bought) : entry('buyGrainBarn', { player: who(seat), barn: a.source + 1, price }, bought));
}

export function checkSellGrain(s: UrbanizationState, seat: number): Check {
  const mode = tradeMode(s, 'sell');
  if (mode) return mode;
  if (s.players[seat]!.grain < 1) return err('NO_GRAIN', 'You have no grain to sell.');
  if (sellTarget(s) === null) return err('GRAIN_AREA_FULL', 'All barns and the field are full: no more grain can be sold.');
  return null;
}

export function runSellGrain(s: UrbanizationState, seat: number, log: Log): void {
  const p = s.players[seat]!;
  const target = sellTarget(s)!;
  if (target === FIELD) s.grainArea.field += 1;
  else s.grainArea.barns[target]! += 1;
  p.grain -= 1;
  p.money += GRAIN_PRICES[target]!;
  s.pending = { kind: 'trade', mode: 'sell', barnsUsed: [false, false, false, false] };
  const price = GRAIN_PRICES[target]!;
  const sold = `${seatName(seat)} sells a grain into ${target === FIELD ? 'the field' : `barn ${target + 1}`} for $${price}.`;
  log.push(target === FIELD ? entry('sellGrainField', { player: who(seat), price }, sold) : entry('sellGrainBarn', { player: who(seat), barn: target + 1, price }, sold));
}

export function checkMillWorker(s: UrbanizationState, seat: number): Check {
  if (s.pending !== null && s.pending.kind !== 'trade') return err('WRONG_STEP', 'Finish the current action first.');
  if (!holds(s.players[seat]!, 'millWorker')) return err('NO_CHARACTER', 'You do not hold an unplayed Mill Worker.');
  return null;
}

export function runMillWorker(s: UrbanizationState, seat: number, log: Log): void {
  const p = s.players[seat]!;
  const n = Math.min(2, s.grainArea.field, grainRoom(p));
  s.grainArea.field -= n;
  p.grain += n;
  p.characterUsed = true;
  if (s.pending === null) s.pending = { kind: 'trade', mode: 'buy', barnsUsed: [false, false, false, false] };
  log.push(entry('millWorker', { player: who(seat), grain: n }, `${seatName(seat)} plays the Mill Worker and takes ${n} grain from the field for free.`));
}

/* ---------- receive work orders ---------- */

export function checkTakeOrders(s: UrbanizationState, seat: number, a: ActionOf<'takeOrders'>): Check {
  const slot = s.display[a.slot]!;
  if (slot.card === null) return err('NO_FACTORY_CARD', 'That factory space is empty.');
  if (!slot.spaces.includes(null)) return err('ORDERS_FILLED', 'All work-order spaces of that card are taken.');
  if (freeMarkers(s, seat) < 1) return err('NO_ACTION_MARKER', 'You have no action marker left.');
  if (a.foreman && !holds(s.players[seat]!, 'foreman')) return err('NO_CHARACTER', 'You do not hold an unplayed Foreman.');
  return null;
}

export function runTakeOrders(s: UrbanizationState, seat: number, a: ActionOf<'takeOrders'>, log: Log): void {
  const p = s.players[seat]!;
  const slot = s.display[a.slot]!;
  const index = slot.spaces.indexOf(null);
  const space = factoryCard(slot.card!).spaces[index]!;
  slot.spaces[index] = seat;
  if (a.foreman) p.characterUsed = true;
  const n = Math.min(space.count * (a.foreman ? 2 : 1), s.supply[space.colour]);
  s.supply[space.colour] -= n;
  p.orders[space.colour] += n;
  const last = !slot.spaces.includes(null);
  if (last) p.money += 1;
  log.push(
    entry(last ? 'takeOrdersLast' : 'takeOrders', { player: who(seat), count: n, colour: colourTerm(space.colour), factory: factoryTerm(slot.card!) },
      `${seatName(seat)} takes ${n} ${space.colour} work order(s) from ${factoryCard(slot.card!).name}${last ? ' and $1 for the last space' : ''}.`),
  );
}

/* ---------- attract industry ---------- */

export function factoryPlacements(s: UrbanizationState, seat: number, card: number): { territory: number; ground: number }[] {
  const out: { territory: number; ground: number }[] = [];
  const p = s.players[seat]!;
  for (const t of s.territories) {
    if (t.owner !== seat) continue;
    t.grounds.forEach((ground, index) => {
      if (ground.building === null && ground.grain === 0 && s.pool.factories > 0) out.push({ territory: t.id, ground: index });
      if (ground.building === 'factory') {
        const f = p.factories.find((x) => x.territory === t.id && x.ground === index);
        if (f && activeCard(f) < card) out.push({ territory: t.id, ground: index });
      }
    });
  }
  return out;
}

export function checkAttract(s: UrbanizationState, seat: number, a: ActionOf<'attractIndustry'>): Check {
  const slot = s.display[a.slot]!;
  if (slot.card === null) return err('NO_FACTORY_CARD', 'That factory space is empty.');
  if (a.industryBoss) {
    if (!holds(s.players[seat]!, 'industryBoss')) return err('NO_CHARACTER', 'You do not hold an unplayed Industry Boss.');
  } else if (slot.spaces.includes(null)) return err('ORDERS_NOT_FILLED', 'All work-order spaces of the card must be filled first.');
  if (freeMarkers(s, seat) < 1) return err('NO_ACTION_MARKER', 'You need a free action marker to attract industry.');
  if (factoryPlacements(s, seat, slot.card).length === 0)
    return err('NO_FACTORY_SITE', 'You need an empty building ground (and a factory in the pool) or a factory with a lower number to upgrade.');
  return null;
}

export function runAttract(s: UrbanizationState, seat: number, a: ActionOf<'attractIndustry'>, log: Log): void {
  const card = s.display[a.slot]!.card!;
  if (a.industryBoss) s.players[seat]!.characterUsed = true;
  s.display[a.slot] = slotFor(s.deck.shift() ?? null);
  s.pending = { kind: 'factory', card };
  log.push(entry(a.industryBoss ? 'attractBoss' : 'attract', { player: who(seat), factory: factoryTerm(card) }, `${seatName(seat)} attracts the ${factoryCard(card).name}${a.industryBoss ? ' with the Industry Boss' : ''}; its action markers return.`));
}

export function checkPlaceFactory(s: UrbanizationState, seat: number, a: ActionOf<'placeFactory'>): Check {
  if (s.pending?.kind !== 'factory') return err('WRONG_STEP', 'No factory card is waiting to be placed.');
  const card = s.pending.card;
  if (!factoryPlacements(s, seat, card).some((x) => x.territory === a.territory && x.ground === a.ground))
    return err('NO_FACTORY_SITE', 'Build on one of your empty building grounds or upgrade one of your factories with a lower number.');
  return null;
}

export function runPlaceFactory(s: UrbanizationState, seat: number, a: ActionOf<'placeFactory'>, log: Log): void {
  if (s.pending?.kind !== 'factory') return;
  const card = s.pending.card;
  const p = s.players[seat]!;
  const existing = p.factories.find((f) => f.territory === a.territory && f.ground === a.ground);
  if (existing) {
    existing.cards.push(card);
    log.push(entry('upgradeFactory', { player: who(seat), factory: factoryTerm(card) }, `${seatName(seat)} upgrades a factory to the ${factoryCard(card).name} (+2 points).`));
  } else {
    ownTerritory(s, a.territory).grounds[a.ground]!.building = 'factory';
    s.pool.factories -= 1;
    p.factories.push({ territory: a.territory, ground: a.ground, cards: [card], producedThisTurn: false, output: { white: 0, grey: 0, orange: 0 } });
    log.push(entry('buildFactory', { player: who(seat), factory: factoryTerm(card), territory: a.territory }, `${seatName(seat)} builds the ${factoryCard(card).name} in territory ${a.territory} (+2 points).`));
  }
  p.points += 2;
  s.pending = null;
}

/* ---------- produce goods ---------- */

/**
 * Goods the factory makes: the card's production, at least 2 with the colour's invention. From
 * version 2 "at least 2" is a benefit, never a restriction: when the `available` work orders do not
 * allow 2, the factory makes its printed number (version 1 then could not produce at all).
 */
export function goodsCount(s: UrbanizationState, p: Player, card: number, available: number): number {
  const c = factoryCard(card);
  if (!hasInvention(p, AT_LEAST_TWO[c.colour])) return c.production;
  const boosted = Math.max(2, c.production);
  return s.rules?.atLeastTwoIfOrdersAllow === true && available < boosted ? c.production : boosted;
}

/** Work orders of every colour a player holds (the Union Leader may use any). */
export const ordersOf = (p: Player) => p.orders.white + p.orders.grey + p.orders.orange;

function checkProduceCommon(s: UrbanizationState, seat: number, factory: number): Check {
  if (s.pending !== null && s.pending.kind !== 'produce') return err('WRONG_STEP', 'Finish the current action first.');
  const f = s.players[seat]!.factories[factory];
  if (!f) return err('NO_SUCH_FACTORY', 'You have no such factory.');
  if (f.producedThisTurn) return err('ALREADY_PRODUCED', 'A factory produces goods only once per game turn.');
  return null;
}

export function checkProduce(s: UrbanizationState, seat: number, a: ActionOf<'produce'>): Check {
  const common = checkProduceCommon(s, seat, a.factory);
  if (common) return common;
  const p = s.players[seat]!;
  const card = activeCard(p.factories[a.factory]!);
  const colour = factoryCard(card).colour;
  const n = goodsCount(s, p, card, p.orders[colour]);
  if (p.orders[colour] < n) return err('NOT_ENOUGH_ORDERS', `The ${factoryCard(card).name} needs ${n} ${colour} work order(s).`);
  return null;
}

export function checkProduceUnion(s: UrbanizationState, seat: number, a: ActionOf<'produceUnion'>): Check {
  const common = checkProduceCommon(s, seat, a.factory);
  if (common) return common;
  const p = s.players[seat]!;
  if (!holds(p, 'unionLeader')) return err('NO_CHARACTER', 'You do not hold an unplayed Union Leader.');
  const n = goodsCount(s, p, activeCard(p.factories[a.factory]!), ordersOf(p));
  if (a.white + a.grey + a.orange !== n) return err('WRONG_ORDER_COUNT', `That factory uses exactly ${n} work order(s).`);
  for (const colour of COLOURS) if (p.orders[colour] < a[colour]) return err('NOT_ENOUGH_ORDERS', `You have only ${p.orders[colour]} ${colour} work order(s).`);
  return null;
}

function produceWith(s: UrbanizationState, seat: number, factory: number, used: Orders, log: Log): void {
  const p = s.players[seat]!;
  const f = p.factories[factory]!;
  const card = factoryCard(activeCard(f));
  let money = 0;
  let goods = 0;
  for (const colour of COLOURS) {
    const n = used[colour];
    p.orders[colour] -= n;
    f.output[colour] += n;
    goods += n;
    money += n * (ORDER_VALUE[colour] + (hasInvention(p, MONEY_BOOST[colour]) ? 1 : 0));
  }
  const points = goods * (hasInvention(p, POINT_BOOST[card.colour]) ? 2 : 1);
  p.money += money;
  p.points += points;
  f.producedThisTurn = true;
  s.pending = { kind: 'produce' };
  log.push(entry('produce', { player: who(seat), goods, factory: factoryTerm(card.number), money, points }, `${seatName(seat)} produces ${goods} good(s) at the ${card.name}: $${money} and ${points} point(s).`));
}

export function runProduce(s: UrbanizationState, seat: number, a: ActionOf<'produce'>, log: Log): void {
  const p = s.players[seat]!;
  const card = activeCard(p.factories[a.factory]!);
  const used: Orders = { white: 0, grey: 0, orange: 0 };
  const colour = factoryCard(card).colour as Colour;
  used[colour] = goodsCount(s, p, card, p.orders[colour]);
  produceWith(s, seat, a.factory, used, log);
}

export function runProduceUnion(s: UrbanizationState, seat: number, a: ActionOf<'produceUnion'>, log: Log): void {
  s.players[seat]!.characterUsed = true;
  produceWith(s, seat, a.factory, { white: a.white, grey: a.grey, orange: a.orange }, log);
}

/* ---------- collect taxes ---------- */

/** The tax marker must stand right of the citizen marker and cannot leave the track (space 1 is the last). */
function canCollect(p: Player): boolean {
  return p.taxLine > p.citizens && p.taxLine > 1;
}

export function checkTaxes(s: UrbanizationState, seat: number, a: ActionOf<'collectTaxes'>): Check {
  const p = s.players[seat]!;
  if (a.taxCollector && !holds(p, 'taxCollector')) return err('NO_CHARACTER', 'You do not hold an unplayed Tax Collector.');
  if (!canCollect(p)) return err('TAX_MARKER', 'Taxes may be collected only while the tax marker is right of the citizen marker (and on the track).');
  return null;
}

export function runTaxes(s: UrbanizationState, seat: number, a: ActionOf<'collectTaxes'>, log: Log): void {
  const p = s.players[seat]!;
  if (a.taxCollector) p.characterUsed = true;
  const times = a.taxCollector ? 2 : 1;
  for (let i = 0; i < times && canCollect(p); i++) {
    p.taxLine -= 1;
    p.money += p.citizens;
    log.push(entry('taxes', { player: who(seat), money: p.citizens }, `${seatName(seat)} collects $${p.citizens} in taxes.`));
  }
}
