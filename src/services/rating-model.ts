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
 * The rating shown is openskill's ordinal, mu - 3 sigma (a careful estimate: it climbs as the
 * system grows sure of a player), on the scale players know from chess sites and Board Game Arena:
 * 1500 for a newcomer, DISPLAY_POINTS_PER_MU Elo-like points per unit of mu, never below 0. One
 * beta (25/6, openskill's default) of skill apart is about a 76% chance of finishing ahead, which
 * Elo puts at 200 points: 48 points per unit. The raw ordinal (3.4 after a win, -1.8 after a loss)
 * looked broken to players. The scale is monotonic, so the leaderboard's order is the ordinal's.
 */
export interface Skill {
  mu: number;
  sigma: number;
}

export const initialSkill = (): Skill => rating();

export const DISPLAY_START = 1500;
export const DISPLAY_POINTS_PER_MU = 200 / (25 / 6);

/** The rating shown: 1500 + 48 × (mu - 3 sigma), at least 0 (migration 20261128160000_display_rating_scale rescaled the stored ones). */
export const displayRating = (skill: Skill): number => Math.max(0, DISPLAY_START + DISPLAY_POINTS_PER_MU * ordinal(skill));

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
