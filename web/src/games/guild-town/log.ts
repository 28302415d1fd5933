import { buildingName, moneyName } from './catalog';

/**
 * Lines stored before the engine named cards in words: money cards "2 (card 6)", buildings
 * "flax plantation (#12)" and "lumber mill 3", the guild "townhall (space 1)", a good's way "(to slot)".
 */
export function wordGuildTownLog(message: string): string {
  return message
    .replace(/\b\d+ \(card (\d+)\)/g, (_, id: string) => moneyName(Number(id)))
    .replace(/ \(#\d+\)/g, '')
    .replace(/\blumber mill (\d+) for (\d+)\b/, (_, card: string, other: string) => `the ${buildingName(Number(card))} for the ${buildingName(Number(other))}`)
    .replace(/\bMoney card (\d+) changes hands\b/, (_, id: string) => `The money card is a ${moneyName(Number(id))}`)
    .replace(/\btownhall\b/g, 'town hall')
    .replace(/\(space 1\)/, '(gold space)')
    .replace(/ \(to (market|slot|store|ship)\)/, (_, kind: string) => ({ market: ' to the market', slot: ' onto a building', store: ' to the storehouse', ship: ' onto a ship' })[kind] ?? '');
}
