import { EDITION_V1, type EditionData } from './data.js';

/**
 * The second edition, tuned with scripts/milestone-balance.ts (docs/games/milestone-city.md has
 * the figures). In the first the greedy bot won 15–20% of its games, nearly all losses being a bar
 * stuck at 0 (power, water or workers) when the cards ran out, and the city never went bankrupt:
 * taxes of 1 per zone tile on the board, paid again at every milestone, outgrew every piece's cost.
 * Now the city starts with power, water and workers to spare, and with a founding budget of 22
 * instead of taxes, so money runs short when it is spent carelessly. Every other value is the
 * first edition's.
 * Served as rules version 2 (versions.ts); games of version 1 keep the first edition.
 */
export const EDITION_V2: EditionData = {
  ...EDITION_V1,
  startBars: { happiness: 2, power: 4, water: 4, employment: 3 },
  startTreasury: 22,
  taxPerZone: 0,
};
