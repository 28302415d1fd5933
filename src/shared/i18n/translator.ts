/**
 * Words for a locale: `t(key, args)` formats the catalog's ICU message (plurals, selects, numbers)
 * with FormatJS's intl-messageformat, the reference implementation of ICU MessageFormat in
 * JavaScript, shared by the server (mails, refusals) and the web app. Dates, times, numbers and
 * durations go through `Intl` for the locale. docs/i18n.md says why this library.
 */
import { IntlMessageFormat } from 'intl-messageformat';
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { MESSAGES, type MessageKey } from './catalog.js';
import { DEFAULT_LOCALE, intlTag, type Locale } from './locales.js';
import { accent, pseudoMessage } from './pseudo.js';

export type MessageArgs = Record<string, string | number | Date | null | undefined>;

export interface Translator {
  readonly locale: Locale;
  /** The message for `key` in this locale (English where this locale lacks it), formatted with `args`. */
  t(key: MessageKey, args?: MessageArgs): string;
  /** Whether the catalog has `key` (for keys built at run time: a game's log key, a refusal code). */
  has(key: string): key is MessageKey;
  number(value: number, options?: Intl.NumberFormatOptions): string;
  date(value: Date | string | number, options?: Intl.DateTimeFormatOptions): string;
  /** "ann, bob and cy" / "ann, bob und cy". */
  list(items: readonly string[]): string;
  /** "2 d 3 h", "23 h 59 min", "45 s": the two largest units of a duration, in the locale's words. */
  duration(ms: number): string;
}

/** Missing translations, reported once each (tests read this; the web app logs it in development). */
export const missingMessages = new Set<string>();

const compiled = new Map<string, IntlMessageFormat>();

function compile(locale: Locale, key: string): IntlMessageFormat | undefined {
  const id = `${locale}\u0000${key}`;
  let message = compiled.get(id);
  if (message) return message;
  const english = MESSAGES.en[key as MessageKey] as string | undefined;
  let source: string | MessageFormatElement[] | undefined;
  if (locale === 'pseudo') source = english === undefined ? undefined : pseudoMessage(english);
  else {
    source = MESSAGES[locale][key as MessageKey] as string | undefined;
    if (source === undefined && english !== undefined) {
      missingMessages.add(`${locale}:${key}`);
      source = english;
    }
  }
  if (source === undefined) return undefined;
  message = new IntlMessageFormat(source, intlTag(locale), undefined, { ignoreTag: true });
  compiled.set(id, message);
  return message;
}

const translators = new Map<Locale, Translator>();

export function translator(locale: Locale = DEFAULT_LOCALE): Translator {
  const known = translators.get(locale);
  if (known) return known;
  const tag = intlTag(locale);
  const made: Translator = {
    locale,
    t(key, args) {
      const message = compile(locale, key);
      if (!message) {
        missingMessages.add(`en:${key}`);
        return key;
      }
      return String(message.format(args as Record<string, string | number | Date>));
    },
    has: (key: string): key is MessageKey => Object.hasOwn(MESSAGES.en, key),
    number: (value, options) => new Intl.NumberFormat(tag, options).format(value),
    date: (value, options) => new Intl.DateTimeFormat(tag, options ?? { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(value)),
    // The pseudo-locale accents the list's own words ("and"), as it does every word of the catalog.
    list: (items) => new Intl.ListFormat(tag, { style: 'long', type: 'conjunction' }).formatToParts(items).map((part) => (part.type === 'literal' && locale === 'pseudo' ? accent(part.value) : part.value)).join(''),
    duration(ms) {
      const total = Math.max(0, Math.round(ms / 1000));
      const parts: [number, MessageKey][] = [
        [Math.floor(total / 86_400), 'common.duration.days'],
        [Math.floor((total % 86_400) / 3_600), 'common.duration.hours'],
        [Math.floor((total % 3_600) / 60), 'common.duration.minutes'],
        [total % 60, 'common.duration.seconds'],
      ];
      const first = parts.findIndex(([value]) => value > 0);
      if (first === -1) return made.t('common.duration.seconds', { n: 0 });
      return parts.slice(first, first + 2).filter(([value]) => value > 0).map(([value, key]) => made.t(key, { n: value })).join(' ');
    },
  };
  translators.set(locale, made);
  return made;
}
