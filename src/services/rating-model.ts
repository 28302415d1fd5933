import { ordinal, rate, rating } from 'openskill';
import type { Outcome } from '../engine/types.js';

/**
 * The rating model: openskill (https://github.com/philihp/openskill.js, the Weng-Lin Bayesian
 * rating system, Plackett-Luce model, its defaults: mu 25, sigma 25/3). Chosen because our games
 * seat 2 to 5 players and ELO and Glicko-2 rate pairs: they would have to split a 4-player game
 * into 6 duels, which counts one result several times. openskill rates a whole table at once, takes
 * ties (equal places), is maintained (v5, 2025), small and pure (no I/O), and deterministic, so a
 * recomputation from the recorded places gives the same numbers to the last bit. TrueSkill does the
 * same but is patented (Microsoft) and has no maintained JavaScript library.
 *
 * The rating shown is openskill's ordinal, mu - 3 sigma: a new player starts at 0 and climbs as
 * the system grows sure of them.
 */
export interface Skill {
  mu: number;
  sigma: number;
}

export const initialSkill = (): Skill => rating();

export const displayRating = (skill: Skill): number => ordinal(skill);

/** New skills of the players at a table, given their skills before and their places (1 = first; equal places tie). */
export function rateTable(before: Skill[], places: number[]): Skill[] {
  const teams = before.map((skill) => [rating({ mu: skill.mu, sigma: skill.sigma })]);
  return rate(teams, { rank: places }).map(([skill]) => ({ mu: skill!.mu, sigma: skill!.sigma }));
}

/**
 * Places of the rated seats from the game's outcome: the engine's ranking (first to last, ties
 * broken as the rulebook says), except that a shared victory ties its winners for first; seats
 * that resigned tie for last place, after everyone who played on. Standard competition ranking
 * (1, 1, 3…).
 */
export function placesOf(outcome: Pick<Outcome, 'ranking' | 'winners'>, seats: number[], resigned: ReadonlySet<number>): Map<number, number> {
  const sharedWin = outcome.winners.length > 1 ? new Set(outcome.winners) : new Set<number>();
  const order = outcome.ranking.filter((seat) => seats.includes(seat) && !resigned.has(seat));
  const places = new Map<number, number>();
  order.forEach((seat, index) => places.set(seat, sharedWin.has(seat) ? 1 : index + 1));
  // Seats the ranking left out (none should be) count as resigned.
  for (const seat of seats) if (!places.has(seat)) places.set(seat, order.length + 1);
  return places;
}
