/**
 * The web app's language: every word a page shows comes from the catalog (src/shared/i18n) through
 * `t`. The language is, in order: `?lang=` in the address (kept), the one picked on this browser or
 * stored on the account, else the browser's languages (Accept-Language). Changing it reloads the page.
 */
import { isLocale, negotiateLocale, translator, type Locale, type MessageArgs, type MessageKey } from '../../src/shared/i18n/index';

export const LANGUAGE_STORAGE_KEY = 'language';

/** What this module reads of the browser; absent when tests import the web's modules in Node. */
interface BrowserGlobals {
  window?: {
    location: { search: string; href: string; reload(): void; replace(url: string): void };
    localStorage: { getItem(key: string): string | null; setItem(key: string, value: string): void };
    navigator: { languages?: readonly string[]; language: string };
  };
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

/**
 * Picks `next` as this browser's language and reloads the page in it. `saveOnAccount` (given while
 * logged in: PUT /v1/me/language, api/language.ts) keeps it on the account too, so mails and other
 * browsers follow; its failure does not stop the change here. A `?lang=` in the address would
 * decide again, so the reload goes to the address without it.
 */
export async function saveLanguage(next: Locale, saveOnAccount?: (next: Locale) => Promise<unknown>): Promise<void> {
  if (window === undefined) return;
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, next);
  } catch {
    // no storage: the account (if any) and this one page still change
  }
  if (saveOnAccount) await saveOnAccount(next).catch(() => undefined);
  const url = new URL(window.location.href);
  if (url.searchParams.has('lang')) {
    url.searchParams.delete('lang');
    window.location.replace(url.toString());
  } else window.location.reload();
}
