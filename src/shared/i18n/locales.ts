/**
 * The languages the site speaks. `en` is the source every other catalog is checked against; `de` is
 * the second complete language; `pseudo` is English made longer and accented (pseudo.ts), for tests
 * that look for words not taken from the catalog. A person picks one (stored on the account); until
 * then the browser's Accept-Language decides.
 */
export const LOCALES = ['en', 'de', 'pseudo'] as const;
export type Locale = (typeof LOCALES)[number];
/** What a person may pick on the site (the pseudo-locale is for tests, but may be picked by its code). */
export const LANGUAGE_NAMES: Record<Exclude<Locale, 'pseudo'>, string> = { en: 'English', de: 'Deutsch' };
export const DEFAULT_LOCALE: Locale = 'en';

export const isLocale = (value: unknown): value is Locale => typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

/** The BCP 47 tag Intl formats with: the pseudo-locale formats numbers and dates as English does. */
export const intlTag = (locale: Locale): string => (locale === 'pseudo' ? 'en' : locale);

/**
 * The best of our locales for an Accept-Language header ("de-CH,de;q=0.9,en;q=0.8") or the browser's
 * `navigator.languages`: the highest-weighted tag whose language we speak; `en` when none is.
 * The pseudo-locale is chosen only when asked for by name.
 */
export function negotiateLocale(accepted: string | readonly string[] | null | undefined): Locale {
  const ranges = typeof accepted === 'string'
    ? accepted.split(',').map((part, index) => {
        const [tag = '', ...params] = part.trim().split(';');
        const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
        const weight = q === undefined ? 1 : Number(q.slice(2));
        return { tag: tag.trim().toLowerCase(), weight: Number.isFinite(weight) ? weight : 0, index };
      })
    : (accepted ?? []).map((tag, index) => ({ tag: tag.toLowerCase(), weight: 1, index }));
  const best = ranges
    .filter((range) => range.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((range) => (range.tag === 'pseudo' || range.tag === 'en-xa' ? 'pseudo' : range.tag.split('-')[0]))
    .find(isLocale);
  return best ?? DEFAULT_LOCALE;
}
