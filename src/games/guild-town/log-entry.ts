import type { LogEntry } from '../../engine/types.js';
import type { LogArg, LogArgsOfKey } from '../../shared/i18n/log.js';
import { TRACK_SPACES, type GuildId } from './data.js';
import { logKeys } from './log-keys.js';

/**
 * Guild town's one way to write a log entry: its English `message` (unchanged for replays and old
 * clients), its key (log-keys.ts) and arguments as data, and its `data` and `visibleTo` as before.
 */
type Keys = typeof logKeys;
export type LogKey = keyof Keys;
export type ArgsOf<K extends LogKey> = LogArgsOfKey<Keys, K>;

export function entry<K extends LogKey>(key: K, args: ArgsOf<K>, message: string, more: { data?: unknown; visibleTo?: number[] } = {}): LogEntry {
  return { message, key, args: args as Record<string, LogArg>, ...more };
}

export const who = (seat: number): { seat: number } => ({ seat });
/** A building card by id ("tannery (leather ← cow; red/blue)"). */
export const building = (id: number): { term: string } => ({ term: `building.${id}` });
/** A money card by id ("red 2"). */
export const money = (id: number): { term: string } => ({ term: `money.${id}` });
export const good = (name: string): { term: string } => ({ term: `good.${name}` });
export const guild = (id: GuildId): { term: string } => ({ term: `guild.${id}` });
export const tier = (row: string): { term: string } => ({ term: `tier.${row}` });
/** A space of a guild track as the board calls it: the first gold, the last silver, the one between "space 2". */
export function spaceTerm(space: number, seats: number): { term: string } {
  return { term: `space.${space === 0 ? 'gold' : space === TRACK_SPACES[seats]! - 1 ? 'silver' : space + 1}` };
}
