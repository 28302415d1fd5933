import { secretsIn, type HiddenPlace } from '../../engine/reveals.js';
import type { Seat } from '../../engine/types.js';
import { CURRENCIES, buildingCard, moneyCard, type BuildingCard, type Currency, type MoneyCard } from './data.js';
import type { CYState, FinalAssignment, ScoringRecord } from './state.js';

/** A money card as the public sees it: no id, so no card of a hand can ever be matched to it. */
export interface MoneyFace {
  currency: Currency;
  value: number;
}

export interface CYView {
  seats: number;
  neutral: boolean;
  over: boolean;
  current: Seat | null;
  startPlayer: Seat;
  turn: number;
  actionsThisTurn: number;
  yard: { slot: number; currency: Currency; building: BuildingCard | null }[];
  moneyDisplay: MoneyFace[];
  /** Cards left in the money deck (the scoring cards still in it count too: the deck's height is visible). */
  moneyDeckSize: number;
  discard: MoneyFace[];
  buildingDeckSize: number;
  players: { seat: Seat; handSize: number; buildings: BuildingCard[]; score: number }[];
  /** Two players: the neutral collector's open display and points. */
  neutralCollector: { buildings: BuildingCard[]; score: number } | null;
  /** The viewer's own hand (null for a spectator). */
  hand: MoneyCard[] | null;
  pending: { slot: number; currency: Currency; building: BuildingCard; paid: MoneyFace[]; total: number; toNeutral: boolean } | null;
  scorings: ScoringRecord[];
  finalAssignments: FinalAssignment[];
  /** Each seat's starting capital as dealt face up (rules version 2; null in version 1 games). */
  startingCapital: MoneyFace[][] | null;
}

const face = (id: string): MoneyFace => {
  const { currency, value } = moneyCard(id);
  return { currency, value };
};

export function viewFor(state: CYState, seat: Seat | null): CYView {
  const pending = state.pending;
  const own = seat !== null && Number.isInteger(seat) && seat >= 0 && seat < state.seats ? state.hands[seat]! : null;
  return {
    seats: state.seats,
    neutral: state.neutral,
    over: state.over,
    current: state.over ? null : state.current,
    startPlayer: state.startPlayer,
    turn: state.turn,
    actionsThisTurn: state.actionsThisTurn,
    yard: state.yard.map((building, slot) => ({ slot, currency: CURRENCIES[slot]!, building: building === null ? null : buildingCard(building) })),
    moneyDisplay: state.moneyDisplay.map(face),
    moneyDeckSize: state.moneyDeck.length,
    discard: state.discard.map(face),
    buildingDeckSize: state.buildingDeck.length,
    players: state.hands.map((hand, index) => ({
      seat: index,
      handSize: hand.length,
      buildings: state.owned[index]!.map(buildingCard),
      score: state.scores[index]!,
    })),
    neutralCollector: state.neutral ? { buildings: state.owned[state.seats]!.map(buildingCard), score: state.scores[state.seats]! } : null,
    hand: own === null ? null : own.map(moneyCard),
    pending:
      pending === null
        ? null
        : {
            slot: pending.slot,
            currency: CURRENCIES[pending.slot]!,
            building: buildingCard(state.yard[pending.slot]!),
            paid: pending.paid.map(face),
            total: pending.paid.reduce((sum, id) => sum + moneyCard(id).value, 0),
            toNeutral: pending.toNeutral,
          },
    scorings: state.scorings.map((record) => ({ round: record.round, points: record.points.slice() })),
    finalAssignments: state.finalAssignments.map((assignment) => ({ ...assignment })),
    startingCapital: state.startingCapital?.map((hand) => hand.map(face)) ?? null,
  };
}

/**
 * What is hidden from `seat`, for the kernel's reveal guard (engine/reveals.ts, from rules version 3):
 * the money deck (with its scoring cards), the building deck and the other players' hands.
 */
export function* secretsOf(state: CYState, seat: Seat): Iterable<HiddenPlace> {
  yield secretsIn('moneyDeck', state.moneyDeck);
  yield secretsIn('buildingDeck', state.buildingDeck);
  for (const [other, hand] of state.hands.entries()) if (other !== seat) yield secretsIn(`hand.${other}`, hand);
}
