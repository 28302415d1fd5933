import { ACTION_PHASES, COLOURS, factoryCard, INVENTIONS, MAX_GRAIN, ORDER_GIFT, TRACK_LENGTH, TURNS } from './data.js';
import { colourTerm, entry, factoryTerm, newestFactory, ownsFactoryNamed, seatName, who, seatOrder, takeHarvestGrain, type Log } from './helpers.js';
import { canUseSteam } from './rules-inventions.js';
import { ownTerritory, slotFor, type UrbanizationState } from './state.js';

/** The seat to act has finished its action (or pass): move play on, running automatic phases. */
export function advance(s: UrbanizationState, log: Log): void {
  s.step += 1;
  if (s.step < s.seats) return;
  s.step = 0;
  if (s.phase === 'placement') {
    s.phase = 'hire';
    log.push(entry('firstTurn', {}, 'Turn 1 begins: hire characters.'));
  } else if (s.phase === 'hire') {
    s.phase = 'actions';
    s.actionPhase = 1;
  } else if (s.phase === 'actions') {
    s.actionPhase += 1;
    if (s.actionPhase > ACTION_PHASES) administration(s, log);
  }
}

/** Administration up to the factories phase; it pauses while Steam Engine owners decide. */
export function administration(s: UrbanizationState, log: Log): void {
  harvest(s, log);
  factoriesPhase(s, log);
  s.steamQueue = seatOrder(s).filter((seat) => canUseSteam(s, seat));
  if (s.steamQueue.length > 0) {
    s.phase = 'steam';
    return;
  }
  finishAdministration(s, log);
}

/** A Steam Engine owner answered: ask the next one, or go on with the administration. */
export function afterSteam(s: UrbanizationState, log: Log): void {
  s.steamQueue = s.steamQueue.slice(1).filter((seat) => canUseSteam(s, seat));
  if (s.steamQueue.length === 0) finishAdministration(s, log);
}

export function harvest(s: UrbanizationState, log: Log): void {
  for (const seat of seatOrder(s)) {
    const p = s.players[seat]!;
    let returned = p.farmerSeeds;
    p.farmerSeeds = 0;
    for (let id = 0; id < s.territories.length; id++) {
      if (s.territories[id]!.owner !== seat) continue;
      for (const ground of ownTerritory(s, id).grounds) {
        returned += ground.grain;
        ground.grain = 0;
      }
    }
    const back = Math.min(returned, MAX_GRAIN - p.grain);
    p.grain += back;
    s.grainArea.returnArea += returned - back;
    const wanted = returned + (p.inventions.includes('seedDrill') ? 1 : 0) + (p.inventions.includes('geneticallyModifiedFood') ? 2 : 0);
    const extra = takeHarvestGrain(s, Math.min(wanted, MAX_GRAIN - p.grain));
    p.grain += extra;
    if (returned + extra > 0) log.push(entry('harvest', { player: who(seat), seeds: returned, extra }, `${seatName(seat)} harvests ${returned} seed(s) and ${extra} extra grain.`));
    if (p.inventions.includes('combineHarvester')) {
      const points = Math.floor(p.grain / 2);
      p.points += points;
      if (points > 0) log.push(entry('combineHarvester', { player: who(seat), points }, `${seatName(seat)} scores ${points} point(s) with the Combine Harvester.`));
    }
    if (p.character === 'farmer' && p.characterUsed) p.character = null;
  }
}

export function factoriesPhase(s: UrbanizationState, log: Log): void {
  let lowest = -1;
  s.display.forEach((slot, index) => {
    if (slot.card !== null && (lowest < 0 || slot.card < s.display[lowest]!.card!)) lowest = index;
  });
  if (lowest >= 0) {
    const card = s.display[lowest]!.card!;
    s.removedCards.push(card);
    s.display[lowest] = slotFor(s.deck.shift() ?? null);
    log.push(entry('factoryLeaves', { factory: factoryTerm(card) }, `The ${factoryCard(card).name} leaves the game; its action markers return.`));
  }
  for (const p of s.players) {
    for (const f of p.factories) {
      for (const colour of COLOURS) {
        s.supply[colour] += f.output[colour];
        f.output[colour] = 0;
      }
      f.producedThisTurn = false;
    }
  }
  for (const seat of seatOrder(s)) {
    const p = s.players[seat]!;
    for (const colour of COLOURS) {
      if (p.inventions.includes(ORDER_GIFT[colour]) && s.supply[colour] > 0) {
        s.supply[colour] -= 1;
        p.orders[colour] += 1;
        log.push(entry('inventionOrder', { player: who(seat), colour: colourTerm(colour) }, `${seatName(seat)} receives 1 ${colour} work order from an invention.`));
      }
    }
  }
}

