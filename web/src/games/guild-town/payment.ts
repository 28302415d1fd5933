/**
 * Guild town's payments in words, where one can pay in several ways: a payment in money cards
 * (printed values, or two or more cards of one colour as a set) and covering another player's
 * helper (a money card or points). Pure functions of the game's catalog, used by the board's
 * "still owed" line and its guild spaces, and tested without a page (test/web/game-terms.test.ts).
 */
import type { components } from '../../api/openapi';
import { t } from '../../i18n';

export type GTCatalog = components['schemas']['GuildTownCatalog'];

/** What money cards pay, as the rules count them: per colour the printed values or the set, whichever is more. */
export function moneyValue(catalog: GTCatalog, ids: readonly number[]): number {
  return catalog.colours.reduce((total, _, colour) => {
    const values = ids.map((id) => catalog.money[id]).filter((card) => card?.colour === colour).map((card) => card!.value);
    const printed = values.reduce((sum, value) => sum + value, 0);
    return total + Math.max(printed, values.length >= 2 ? catalog.moneySetStep * (values.length - 1) : 0);
  }, 0);
}

/** A colour in the reader's language ("green", "Grün"), from the catalog's colour id. */
const colourWord = (catalog: GTCatalog, colour: number): string => t(`guild-town.term.colour.${catalog.colours[colour]}` as never);
/** "green or red": a building's two colours (one when both halves match). */
const eitherColour = (catalog: GTCatalog, colours: readonly number[]): string =>
  colours.length === 2 ? t('guild-town.pay.twoColours', { first: colourWord(catalog, colours[0]!), second: colourWord(catalog, colours[1]!) }) : colours.map((c) => colourWord(catalog, c)).join(', ');

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
  if (owed === 0) return t('guild-town.pay.nothingOwed');
  const step = catalog.moneySetStep;
  const values = catalog.money.map((card) => card.value);
  const fewestPrinted = Math.ceil(owed / Math.max(...values));
  // Any card settles what the lowest card covers: a set would add nothing.
  const setsHelp = owed > Math.min(...values);
  const allowed = colours.length ? [...colours] : catalog.colours.map((_, colour) => colour);
  const ways = [allowed.length < catalog.colours.length ? t('guild-town.pay.cardsWorthIn', { owed, colours: eitherColour(catalog, allowed) }) : t('guild-town.pay.cardsWorth', { owed })];
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
      ways.push(t('guild-town.pay.moreOfColour', { more: set.more, colour: colourWord(catalog, colour), size: set.size, value: step * (set.size - 1) }));
    } else fresh.push(colour);
  }
  // Colours not paid yet all need the same number of cards: said once.
  const set = fresh.length ? moreForSet(fresh[0]!) : null;
  if (set) {
    const value = step * (set.size - 1);
    ways.push(
      fresh.length < catalog.colours.length
        ? t('guild-town.pay.anySet', { size: set.size, colours: fresh.map((c) => colourWord(catalog, c)).join(', '), value })
        : t('guild-town.pay.anySetAll', { size: set.size, value }),
    );
  }
  return t('guild-town.pay.owed', { owed, ways: ways.join(t('guild-town.pay.or')) });
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
  if (owner === viewer) return { paid: false, words: t('guild-town.cover.own') };
  if (space === track.length - 1) return { paid: false, words: t('guild-town.cover.silver') };
  if (players === 2) return { paid: false, words: t('guild-town.cover.two', { owner: name(owner) }) };
  return { paid: true, words: t('guild-town.cover.paid', { points: catalog.coverPointsPerYear * year, owner: name(owner) }) };
}

/** "1 point", "2 points": what paying with points costs this year. */
export const coverPointsWords = (catalog: GTCatalog, year: number): string => t('guild-town.points', { n: catalog.coverPointsPerYear * year });

/**
 * A notary purchase's price as the buyer pays it: "costs 3 in blue or purple cards" (a building is
 * bought with cards of its colours), and with the viewer's money cards known, what theirs in those
 * colours are worth (sets counted).
 */
export function buyPrice(catalog: GTCatalog, id: number, myMoney?: readonly { id: number; colour: number }[] | null): string {
  const card = catalog.buildings[id];
  if (!card) return '';
  const colours = [...new Set([card.top, card.bottom])];
  const words = eitherColour(catalog, colours);
  if (!myMoney) return t('guild-town.price.buy', { price: card.buyPrice, colours: words });
  const worth = moneyValue(catalog, myMoney.filter((m) => colours.includes(m.colour)).map((m) => m.id));
  return t('guild-town.price.buyWorth', { price: card.buyPrice, colours: words, worth });
}

/** What raising a building costs: in any colours, paid with the others raised this turn when the builder stops. */
export function buildCost(catalog: GTCatalog, id: number, raisedSoFar: number): string {
  const card = catalog.buildings[id];
  if (!card) return '';
  return raisedSoFar > 0 ? t('guild-town.price.buildWith', { cost: card.buildCost, total: card.buildCost + raisedSoFar }) : t('guild-town.price.build', { cost: card.buildCost });
}
