import type { Rng } from '../../engine/rng.js';
import type { LogEntry } from '../../engine/types.js';
import {
  CURRENCIES,
  DISPLAY_SIZE,
  NEUTRAL_AFTER_A_BUILDINGS,
  NEUTRAL_AFTER_B_DIVISOR,
  SCORING_A,
  SCORING_B,
  buildingCard,
  moneyCard,
  type Currency,
  type ScoringRound,
} from './data.js';
import { scoreRound } from './scoring.js';
import { cardTerm, currencyTerm, entry, who } from './log-entry.js';
import type { LogArgsOf } from './log-keys.js';
import { withItem, type CYState } from './state.js';

/**
 * The automatic phases, run inside `apply` on its draft (rules.ts `draftOf`): the draft object is
 * private, but its arrays are shared with the state before, so they are replaced, never changed in place.
 */

export function collectorName(state: CYState, collector: number): string {
  return collector === state.seats ? 'the neutral collector' : `Seat ${collector}`;
}

export function moneyLabel(id: string): string {
  const card = moneyCard(id);
  return `${card.currency} ${card.value}`;
}

export function buildingLabel(id: number): string {
  const card = buildingCard(id);
  return `${card.type} (${card.price})`;
}

export function currencyTotal(hand: readonly string[], currency: Currency): number {
  return hand.reduce((sum, id) => {
    const card = moneyCard(id);
    return card.currency === currency ? sum + card.value : sum;
  }, 0);
}

export function runScoring(state: CYState, round: ScoringRound, log: LogEntry[]): void {
  const { points, byType } = scoreRound(state.owned, round);
  const scores = state.scores.slice();
  points.forEach((value, collector) => (scores[collector]! += value));
  state.scores = scores;
  state.scorings = [...state.scorings, { round, points }];
  const parts = points.map((value, collector) => `${collector === state.seats ? 'neutral' : `seat ${collector}`} +${value}`);
  const message = `Scoring ${round}: ${parts.join(', ')}.`;
  const data = { scoring: round, points, byType };
  // One key per number of seats: each seat's points in seat order (two seats: then the neutral collector's).
  const args: Record<string, unknown> = { round };
  for (let seat = 0; seat < state.seats; seat++) {
    args[`player${seat}`] = who(seat);
    args[`points${seat}`] = points[seat]!;
  }
  if (state.neutral) args.neutral = points[state.seats]!;
  const key = state.neutral ? 'scoringNeutral' : (`scoring${state.seats}` as 'scoring3');
  log.push(entry(key, args as LogArgsOf<'scoring3'>, message, data));
}

/** Two players: the neutral collector draws buildings from the top of the building deck. */
function neutralDraws(state: CYState, count: number, log: LogEntry[]): void {
  const drawn = state.buildingDeck.slice(0, count);
  state.buildingDeck = state.buildingDeck.slice(count);
  state.owned = withItem(state.owned, state.seats, (owned) => [...owned, ...drawn]);
  const message = `The neutral collector receives ${drawn.length} buildings: ${drawn.map(buildingLabel).join(', ') || 'none'}.`;
  log.push(
    drawn.length === 0
      ? entry('neutralDrawNone', {}, message, { neutralDraw: drawn })
      : entry('neutralDraw', { count: drawn.length, buildings: drawn.map(cardTerm) }, message, { neutralDraw: drawn }),
  );
}

function scoringCardDrawn(state: CYState, card: string, log: LogEntry[]): void {
  const round: ScoringRound = card === SCORING_A ? 'A' : 'B';
  log.push(entry('scoringRevealed', { round }, `The scoring ${round} card is revealed.`));
  runScoring(state, round, log);
  if (!state.neutral) return;
  if (round === 'A') neutralDraws(state, NEUTRAL_AFTER_A_BUILDINGS, log);
  else neutralDraws(state, Math.floor(state.buildingDeck.length / NEUTRAL_AFTER_B_DIVISOR), log);
}

