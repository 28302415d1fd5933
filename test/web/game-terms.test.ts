import { describe, expect, it } from 'vitest';
import { catalog as constructionYardCatalog } from '../../src/games/construction-yard/catalog.js';
import { catalog as guildTownCatalog } from '../../src/games/guild-town/catalog.js';
import { cardsValue } from '../../src/games/guild-town/money.js';
import { buyWords, payWords, pointsByRank } from '../../web/src/games/construction-yard/terms.js';
import { buildCost, buyPrice, coverWords, moneyValue, owedWords } from '../../web/src/games/guild-town/payment.js';

/**
 * The web app's words for costs and effects, from each game's catalog as the API serves it: what
 * a construction yard building scores and what a payment does; what a guild town payment still
 * needs and what covering a helper costs.
 */
describe('construction yard terms', () => {
  it('word a building with its price, currency and the reference card points by rank', () => {
    expect(pointsByRank(constructionYardCatalog, 'church')).toBe('A 4 · B 11/4 · C 19/11/4');
    expect(buyWords(constructionYardCatalog, { type: 'skyscraper', price: 12 }, 'green', false)).toBe('Buy the skyscraper (12) with green money; scores by rank A 6 · B 13/6 · C 21/13/6');
    expect(buyWords(constructionYardCatalog, { type: 'museum', price: 2 }, 'blue', true)).toBe('Buy the museum (2) with blue money for the neutral collector; scores by rank A 1 · B 8/1 · C 16/8/1');
  });

  it('word a payment by what it leaves owed, or how it completes the purchase', () => {
    expect(payWords(constructionYardCatalog, 'orange', 3, 7, 0)).toBe('Pay an orange 3: 4 still owed after it');
    expect(payWords(constructionYardCatalog, 'orange', 4, 4, 0)).toBe('Pay an orange 4: exact, you act again');
    // The fifth action of a turn is its last, exact or not.
    expect(payWords(constructionYardCatalog, 'orange', 4, 4, 4)).toBe('Pay an orange 4: exact, but 5 actions end the turn');
    expect(payWords(constructionYardCatalog, 'orange', 9, 4, 0)).toBe('Pay an orange 9: 5 over, no change is given and your turn ends');
  });
});

describe('guild town payments', () => {
  const card = (colour: string, value: number, skip = 0) =>
    guildTownCatalog.money.filter((entry) => guildTownCatalog.colours[entry.colour] === colour && entry.value === value)[skip]!.id;

  it('count money as the rules do: a colour as its printed values or as a set, whichever is more', () => {
    const hands = [[card('green', 1), card('green', 1, 1)], [card('red', 3), card('red', 3, 1), card('blue', 1)], [card('purple', 1), card('purple', 2), card('purple', 1, 1)], []];
    for (const hand of hands) expect(moneyValue(guildTownCatalog, hand)).toBe(cardsValue(hand));
  });

  it('say what is still owed and each way to pay it: cards worth the rest, or a set', () => {
    // Nothing paid on a cost of 4: cards worth 4, or any two of one colour (a set worth 5).
    expect(owedWords(guildTownCatalog, 4, [], [])).toBe('4 still owed: cards worth 4; or any 2 cards of one colour, a set worth 5');
    // A green 1 paid on a cost of 5: one more green makes a set worth 5.
    expect(owedWords(guildTownCatalog, 5, [card('green', 1)], [])).toBe(
      '4 still owed: cards worth 4; or 1 more green card (2 green count 5 as a set); or any 2 cards of one colour (purple, blue, red), a set worth 5',
    );
    // A notary purchase in its building's two colours; 1 owed is paid by any card.
    expect(owedWords(guildTownCatalog, 10, [], [1, 3])).toBe('10 still owed: cards worth 10 in green or red; or any 3 cards of one colour (green, red), a set worth 10');
    expect(owedWords(guildTownCatalog, 3, [card('red', 2)], [])).toBe('1 still owed: cards worth 1');
  });

  it('say what covering a helper costs, for whom, and when it is free', () => {
    const name = (seat: number) => ['alice', 'bob', 'carol'][seat]!;
    const full = [[{ seat: 1 }], [{ seat: 2 }, { seat: 0 }], [{ seat: 1 }]];
    expect(coverWords(guildTownCatalog, full, 0, 3, 2, 0, name)).toEqual({ paid: true, words: 'covering costs a money card or 2 points, given to bob' });
    expect(coverWords(guildTownCatalog, full, 0, 3, 1, 1, name)).toEqual({ paid: false, words: 'covering your own helper is free' });
    expect(coverWords(guildTownCatalog, full, 2, 3, 1, 0, name)).toEqual({ paid: false, words: 'covering a helper on the silver space is free' });
    expect(coverWords(guildTownCatalog, full, 0, 2, 1, 0, name)).toEqual({ paid: false, words: 'covering is free; bob draws a money card' });
    // A space with two helpers, or a track with a free space, takes no helper on top.
    expect(coverWords(guildTownCatalog, full, 1, 3, 1, 0, name)).toBeNull();
    expect(coverWords(guildTownCatalog, [[{ seat: 1 }], [], []], 0, 3, 1, 0, name)).toBeNull();
  });
});

describe('guild town prices before paying', () => {
  const building = (tier: string) => guildTownCatalog.buildings.find((b) => b.tier === tier)!;
  const money = (colour: string, value: number) => guildTownCatalog.money.find((m) => guildTownCatalog.colours[m.colour] === colour && m.value === value)!;

  it('word a notary purchase by its price in its colours, and what the buyer holds in them', () => {
    const two = building('expanded');
    const [top, bottom] = [guildTownCatalog.colours[two.top]!, guildTownCatalog.colours[two.bottom]!];
    expect(buyPrice(guildTownCatalog, two.id)).toBe(`costs 5 in ${top} or ${bottom} cards`);
    const other = guildTownCatalog.colours.find((c) => c !== top && c !== bottom)!;
    // Two cards of one colour count as a set of 5; a card of another colour does not pay.
    const hand = [money(top, 1), money(top, 2), money(other, 3)];
    expect(buyPrice(guildTownCatalog, two.id, hand)).toBe(`costs 5 in ${top} or ${bottom} cards; yours in those colours are worth 5`);
    const advanced = building('advanced');
    expect(buyPrice(guildTownCatalog, advanced.id, [])).toMatch(/^costs 10 in \w+ or \w+ cards; yours in those colours are worth 0$/);
  });

  it('word a raise by its cost, and the total with the buildings raised before it this turn', () => {
    const basic = building('basic');
    expect(buildCost(guildTownCatalog, basic.id, 0)).toBe('costs 2 in any colours');
    expect(buildCost(guildTownCatalog, basic.id, 3)).toBe('costs 2, 5 in all with the one raised');
  });
});
