import { describe, expect, it } from 'vitest';
import { PROBLEM_CODES } from '../../src/http/problem-codes.js';
import { REFUSAL_SENTENCES, refusalInWords } from '../../web/src/api/refusals.js';

/**
 * Every refusal the API can answer has a sentence on the web pages (the code stays in the API):
 * a code added to src/http/problem-codes.ts without one fails here.
 */
describe('refusals in words', () => {
  it('has a sentence for every problem code of the API, and none for a code the API does not have', () => {
    const codes = Object.keys(PROBLEM_CODES).map((code) => code.split('/')[0]!);
    expect(codes.filter((code) => !REFUSAL_SENTENCES[code])).toEqual([]);
    expect(Object.keys(REFUSAL_SENTENCES).filter((code) => !codes.includes(code))).toEqual([]);
    for (const sentence of Object.values(REFUSAL_SENTENCES)) {
      // A sentence, with no code or jargon in it.
      expect(sentence).toMatch(/^[A-Z].*[.]$/);
      expect(sentence).not.toMatch(/\b[A-Z]{2,}_[A-Z_]+\b|`/);
    }
  });

  it('words a rule violation by its family and keeps the rule’s own sentence under it', () => {
    expect(refusalInWords({ code: 'RULE_VIOLATION/NOT_ENOUGH_MONEY', detail: 'You cannot pay 6 with 4.' }, 422)).toEqual({ sentence: 'The rules do not allow that move.', showDetail: true });
    expect(refusalInWords({ code: 'STALE_VERSION', detail: 'The game is at version 16, not 15: reload and decide again' }, 409)).toEqual({
      sentence: 'Someone moved before you: the game has changed. Look at the board again and choose.',
      showDetail: false,
    });
  });
});
