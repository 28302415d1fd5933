import { openRng, seedRng, type Rng } from '../../engine/rng.js';
import type { SetupInput } from '../../engine/types.js';
import type { CYOptions } from './actions.js';
import {
  BUILDING_CARDS,
  DECK_PILES,
  DISPLAY_SIZE,
  NEUTRAL_START_BUILDINGS,
  SCORING_A,
  SCORING_B,
  STARTING_CAPITAL,
  moneyCard,
  moneyCardsFor,
} from './data.js';
import type { CYRules, CYState } from './state.js';

export function handTotal(hand: readonly string[]): number {
  return hand.reduce((sum, id) => sum + moneyCard(id).value, 0);
}

/** Sorted copy of a hand (hands are kept sorted so their order never depends on history). */
export function sortHand(hand: readonly string[]): string[] {
  return [...hand].sort();
}

/** Deal starting capital card by card from the top until each seat holds 20 or more. */
export function dealStartingCapital(deck: readonly string[], seats: number): { hands: string[][]; rest: string[] } {
  const rest = deck.slice();
  const hands: string[][] = [];
  for (let seat = 0; seat < seats; seat++) {
    const hand: string[] = [];
    while (handTotal(hand) < STARTING_CAPITAL && rest.length > 0) hand.push(rest.shift()!);
    hands.push(hand);
  }
  return { hands, rest };
}

/** Fewest cards, then lowest total, then a seeded draw among those still tied (in place of "youngest"). */
export function chooseStartPlayer(hands: readonly string[][], rng: Rng): number {
  const fewest = Math.min(...hands.map((hand) => hand.length));
  const byCount = hands.map((_, seat) => seat).filter((seat) => hands[seat]!.length === fewest);
  const lowest = Math.min(...byCount.map((seat) => handTotal(hands[seat]!)));
  const tied = byCount.filter((seat) => handTotal(hands[seat]!) === lowest);
  return tied.length === 1 ? tied[0]! : rng.pick(tied);
}

/**
 * Cut the deck into five piles of similar size (sizes differ by at most one, bigger piles first),
 * shuffle scoring A into the second and B into the fourth, and stack them first pile on top.
 */
export function buildMoneyDeck(cards: readonly string[], rng: Rng): string[] {
  const piles: string[][] = [];
  for (let i = 0; i < DECK_PILES; i++) {
    const from = Math.floor((i * cards.length) / DECK_PILES);
    const to = Math.floor(((i + 1) * cards.length) / DECK_PILES);
    piles.push(cards.slice(from, to));
  }
  const insert = (pile: string[], card: string) => pile.splice(rng.int(0, pile.length), 0, card);
  insert(piles[1]!, SCORING_A);
  insert(piles[3]!, SCORING_B);
  return piles.flat();
}

export function setupGame({ seats, seed }: SetupInput<CYOptions>, rules: CYRules = {}): CYState {
  if (!Number.isInteger(seats) || seats < 2 || seats > 6) throw new Error(`construction-yard: 2 to 6 players, not ${seats}`);
  const rng = openRng(seedRng(seed));
  const neutral = seats === 2;
  const buildingDeck = rng.shuffle(BUILDING_CARDS.map((card) => card.id));
  const yard: (number | null)[] = buildingDeck.splice(0, DISPLAY_SIZE);
  const owned: number[][] = Array.from({ length: seats + (neutral ? 1 : 0) }, () => []);
  if (neutral) owned[seats] = buildingDeck.splice(0, NEUTRAL_START_BUILDINGS);
  const shuffled = rng.shuffle(moneyCardsFor(seats));
  const { hands, rest } = dealStartingCapital(shuffled, seats);
  const startPlayer = chooseStartPlayer(hands, rng);
  const moneyDisplay = rest.splice(0, DISPLAY_SIZE);
  const moneyDeck = buildMoneyDeck(rest, rng);
  // Version 2: "place the cards face up in front of the player until their total is 20 or more".
  const opening = rules.publishStartingCapital === true ? { startingCapital: hands.map((hand) => hand.slice()), openingLogged: false } : {};
  return {
    ...opening,
    seats,
    neutral,
    hands: hands.map(sortHand),
    moneyDeck,
    moneyDisplay,
    discard: [],
    buildingDeck,
    yard,
    owned,
    scores: owned.map(() => 0),
    scorings: [],
    finalAssignments: [],
    startPlayer,
    current: startPlayer,
    actionsThisTurn: 0,
    turn: 1,
    pending: null,
    over: false,
    rng: rng.state(),
  };
}
