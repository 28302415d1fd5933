import type { LogArgsOfKey, LogKeySpec } from '../../shared/i18n/log.js';

/**
 * Every log key this game's engine writes (all rules versions), with what each argument is
 * (src/shared/i18n/log.ts). The catalog has `construction-yard.log.<key>` for each, in every language; the API's
 * types for this game's log entries are made from this table.
 * Terms: `card.<id>` (a building card: its type and price), `building.<type>`, `currency.<currency>`,
 * `money.<currency>.<value>` (a money card). A scoring round is its letter (A, B, C), printed on the cards.
 */
export const logKeys = {
  // The opening deal (rules version 2 on), one key per number of seats: seat by seat, their cards.
  startingCapital2: { player0: 'seat', cards0: 'terms', player1: 'seat', cards1: 'terms' },
  startingCapital3: { player0: 'seat', cards0: 'terms', player1: 'seat', cards1: 'terms', player2: 'seat', cards2: 'terms' },
  startingCapital4: { player0: 'seat', cards0: 'terms', player1: 'seat', cards1: 'terms', player2: 'seat', cards2: 'terms', player3: 'seat', cards3: 'terms' },
  startingCapital5: { player0: 'seat', cards0: 'terms', player1: 'seat', cards1: 'terms', player2: 'seat', cards2: 'terms', player3: 'seat', cards3: 'terms', player4: 'seat', cards4: 'terms' },
  startingCapital6: { player0: 'seat', cards0: 'terms', player1: 'seat', cards1: 'terms', player2: 'seat', cards2: 'terms', player3: 'seat', cards3: 'terms', player4: 'seat', cards4: 'terms', player5: 'seat', cards5: 'terms' },
  // A scoring, one key per number of seats (two seats: and the neutral collector): each collector's points.
  scoringNeutral: { round: 'text', player0: 'seat', points0: 'number', player1: 'seat', points1: 'number', neutral: 'number' },
  scoring3: { round: 'text', player0: 'seat', points0: 'number', player1: 'seat', points1: 'number', player2: 'seat', points2: 'number' },
  scoring4: { round: 'text', player0: 'seat', points0: 'number', player1: 'seat', points1: 'number', player2: 'seat', points2: 'number', player3: 'seat', points3: 'number' },
  scoring5: { round: 'text', player0: 'seat', points0: 'number', player1: 'seat', points1: 'number', player2: 'seat', points2: 'number', player3: 'seat', points3: 'number', player4: 'seat', points4: 'number' },
  scoring6: { round: 'text', player0: 'seat', points0: 'number', player1: 'seat', points1: 'number', player2: 'seat', points2: 'number', player3: 'seat', points3: 'number', player4: 'seat', points4: 'number', player5: 'seat', points5: 'number' },
  takeMoney: { player: 'seat', money: 'terms' },
  buy: { player: 'seat', building: 'term', currency: 'term' },
  buyForNeutral: { player: 'seat', building: 'term', currency: 'term' },
  pay: { player: 'seat', currency: 'term', value: 'number' },
  paidExact: { player: 'seat', paid: 'number', building: 'term' },
  paidExactLimit: { player: 'seat', paid: 'number', building: 'term' },
  paidOver: { player: 'seat', paid: 'number', building: 'term' },
  paidExactForNeutral: { player: 'seat', paid: 'number', building: 'term' },
  paidExactLimitForNeutral: { player: 'seat', paid: 'number', building: 'term' },
  paidOverForNeutral: { player: 'seat', paid: 'number', building: 'term' },
  cancel: { player: 'seat' },
  pass: { player: 'seat' },
  buildingLaidOut: { building: 'term', currency: 'term' },
  moneyLaidOut: { currency: 'term', value: 'number' },
  moneyReshuffled: { count: 'number' },
  scoringRevealed: { round: 'text' },
  neutralDraw: { count: 'number', buildings: 'terms' },
  neutralDrawNone: {},
  gameEnds: {},
  finalAssignment: { building: 'term', currency: 'term', player: 'seat', held: 'text' },
  finalAssignmentTie: { building: 'term', currency: 'term', held: 'text' },
} as const satisfies LogKeySpec;

export type LogKey = keyof typeof logKeys;
export type LogArgsOf<K extends LogKey> = LogArgsOfKey<typeof logKeys, K>;
