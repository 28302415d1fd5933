import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { MESSAGES, negotiateLocale, translator } from '../../src/shared/i18n/index.js';

/** The arguments a message uses, with what it does with them ("n:plural", "seat:argument"). */
function argumentsOf(elements: readonly MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    if (element.type === TYPE.tag) {
      argumentsOf(element.children, into);
      continue;
    }
    into.add(element.value);
    if (element.type === TYPE.plural || element.type === TYPE.select) for (const option of Object.values(element.options)) argumentsOf(option.value, into);
  }
  return into;
}

describe('the catalog', () => {
  const english = Object.entries(MESSAGES.en);

  it('has German for every English key and no German key English lacks', () => {
    expect(Object.keys(MESSAGES.de).sort()).toEqual(Object.keys(MESSAGES.en).sort());
  });

  it('holds messages that parse, and German uses exactly the arguments English does', () => {
    const wrong: string[] = [];
    for (const [key, message] of english) {
      const german = MESSAGES.de[key as keyof typeof MESSAGES.de];
      const en = [...argumentsOf(parse(message, { ignoreTag: true }))].sort();
      const de = [...argumentsOf(parse(german, { ignoreTag: true }))].sort();
      if (en.join() !== de.join()) wrong.push(`${key}: English {${en}} German {${de}}`);
    }
    expect(wrong).toEqual([]);
  });

  it('has no German message left in English (a key may say it is the same word on purpose in docs/i18n.md)', () => {
    const same = english.filter(([key, message]) => /[a-z]{4,}/i.test(message.replace(/\{[^}]*\}/g, '')) && MESSAGES.de[key as keyof typeof MESSAGES.de] === message).map(([key]) => key);
    // Words that are the same in both languages are listed here, one by one.
    const SAME_IN_GERMAN = new Set<string>([
      // urbanization: the game's name (the German edition keeps it), and cards German names the same
      'urbanization.title',
      'urbanization.term.factory.7', // Hotel
      'urbanization.term.factory.13', // Bank
      'urbanization.term.invention.internet',
      'urbanization.term.invention.spinningJenny',
      'urbanization.term.character.professor',
      'urbanization.board.letter.house', // H (Haus)
      'urbanization.board.letter.factory', // F (Fabrik)
      'urbanization.board.seatColour', // "{player}: {colour}"
      // "Lobby" is the German word too (Board Game Arena's German site says "Lobby").
      'pages.nav.lobby',
      'pages.lobby.title',
      // "Status" is the German word too.
      'account.search.status',
      'account.search.column.status',
      'account.game.facts.status',
    ]);
    expect(same.filter((key) => !SAME_IN_GERMAN.has(key))).toEqual([]);
  });

  it('renders the pseudo-locale accented and longer, arguments untouched', () => {
    const pseudo = translator('pseudo');
    expect(pseudo.t('common.player', { n: 3 })).toBe('[Þļáýéŕ 3 ~~~]');
    expect(pseudo.t('common.game.with', { title: 'Guild town', players: 'ann, bob' })).toContain('Guild town');
  });

  it('formats plurals, lists and durations per language', () => {
    expect(translator('en').duration((23 * 3600 + 59 * 60 + 5) * 1000)).toBe('23 h 59 min');
    expect(translator('de').duration((2 * 86_400 + 3 * 3600) * 1000)).toBe('2 T 3 Std');
    expect(translator('de').list(['ann', 'bob', 'cy'])).toBe('ann, bob und cy');
    expect(translator('pseudo').list(['ann', 'bob', 'cy'])).toBe('ann, bob, áñð cy');
    expect(translator('de').number(1234.5)).toBe('1.234,5');
  });

  it('picks the language from Accept-Language by weight, English when none is spoken here', () => {
    expect(negotiateLocale('de-CH,de;q=0.9,en;q=0.8')).toBe('de');
    expect(negotiateLocale('fr-FR,fr;q=0.9,en;q=0.5,de;q=0.7')).toBe('de');
    expect(negotiateLocale('fr, es')).toBe('en');
    expect(negotiateLocale(undefined)).toBe('en');
    expect(negotiateLocale(['en-GB', 'de'])).toBe('en');
  });
});