/** Complete the money display to four; scoring cards score at once; an empty deck takes the reshuffled discard. */
export function refillMoney(state: CYState, rng: Rng, log: LogEntry[]): void {
  if (state.moneyDisplay.length >= DISPLAY_SIZE) return;
  // Own copies of the arrays the loop changes (the input state shares them).
  state.moneyDisplay = state.moneyDisplay.slice();
  state.moneyDeck = state.moneyDeck.slice();
  while (state.moneyDisplay.length < DISPLAY_SIZE) {
    if (state.moneyDeck.length === 0) {
      if (state.discard.length === 0) break;
      state.moneyDeck = rng.shuffle(state.discard);
      state.discard = [];
      log.push(entry('moneyReshuffled', { count: state.moneyDeck.length }, `The money deck is empty: the discard pile (${state.moneyDeck.length} cards) is shuffled into a new deck.`));
    }
    const card = state.moneyDeck.shift()!;
    if (card === SCORING_A || card === SCORING_B) scoringCardDrawn(state, card, log);
    else {
      state.moneyDisplay.push(card);
      log.push(entry('moneyLaidOut', { currency: currencyTerm(moneyCard(card).currency), value: moneyCard(card).value }, `A ${moneyLabel(card)} is laid out on the money display.`));
    }
  }
}

/** End of game: each face-up building goes to the seat holding the most money of its currency (nobody on a tie). */
function assignRemainingBuildings(state: CYState, log: LogEntry[]): void {
  // Own copies of the arrays changed below (the input state shares them).
  state.finalAssignments = state.finalAssignments.slice();
  state.owned = state.owned.map((owned) => owned.slice());
  state.yard = state.yard.slice();
  state.yard.forEach((building, slot) => {
    if (building === null) return;
    const currency = CURRENCIES[slot]!;
    const totals = state.hands.map((hand) => currencyTotal(hand, currency));
    const best = Math.max(...totals);
    const leaders = totals.map((total, seat) => (total === best ? seat : -1)).filter((seat) => seat >= 0);
    const collector = best > 0 && leaders.length === 1 ? leaders[0]! : null;
    state.finalAssignments.push({ slot, building, collector });
    if (collector !== null) {
      state.owned[collector]!.push(building);
      state.yard[slot] = null;
    }
    const who = collector === null ? 'nobody (tie)' : `seat ${collector}`;
    const seatArg = (seat: number) => ({ seat });
    const message = `Final assignment: the ${buildingLabel(building)} on the ${currency} position goes to ${who}; ${currency} money held: ${totals.join(', ')}.`;
    const data = { slot, building, collector, totals };
    const args = { building: cardTerm(building), currency: currencyTerm(currency), held: totals.join(', ') };
    log.push(collector === null ? entry('finalAssignmentTie', args, message, data) : entry('finalAssignment', { ...args, player: seatArg(collector) }, message, data));
  });
}

function endGame(state: CYState, log: LogEntry[]): void {
  log.push(entry('gameEnds', {}, 'The building deck cannot refill the yard to four: the game ends.'));
  assignRemainingBuildings(state, log);
  runScoring(state, 'C', log);
  state.over = true;
  state.pending = null;
}

/**
 * After a turn: buildings refilled left to right (the game ends if a position stays empty), then the money
 * display refilled to four, then the next seat clockwise. Returns whether hidden cards were revealed.
 */
export function endTurn(state: CYState, rng: Rng, log: LogEntry[]): void {
  // Own copies of the arrays the refill changes (the input state shares them).
  state.yard = state.yard.slice();
  state.buildingDeck = state.buildingDeck.slice();
  for (let slot = 0; slot < state.yard.length; slot++) {
    if (state.yard[slot] !== null || state.buildingDeck.length === 0) continue;
    const building = state.buildingDeck.shift()!;
    state.yard[slot] = building;
    log.push(entry('buildingLaidOut', { building: cardTerm(building), currency: currencyTerm(CURRENCIES[slot]!) }, `A ${buildingLabel(building)} is laid out on the ${CURRENCIES[slot]} position.`));
  }
  if (state.yard.some((building) => building === null)) {
    endGame(state, log);
    return;
  }
  refillMoney(state, rng, log);
  state.current = (state.current + 1) % state.seats;
  state.actionsThisTurn = 0;
  state.turn += 1;
}