export function citizenCount(s: UrbanizationState, seat: number): number {
  const p = s.players[seat]!;
  const orders = p.orders.white + p.orders.grey + p.orders.orange;
  return Math.min(TRACK_LENGTH, p.houseLine, p.grain, orders);
}

export function finishAdministration(s: UrbanizationState, log: Log): void {
  s.steamQueue = [];
  for (const seat of seatOrder(s)) {
    const p = s.players[seat]!;
    p.citizens = citizenCount(s, seat);
    p.points += 2 * p.citizens;
    log.push(entry('citizens', { player: who(seat), citizens: p.citizens, points: 2 * p.citizens }, `${seatName(seat)} has ${p.citizens} citizen(s): ${2 * p.citizens} point(s).`));
  }
  for (const seat of seatOrder(s)) {
    const p = s.players[seat]!;
    p.grain -= p.citizens;
    s.grainArea.returnArea += p.citizens;
    const points = Math.floor(p.grain / 3);
    p.points += points;
    log.push(entry('feed', { player: who(seat), citizens: p.citizens, grain: p.grain, points }, `${seatName(seat)} feeds ${p.citizens} citizen(s); ${p.grain} grain left: ${points} point(s).`));
  }
  barnRefill(s);
  for (const p of s.players) {
    p.character = null;
    p.characterUsed = false;
  }
  s.turn += 1;
  if (s.turn > TURNS) {
    finalScoring(s, log);
    return;
  }
  beginTurn(s, log);
}

export function barnRefill(s: UrbanizationState): void {
  const area = s.grainArea;
  let surplus = area.returnArea - 2 * s.seats;
  if (surplus <= 0) return;
  const toField = Math.min(surplus, s.seats - area.field);
  area.field += toField;
  surplus -= toField;
  for (let barn = 3; barn >= 0 && surplus > 0; barn--) {
    const n = Math.min(surplus, s.seats - area.barns[barn]!);
    area.barns[barn]! += n;
    surplus -= n;
  }
  area.returnArea = 2 * s.seats + surplus;
}

/** The Mayor: fewest points, then least money, then nearest clockwise after the former start player. */
export function chooseMayor(s: UrbanizationState): number {
  const former = s.startPlayer;
  const distance = (seat: number): number => (seat - former + s.seats) % s.seats || s.seats;
  const seats = s.players.map((_, seat) => seat);
  seats.sort((a, b) => {
    const pa = s.players[a]!;
    const pb = s.players[b]!;
    return pa.points - pb.points || pa.money - pb.money || distance(a) - distance(b);
  });
  return seats[0]!;
}

export function beginTurn(s: UrbanizationState, log: Log): void {
  const mayor = chooseMayor(s);
  s.players.forEach((p, seat) => (p.mayor = seat === mayor));
  s.players[mayor]!.points += 1;
  s.startPlayer = mayor;
  s.phase = 'hire';
  s.step = 0;
  s.actionPhase = 1;
  log.push(entry('turnBegins', { turn: s.turn, player: who(mayor) }, `Turn ${s.turn} begins. ${seatName(mayor)} receives the Mayor (+1 point) and starts.`));
}

export function finalScoring(s: UrbanizationState, log: Log): void {
  const factorySums = s.players.map((p) => p.factories.reduce((sum, f) => sum + f.cards.reduce((a, b) => a + b, 0), 0));
  const newest = s.players.map((p) => newestFactory(p));
  const best = Math.max(...factorySums);
  let factoryBonus: number | null = null;
  if (best > 0) {
    const tied = factorySums.map((sum, seat) => (sum === best ? seat : -1)).filter((seat) => seat >= 0);
    tied.sort((a, b) => (newest[b] ?? 0) - (newest[a] ?? 0));
    factoryBonus = tied[0]!;
    s.players[factoryBonus]!.points += 2;
    log.push(entry('factoryBonus', { player: who(factoryBonus), sum: best }, `${seatName(factoryBonus)} has the largest sum of factory numbers (${best}): +2 points.`));
  }
  const inventionBonus = s.players.map((p) => {
    let bonus = 0;
    for (const id of p.inventions) {
      const card = INVENTIONS.find((c) => c.id === id)!;
      if (card.bonus && ownsFactoryNamed(p, card.bonus.factory)) bonus += card.bonus.points;
    }
    p.points += bonus;
    return bonus;
  });
  inventionBonus.forEach((bonus, seat) => {
    if (bonus > 0) log.push(entry('inventionBonus', { player: who(seat), points: bonus }, `${seatName(seat)} scores ${bonus} point(s) for inventions with matching factories.`));
  });
  s.final = { factorySums, factoryBonus, inventionBonus, newestFactory: newest };
  s.phase = 'over';
  log.push(entry('gameOver', {}, 'The game is over.'));
}
