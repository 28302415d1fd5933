/**
 * What a refusal of the API means to the person on the page, in one plain sentence in their
 * language: the stable `code` stays in the API (and src/http/problem-codes.ts says what it means for
 * client authors); the catalog's `refusal.<CODE>` (src/shared/i18n/messages/<locale>/refusals.ts) is
 * its sentence. test/web/refusals.test.ts fails when a code of problem-codes.ts has no sentence in
 * every language.
 *
 * A game's rule refusal (`RULE_VIOLATION/<RULE>`) is worded by the game's own catalog sentence
 * `<game type>.rule.<RULE>` when the catalog has one (the game type comes from the page, or from the
 * problem's `gameType`); otherwise by the family's sentence, with the engine's English detail under it.
 * Where the server's `detail` says more than the code (the field a form got wrong), the detail is
 * shown under the sentence (`showDetail`).
 */
import { t, tr } from '../i18n';
import type { MessageKey } from '../../../src/shared/i18n/index';

/** The catalog key of a refusal code's sentence ("RULE_VIOLATION/NOT_ENOUGH_MONEY" → its family's). */
export const refusalKey = (code: string): string => `refusal.${code.split('/')[0]}`;

/** Codes whose `detail` names what exactly was refused (the rule, the field): shown under the sentence. */
const SHOW_DETAIL = new Set(['VALIDATION_FAILED', 'INVALID_NOTIFICATION_SETTINGS', 'RULE_VIOLATION', 'INVALID_OPTIONS', 'RECORD_DOES_NOT_REPLAY', 'INVALID_RECORD', 'MIGRATION_ILLEGAL_EVENT', 'MIGRATION_CHANGES_GAME']);

/** The game's own sentence for one of its rules, if its catalog has one that needs no arguments. */
function ruleSentence(gameType: string | undefined, rule: string | undefined): string | undefined {
  if (!gameType || !rule) return undefined;
  const key = `${gameType}.rule.${rule}`;
  if (!tr.has(key)) return undefined;
  try {
    return t(key);
  } catch {
    // A sentence that wants arguments the refusal does not carry: the family's sentence says it instead.
    return undefined;
  }
}

/**
 * The sentence for a problem, and whether its detail adds to it. `gameType`: the game of the page the
 * refusal happened on (the problem's own `gameType` otherwise). A code the app does not know keeps
 * the server's words.
 */
export function refusalInWords(
  problem: { code?: string; title?: string; detail?: string; rule?: string; gameType?: string },
  status: number,
  gameType?: string,
): { sentence: string; showDetail: boolean } {
  const family = problem.code?.split('/')[0];
  if (family === 'RULE_VIOLATION') {
    const own = ruleSentence(gameType ?? problem.gameType, problem.rule ?? problem.code?.split('/')[1]);
    if (own) return { sentence: own, showDetail: false };
  }
  const key = family ? refusalKey(family) : undefined;
  // "RULE_VIOLATION/NOT_ENOUGH_MONEY" without a sentence of its game: the family's sentence, the engine's detail under it.
  if (key && tr.has(key)) return { sentence: t(key as MessageKey), showDetail: SHOW_DETAIL.has(family!) && Boolean(problem.detail) };
  if (status === 0 && problem.title === 'Network error') return { sentence: t('refusal.network-error'), showDetail: false };
  return { sentence: problem.detail ?? problem.title ?? t('refusal.unknown-error'), showDetail: false };
}
