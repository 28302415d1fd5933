import { KERNEL_LOG_KEYS } from '../engine/kernel-log.js';
import { notFound } from '../errors.js';
import { LOG_KEYS } from '../games/log-keys.js';
import { LANGUAGE_NAMES, logMessageKey, MESSAGES, type LogArgKind } from '../shared/i18n/index.js';
import type { ServiceContext } from './context.js';

/**
 * A game type's log keys and words (GET /v1/game-types/{type}/log-keys): every key its log lines may
 * carry (the game's own from src/games/<type>/log-keys.ts, the server's `kernel.*` lines), each
 * argument's kind, and the catalog's message in every written language; the game's terms (what
 * `{ term }` arguments name) and rule sentences (what `RULE_VIOLATION/<rule>` refusals mean) the same
 * way. Made from the tables and the catalog at run time, so it says what this server's release says.
 */
export const WRITTEN_LANGUAGES = Object.keys(LANGUAGE_NAMES) as (keyof typeof LANGUAGE_NAMES)[];

export const LOG_ARG_KINDS: Record<LogArgKind, string> = {
  seat: '`{ "seat": n }`: seat n\'s player (show their name: the account\'s username or the bot\'s)',
  seats: 'a list of `{ "seat": n }` (join the names as the language joins lists)',
  term: '`{ "term": "building.smithy" }`: a word of the game, the catalog\'s `<type>.term.<term>` (`terms` below)',
  terms: 'a list of `{ "term": … }`',
  number: 'a number (format it as the language does)',
  text: 'a string, shown as it is (a username, an admin\'s words)',
  entry: '`{ "entry": { message, key, args } }`: another log line, worded the same way (a take-back names the move it takes back)',
};

type Words = Record<string, string>;

const wordsOf = (key: string): Words => Object.fromEntries(WRITTEN_LANGUAGES.map((language) => [language, (MESSAGES[language] as Record<string, string>)[key] ?? '']));

/** The catalog's entries of a game under `<type>.<part>.`, by their name after it. */
function section(type: string, part: string): { name: string; catalogKey: string; messages: Words }[] {
  const prefix = `${type}.${part}.`;
  return Object.keys(MESSAGES.en).filter((key) => key.startsWith(prefix)).sort().map((key) => ({ name: key.slice(prefix.length), catalogKey: key, messages: wordsOf(key) }));
}

export function logWords(ctx: ServiceContext, type: string) {
  // Own keys only: `constructor` or `__proto__` name no game.
  if (!Object.hasOwn(ctx.catalog, type)) throw notFound(`Game type "${type}"`);
  const own = Object.hasOwn(LOG_KEYS, type) ? LOG_KEYS[type]! : {};
  const keys = [...Object.entries(own).sort(([a], [b]) => a.localeCompare(b)), ...Object.entries(KERNEL_LOG_KEYS)].map(([key, args]) => {
    const catalogKey = logMessageKey(type, key);
    return { key, catalogKey, args: args as Record<string, LogArgKind>, messages: wordsOf(catalogKey) };
  });
  const titleKey = `${type}.title`;
  return {
    type,
    languages: WRITTEN_LANGUAGES,
    format: 'ICU MessageFormat' as const,
    title: Object.hasOwn(MESSAGES.en, titleKey) ? wordsOf(titleKey) : null,
    argumentKinds: LOG_ARG_KINDS,
    keys,
    terms: section(type, 'term').map(({ name, catalogKey, messages }) => ({ term: name, catalogKey, messages })),
    rules: section(type, 'rule').map(({ name, catalogKey, messages }) => ({ rule: name, catalogKey, messages })),
    players: { catalogKey: 'common.player', messages: wordsOf('common.player') },
  };
}
