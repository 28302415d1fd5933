import { forkRng, without } from '../../engine/determinize.js';
import type { Rng } from '../../engine/rng.js';
import type { Seat } from '../../engine/types.js';
import { BUILDING_CARDS, DECK_PILES, DISPLAY_SIZE, SCORING_A, SCORING_B, moneyCardsFor } from './data.js';
import type { CYRules, CYState } from './state.js';
import type { CYView, MoneyFace } from './view.js';

/** Average starting hand when the deal is not public (version 1): about 4.5 cards make 20. */
const TYPICAL_STARTING_CARDS = 4.5;

/**
 * A full state consistent with what `seat` sees in `view`: its own hand as it is, the face-up money
 * given ids of matching cards, the other hands and the money deck dealt at random from the cards
 * the seat has not seen, the scoring cards put back where the deck's five piles would hold them,
 * and the building deck shuffled from the buildings nobody has seen.
 */
export function determinize(view: CYView, seat: Seat, rng: Rng, rules?: CYRules): CYState {
  const own = view.hand?.map((card) => card.id) ?? [];
  let pool = without(moneyCardsFor(view.seats), own);
  const idOf = (face: MoneyFace): string => {
    const id = pool.find((candidate) => candidate.startsWith(`${face.currency}-${face.value}-`));
    if (id === undefined) throw new Error(`construction-yard: no ${face.currency} ${face.value} left to match a face-up card`);
    pool = without(pool, [id]);
    return id;
  };
  const moneyDisplay = view.moneyDisplay.map(idOf);
  const discard = view.discard.map(idOf);
  const paid = view.pending?.paid.map(idOf) ?? [];

  const unseen = rng.shuffle(pool);
  const hands = view.players.map((player) => (player.seat === seat ? own : unseen.splice(0, player.handSize).sort()));
  const drawnScorings = new Set(view.scorings.map((record) => record.round));
  const scoringsLeft = [SCORING_A, SCORING_B].filter((card) => !drawnScorings.has(card === SCORING_A ? 'A' : 'B'));
  const deckMoney = unseen.slice(0, Math.max(0, view.moneyDeckSize - scoringsLeft.length));
  const moneyDeck = withScoringCards(deckMoney, scoringsLeft, view, rng);

  const seenBuildings = new Set<number>([
    ...view.yard.flatMap((slot) => (slot.building ? [slot.building.id] : [])),
    ...view.players.flatMap((player) => player.buildings.map((building) => building.id)),
    ...(view.neutralCollector?.buildings.map((building) => building.id) ?? []),
  ]);
  const buildingDeck = rng.shuffle(BUILDING_CARDS.map((card) => card.id).filter((id) => !seenBuildings.has(id))).slice(0, view.buildingDeckSize);

  const owned = view.players.map((player) => player.buildings.map((building) => building.id));
  const scores = view.players.map((player) => player.score);
  if (view.neutralCollector) {
    owned.push(view.neutralCollector.buildings.map((building) => building.id));
    scores.push(view.neutralCollector.score);
  }
  const anyId = (face: MoneyFace): string => `${face.currency}-${face.value}-a`;
  return {
    ...(rules === undefined ? {} : { rules }),
    ...(view.startingCapital ? { startingCapital: view.startingCapital.map((hand) => hand.map(anyId)), openingLogged: true } : {}),
    seats: view.seats,
    neutral: view.neutral,
    hands,
    moneyDeck,
    moneyDisplay,
    discard,
    buildingDeck,
    yard: view.yard.map((slot) => slot.building?.id ?? null),
    owned,
    scores,
    scorings: view.scorings.map((record) => ({ round: record.round, points: record.points.slice() })),
    finalAssignments: view.finalAssignments.map((assignment) => ({ ...assignment })),
    startPlayer: view.startPlayer,
    current: view.current ?? view.startPlayer,
    actionsThisTurn: view.actionsThisTurn,
    turn: view.turn,
    pending: view.pending ? { slot: view.pending.slot, paid, toNeutral: view.pending.toNeutral } : null,
    over: view.over,
    rng: forkRng(rng),
  };
}

/**
 * Puts the scoring cards still in the deck where setup's five piles put them (A somewhere in the
 * second pile, B in the fourth), counted from the money dealt since: the deck's structure is public.
 */
function withScoringCards(money: string[], scorings: string[], view: CYView, rng: Rng): string[] {
  const startingCards = view.startingCapital ? view.startingCapital.flat().length : Math.round(view.seats * TYPICAL_STARTING_CARDS);
  const dealtDeck = moneyCardsFor(view.seats).length - startingCards - DISPLAY_SIZE;
  const drawn = Math.max(0, dealtDeck - money.length);
  const deck = money.slice();
  // B first: inserting A (higher up) afterwards does not move B's place among the cards above it.
  for (const card of [...scorings].reverse()) {
    const pile = card === SCORING_A ? 1 : 3;
    const from = Math.floor((pile * dealtDeck) / DECK_PILES);
    const to = Math.floor(((pile + 1) * dealtDeck) / DECK_PILES);
    const at = Math.min(deck.length, Math.max(0, rng.int(from, to) - drawn));
    deck.splice(at, 0, card);
  }
  return deck;
}
