import { cardName, isCardId, tileName } from './catalog';

/** Lines stored before the engine named cards and tiles in words ("draws indHealth-1", "builds the Clinic (clinic-2)"). */
export function wordMilestoneCityLog(message: string): string {
  return message
    .replace(/ \(([\w-]+)\)/g, (whole, id: string) => (tileName(id) !== id || isCardId(id) ? '' : whole))
    .replace(/\b[a-z][A-Za-z]*-\d+\b/g, (id) => (isCardId(id) ? cardName(id) : id));
}
