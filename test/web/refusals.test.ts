import { describe, expect, it } from 'vitest';
import { PROBLEM_CODES } from '../../src/http/problem-codes.js';
import { MESSAGES, translator } from '../../src/shared/i18n/index.js';
import enRefusals from '../../src/shared/i18n/messages/en/refusals.js';
import { refusalInWords, refusalKey } from '../../web/src/api/refusals.js';

/**
 * Every refusal the API can answer has a sentence on the web pages in every language (the code
 * stays in the API): a code added to src/http/problem-codes.ts without one fails here.
 */
const codes = [...new Set(Object.keys(PROBLEM_CODES).map((code) => code.split('/')[0]!))];
/** The catalog's sentences that are no code of the API: what the page says when the server cannot be reached or gives no words. */
const NOT_CODES = ['network-error', 'unknown-error'];

describe('refusals in words', () => {
  it('has a sentence in English and German for every problem code of the API, and none for a code the API does not have', () => {
    for (const language of ['en', 'de'] as const) {
      const catalog = MESSAGES[language] as Record<string, string>;
      expect(codes.filter((code) => !catalog[refusalKey(code)]), language).toEqual([]);
    }
    expect(Object.keys(enRefusals).filter((code) => !codes.includes(code) && !NOT_CODES.includes(code))).toEqual([]);
    for (const code of codes) {
      const english = MESSAGES.en[refusalKey(code) as keyof typeof MESSAGES.en];
      const german = MESSAGES.de[refusalKey(code) as keyof typeof MESSAGES.de];
      // A sentence, with no code or jargon in it, and a German one that is not the English one.
      for (const sentence of [english, german]) {
        expect(sentence).toMatch(/^[A-ZÄÖÜ].*[.]$/);
        expect(sentence).not.toMatch(/\b[A-Z]{2,}_[A-Z_]+\b|`/);
      }
      expect(german).not.toBe(english);
    }
  });

  it('words a rule violation by its family and keeps the rule’s own sentence under it', () => {
    expect(refusalInWords({ code: 'RULE_VIOLATION/NOT_ENOUGH_MONEY', detail: 'You cannot pay 6 with 4.' }, 422)).toEqual({ sentence: 'The rules do not allow that move.', showDetail: true });
    expect(refusalInWords({ code: 'STALE_VERSION', detail: 'The game is at version 16, not 15: reload and decide again' }, 409)).toEqual({
      sentence: 'Someone moved before you: the game has changed. Look at the board again and choose.',
      showDetail: false,
    });
    expect(refusalInWords({ code: 'SOMETHING_NEW', detail: 'A newer server says this.' }, 400)).toEqual({ sentence: 'A newer server says this.', showDetail: false });
    expect(refusalInWords({ title: 'Network error' }, 0).sentence).toBe('The site cannot be reached. Check your connection and try again.');
  });

  it('words a rule violation on a game page by the game’s own sentence, where its catalog has one', () => {
    const english = MESSAGES.en as Record<string, string>;
    const ruleKeys = Object.keys(english).filter((key) => /^[a-z-]+\.rule\.[A-Z_]+$/.test(key) && !/\{/.test(english[key]!));
    // (The games' catalogs gain their rule sentences game by game; with none yet there is nothing to word.)
    for (const key of ruleKeys.slice(0, 20)) {
      const [type, , rule] = key.split('.') as [string, string, string];
      const problem = { code: `RULE_VIOLATION/${rule}`, rule, detail: 'The engine’s English sentence.' };
      expect(refusalInWords(problem, 422, type)).toEqual({ sentence: english[key], showDetail: false });
      expect(refusalInWords({ ...problem, gameType: type }, 422)).toEqual({ sentence: english[key], showDetail: false });
    }
    // A rule the game's catalog does not know: the family's sentence and the engine's detail.
    expect(refusalInWords({ code: 'RULE_VIOLATION/NO_SUCH_RULE_ANYWHERE', detail: 'Nope.' }, 422, 'urbanization')).toEqual({ sentence: 'The rules do not allow that move.', showDetail: true });
  });

  it('reads the sentences from the catalog, so German pages get German sentences', () => {
    const de = translator('de');
    expect(de.t(refusalKey('RULE_VIOLATION/NOT_ENOUGH_MONEY') as 'refusal.RULE_VIOLATION')).toBe('Die Regeln erlauben diesen Zug nicht.');
    expect(de.t('refusal.NOT_YOUR_TURN')).toBe('Du bist nicht am Zug.');
    expect(de.t('refusal.UNKNOWN_LANGUAGE')).toBe('Diese Sprache spricht die Seite nicht.');
  });
});
