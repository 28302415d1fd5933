/**
 * The web app's language: every word a page shows comes from the catalog (src/shared/i18n) through
 * `t`. The language is, in order: `?lang=` in the address (kept), the one picked on this browser or
 * stored on the account, else the browser's languages (Accept-Language). Changing it reloads the page.
 */
import { isLocale, negotiateLocale, translator, type Locale, type MessageArgs, type MessageKey } from '../../src/shared/i18n/index';

export const LANGUAGE_STORAGE_KEY = 'language';

/** What this module reads of the browser; absent when tests import the web's modules in Node. */
interface BrowserGlobals {
  window?: { location: { search: string }; localStorage: { getItem(key: string): string | null; setItem(key: string, value: string): void }; navigator: { languages?: readonly string[]; language: string } };
  document?: { documentElement: { lang: string } };
}
const { window, document } = globalThis as BrowserGlobals;

function initialLocale(): Locale {
  if (window === undefined) return 'en';
  const asked = new URLSearchParams(window.location.search).get('lang');
  if (isLocale(asked)) {
    try {
      window.localStorage.setItem(LANGUAGE_STORAGE_KEY, asked);
    } catch {
      // storage refused (private mode): the address still decides this page
    }
    return asked;
  }
  try {
    const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    if (isLocale(stored)) return stored;
  } catch {
    // no storage: the browser's languages decide
  }
  return negotiateLocale(window.navigator.languages ?? [window.navigator.language]);
}

export const locale: Locale = initialLocale();
export const tr = translator(locale);
export const t = (key: MessageKey, args?: MessageArgs): string => tr.t(key, args);
if (document !== undefined) document.documentElement.lang = locale === 'pseudo' ? 'en-XA' : locale;
