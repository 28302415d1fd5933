/**
 * A game's log entry in the reader's language. Every entry an engine writes carries a stable `key`
 * (the catalog's `<game type>.log.<key>`) and its `args`, beside the English `message`. Arguments
 * are data and say what they are, so any client can render them (docs/i18n.md):
 *   a number, a string (shown as it is), `{ seat: 1 }` (that seat's player name),
 *   `{ term: 'building.smithy' }` (the catalog's `<game type>.term.building.smithy`), `{ entry }`
 *   (another log entry, rendered the same way: a take-back names the move it takes back), or a list
 *   of these (joined as the language joins lists: "a, b and c").
 * Keys starting `kernel.` are the service's own lines, the same for every game (a timeout, a
 * resignation, a take-back): the catalog's `common.kernel.<name>`.
 * Entries stored before keys existed have only their English message: `renderLogEntry` returns
 * undefined for them, and the caller shows the message as it did before.
 */
import type { MessageKey } from './catalog.js';
import type { Translator } from './translator.js';

export type LogArg = string | number | { seat: number } | { term: string } | { entry: KeyedLogEntry } | readonly LogArg[];
export type LogArgs = Record<string, LogArg>;

export interface KeyedLogEntry {
  message: string;
  key?: string;
  args?: LogArgs;
}

/** What each argument of a log key is, declared per game (src/games/<type>/log-keys.ts) for tests and the API's types. */
export type LogArgKind = 'seat' | 'term' | 'number' | 'text' | 'seats' | 'terms' | 'entry';
export type LogKeySpec = Record<string, Record<string, LogArgKind>>;

/** The value an argument of a kind takes. */
export type LogArgOfKind<K extends LogArgKind> = K extends 'seat' ? { seat: number }
  : K extends 'term' ? { term: string }
  : K extends 'number' ? number
  : K extends 'text' ? string
  : K extends 'seats' ? { seat: number }[]
  : K extends 'terms' ? { term: string }[]
  : { entry: KeyedLogEntry };

/** The arguments key `K` of a game's table `S` takes, typed from the table (each game's entry builder uses it). */
export type LogArgsOfKey<S extends LogKeySpec, K extends keyof S> = { [A in keyof S[K]]: LogArgOfKind<S[K][A] & LogArgKind> };

/** The catalog key of a game's log key. */
export const logMessageKey = (type: string, key: string): string => (key.startsWith('kernel.') ? `common.${key}` : `${type}.log.${key}`);
/** The catalog key of a game's term ("building.smithy"). */
export const termMessageKey = (type: string, term: string): string => `${type}.term.${term}`;

export function renderLogArg(tr: Translator, type: string, arg: LogArg, names: readonly string[]): string | number {
  if (typeof arg === 'number' || typeof arg === 'string') return arg;
  if (Array.isArray(arg)) return tr.list(arg.map((item: LogArg) => String(renderLogArg(tr, type, item, names))));
  if ('seat' in arg) return names[arg.seat] ?? tr.t('common.player', { n: arg.seat + 1 });
  if ('entry' in arg) return (renderLogEntry(tr, type, arg.entry, names) ?? arg.entry.message).replace(/\.$/, '');
  const key = termMessageKey(type, (arg as { term: string }).term);
  return tr.has(key) ? tr.t(key) : (arg as { term: string }).term;
}

/** The entry's line in `tr`'s language, or undefined when the entry has no key the catalog knows. */
export function renderLogEntry(tr: Translator, type: string, entry: KeyedLogEntry, names: readonly string[]): string | undefined {
  if (!entry.key) return undefined;
  const key = logMessageKey(type, entry.key);
  if (!tr.has(key)) return undefined;
  const args: Record<string, string | number> = {};
  for (const [name, arg] of Object.entries(entry.args ?? {})) args[name] = renderLogArg(tr, type, arg, names);
  return tr.t(key as MessageKey, args);
}
