import type { LogEntry } from '../../engine/types.js';
import type { LogArgs } from '../../shared/i18n/log.js';
import { moneyCard } from './data.js';
import type { LogArgsOf, LogKey } from './log-keys.js';

/**
 * A log entry: its key and arguments (log-keys.ts), which every language renders, beside the English
 * line exactly as the engine always wrote it (replays and stored games read `message` and `data`).
 */
export function entry<K extends LogKey>(key: K, args: LogArgsOf<K>, message: string, data?: unknown): LogEntry {
  return data === undefined ? { message, key, args: args as LogArgs } : { message, key, args: args as LogArgs, data };
}

/** Log arguments: a seat (its player's name), a building card (type and price), a currency, a money card. */
export const who = (seat: number): { seat: number } => ({ seat });
export const cardTerm = (building: number): { term: string } => ({ term: `card.${building}` });
export const currencyTerm = (currency: string): { term: string } => ({ term: `currency.${currency}` });
export const moneyTerm = (id: string): { term: string } => ({ term: `money.${moneyCard(id).currency}.${moneyCard(id).value}` });
