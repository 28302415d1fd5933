import { BUILDINGS, RAWS, type Final, type Good } from './data.js';
import type { Raised } from './state.js';

const isRaw = (good: Good): boolean => (RAWS as readonly string[]).includes(good);

function produces(town: readonly Raised[], good: Good): Raised[] {
  return town.filter((r) => BUILDINGS[r.card].product === good);
}

/**
 * A complete production line of a final product: its advanced building, and for every input either
 * a building making that raw material, or an expanded building making that half-product together
 * with a building making the raw material it needs.
 */
export function hasProductionLine(town: readonly Raised[], fin: Final): boolean {
  const adv = produces(town, fin)[0];
  if (!adv) return false;
  return BUILDINGS[adv.card].inputs.every((input) => {
    if (isRaw(input)) return produces(town, input).length > 0;
    return produces(town, input).some((half) => BUILDINGS[half.card].inputs.every((raw) => produces(town, raw).length > 0));
  });
}
