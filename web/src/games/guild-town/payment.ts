/**
 * Guild town's payments in words, where one can pay in several ways: a payment in money cards
 * (printed values, or two or more cards of one colour as a set) and covering another player's
 * helper (a money card or points). Pure functions of the game's catalog, used by the board's
 * "still owed" line and its guild spaces, and tested without a page (test/web/game-terms.test.ts).
 */
import type { components } from '../../api/openapi';

export type GTCatalog = components['schemas']['GuildTownCatalog'];

/** What money cards pay, as the rules count them: per colour the printed values or the set, whichever is more. */
export function moneyValue(catalog: GTCatalog, ids: readonly number[]): number {
  return catalog.colours.reduce((total, _, colour) => {
    const values = ids.map((id) => catalog.money[id]).filter((card) => card?.colour === colour).map((card) => card!.value);
    const printed = values.reduce((sum, value) => sum + value, 0);
    return total + Math.max(printed, values.length >= 2 ? catalog.moneySetStep * (values.length - 1) : 0);
  }, 0);
}

const cards = (n: number) => `${n} ${n === 1 ? 'card' : 'cards'}`;
const points = (n: number) => `${n} ${n === 1 ? 'point' : 'points'}`;

/**
 * A payment under way: what is still owed and each way to settle it. Money cards worth the rest
 * always do; a set does when it needs no more cards than the printed values would (three is the
 * highest card) and more than the lowest card is owed: more cards of a colour already paid, or
 * enough of one colour not paid yet.
 * `colours` are the colours allowed (empty: any).
 */
export function owedWords(catalog: GTCatalog, cost: number, selected: readonly number[], colours: readonly number[]): string {
  const paid = moneyValue(catalog, selected);
  const owed = Math.max(0, cost - paid);
  if (owed === 0) return 'nothing still owed';
  const step = catalog.moneySetStep;
  const values = catalog.money.map((card) => card.value);
  const fewestPrinted = Math.ceil(owed / Math.max(...values));
  // Any card settles what the lowest card covers: a set would add nothing.
  const setsHelp = owed > Math.min(...values);
  const allowed = colours.length ? [...colours] : catalog.colours.map((_, colour) => colour);
  const ways = [`cards worth ${owed}${allowed.length < catalog.colours.length ? ` in ${allowed.map((c) => catalog.colours[c]).join(' or ')}` : ''}`];
  // Fewest more cards of `colour` that settle the payment as a set (with what else was paid).
  const moreForSet = (colour: number): { more: number; size: number } | null => {
    const inColour = selected.filter((id) => catalog.money[id]?.colour === colour);
    const rest = moneyValue(catalog, selected.filter((id) => catalog.money[id]?.colour !== colour));
    for (let more = 1; setsHelp && more <= fewestPrinted; more++) {
      const size = inColour.length + more;
      if (size >= 2 && rest + step * (size - 1) >= cost) return { more, size };
    }
    return null;
  };
  const fresh: number[] = [];
  for (const colour of allowed) {
    const set = moreForSet(colour);
    if (!set) continue;
    if (selected.some((id) => catalog.money[id]?.colour === colour)) {
      ways.push(`${set.more} more ${catalog.colours[colour]} ${set.more === 1 ? 'card' : 'cards'} (${set.size} ${catalog.colours[colour]} count ${step * (set.size - 1)} as a set)`);
    } else fresh.push(colour);
  }
  // Colours not paid yet all need the same number of cards: said once.
  const set = fresh.length ? moreForSet(fresh[0]!) : null;
  if (set) ways.push(`any ${cards(set.size)} of one colour${fresh.length < catalog.colours.length ? ` (${fresh.map((c) => catalog.colours[c]).join(', ')})` : ''}, a set worth ${step * (set.size - 1)}`);
  return `${owed} still owed: ${ways.join('; or ')}`;
}

/** A guild track as the view has it: stacks of helpers per space, bottom first. */
type Track = readonly (readonly { seat: number }[])[];

/**
 * What sending a helper onto `space` of a full track costs the viewer (`viewer` null: a
 * spectator, told the price for anyone but the covered player), or null when no helper can be
 * stacked there (a free space is left, or two helpers stand on it). The rules (docs/games/
 * guild-town.md, edition choice 14): one's own helper, the last (silver) space and any space with
 * two players are covered for free (with two the covered player draws a money card); otherwise a
 * money card or the year's points, given to the covered player.
 */
export function coverWords(catalog: GTCatalog, track: Track, space: number, players: number, year: number, viewer: number | null, name: (seat: number) => string): { paid: boolean; words: string } | null {
  const stack = track[space];
  if (!stack || stack.length !== 1 || track.some((other) => other.length === 0)) return null;
  const owner = stack[0]!.seat;
  if (owner === viewer) return { paid: false, words: 'covering your own helper is free' };
  if (space === track.length - 1) return { paid: false, words: 'covering a helper on the silver space is free' };
  if (players === 2) return { paid: false, words: `covering is free; ${name(owner)} draws a money card` };
  return { paid: true, words: `covering costs a money card or ${points(catalog.coverPointsPerYear * year)}, given to ${name(owner)}` };
}

/** "1 point", "2 points": what paying with points costs this year. */
export const coverPointsWords = (catalog: GTCatalog, year: number): string => points(catalog.coverPointsPerYear * year);

/**
 * A notary purchase's price as the buyer pays it: "costs 3 in blue or purple cards" (a building is
 * bought with cards of its colours), and with the viewer's money cards known, what theirs in those
 * colours are worth (sets counted).
 */
export function buyPrice(catalog: GTCatalog, id: number, myMoney?: readonly { id: number; colour: number }[] | null): string {
  const card = catalog.buildings[id];
  if (!card) return '';
  const colours = [...new Set([card.top, card.bottom])];
  const price = `costs ${card.buyPrice} in ${colours.map((c) => catalog.colours[c]).join(' or ')} cards`;
  if (!myMoney) return price;
  return `${price}; yours in those colours are worth ${moneyValue(catalog, myMoney.filter((m) => colours.includes(m.colour)).map((m) => m.id))}`;
}

/** What raising a building costs: in any colours, paid with the others raised this turn when the builder stops. */
export function buildCost(catalog: GTCatalog, id: number, raisedSoFar: number): string {
  const card = catalog.buildings[id];
  if (!card) return '';
  return raisedSoFar > 0 ? `costs ${card.buildCost}, ${card.buildCost + raisedSoFar} in all with the one raised` : `costs ${card.buildCost} in any colours`;
}
