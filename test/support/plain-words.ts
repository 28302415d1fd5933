/**
 * The pseudo-locale's check, for every test that uses it (docs/i18n.md): in the pseudo-locale every
 * catalog word is accented, so a word of plain ASCII letters on a page is a word that did not come
 * from the catalog. One home for what counts as such a word and what is taken out first.
 */

/** What Intl writes in English dates ("Nov 28, 2026, 9:24:02 PM"): the pseudo-locale formats dates as English does. */
export const INTL_ENGLISH_WORDS: readonly string[] = [
  'AM', 'PM',
  ...['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
  ...['Jan', 'Feb', 'Mar', 'Apr', 'Jun', 'Jul', 'Aug', 'Sep', 'Sept', 'Oct', 'Nov', 'Dec'],
  ...['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'],
];

/**
 * The plain English words of `texts`, sorted and once each: every run of letters that is two or
 * more ASCII letters only (a pseudo-locale word such as "Fíñíśh" is one run and not plain). Taken
 * out first: the `allowed` strings the test made or knows (usernames, addresses; longest first, so
 * that a short one does not break a longer one holding it), game and account ids, seeds and their
 * commitments, web addresses; and Intl's English date words.
 */
export function plainWords(texts: string | readonly string[], allowed: readonly string[] = []): string[] {
  const found = new Set<string>();
  const known = new Set(INTL_ENGLISH_WORDS);
  const strings = [...allowed].filter((shown) => shown.trim() !== '').sort((a, b) => b.length - a.length);
  for (const raw of typeof texts === 'string' ? [texts] : texts) {
    let text = raw;
    for (const shown of strings) text = text.split(shown).join(' ');
    text = text
      .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, ' ')
      .replace(/\b[0-9a-f]{8,}\b/gi, ' ')
      .replace(/https?:\/\/\S+/g, ' ');
    for (const [word] of text.matchAll(/\p{L}+/gu)) if (/^[A-Za-z]{2,}$/.test(word) && !known.has(word)) found.add(word);
  }
  return [...found].sort();
}
