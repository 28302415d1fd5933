import type { LogEntry } from '../../engine/types.js';
import type { LogArg, LogArgsOfKey } from '../../shared/i18n/log.js';
import { logKeys } from './log-keys.js';

/**
 * Milestone city's one way to write a log entry: its English `message` (unchanged for replays and
 * old clients), its key (log-keys.ts) and arguments as data, and its `data` as before.
 */
type Keys = typeof logKeys;
export type ArgsOf<K extends keyof Keys> = LogArgsOfKey<Keys, K>;

export function entry<K extends keyof Keys>(key: K, args: ArgsOf<K>, message: string, data?: unknown): LogEntry {
  return { message, key, args: args as Record<string, LogArg>, ...(data === undefined ? {} : { data }) };
}

export const who = (seat: number): { seat: number } => ({ seat });
/** A construction card by its kind (the id without its copy number: `clinic-2` is a `clinic`). */
export const card = (kind: string): { term: string } => ({ term: `card.${kind}` });
export const tile = (id: string): { term: string } => ({ term: `tile.${id}` });
/** A milestone by its place in the game (0-based index: the first is `milestone.1`). */
export const milestone = (index: number): { term: string } => ({ term: `milestone.${index + 1}` });
