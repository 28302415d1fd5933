import type { Service } from './data.js';

/**
 * Milestone City's words for the log, as its buttons say them (web/src/games/milestone-city): cards
 * and tiles by their names, never their ids (`clinic-2`, `res3L`).
 */

/** A service as the cards print it: the data's `health` is healthcare. */
const SERVICES: Record<Service, string> = { health: 'healthcare', education: 'education', safety: 'safety', leisure: 'leisure' };
export const serviceWords = (service: Service): string => SERVICES[service];

/** How a tile is turned, as the orientation buttons say it: "90°", "over and 180°". */
export function orientationWords(orientation: number): string {
  const turn = `${(orientation % 4) * 90}°`;
  return orientation >= 4 ? `over and ${turn}` : turn;
}
