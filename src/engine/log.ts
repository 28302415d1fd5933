import { canonicalJson } from './canonical.js';
import type { LogEntry, Seat } from './types.js';

/**
 * The log entries `seat` may read (`null` = spectator: public entries only).
 * `visibleTo` itself is dropped: who else saw an entry is not the reader's business.
 */
export function visibleLog(entries: readonly LogEntry[], seat: Seat | null): LogEntry[] {
  return entries
    .filter((entry) => entry.visibleTo === undefined || (seat !== null && entry.visibleTo.includes(seat)))
    .map(({ message, key, args, data }) => ({ message, ...(key === undefined ? {} : { key, args: args ?? {} }), ...(data === undefined ? {} : { data }) }));
}

/**
 * "Seat 1 takes back their move: buys territory 3 for $4 (and the 2 moves after it)." The move is
 * named by its own public log line, which everyone read when it was made, never by its event number.
 */
export function undoMessage(seat: number, moveLog: readonly LogEntry[], movesSince: number): string {
  const own = new RegExp(`^Seat ${seat} `);
  const line = moveLog.map((entry) => entry.message).find((message) => own.test(message));
  const what = line ? `their move: ${line.replace(own, '').replace(/\.$/, '')}` : 'their last move';
  const after = movesSince === 0 ? '' : ` (and the ${movesSince === 1 ? 'move' : `${movesSince} moves`} after it)`;
  return `Seat ${seat} takes back ${what}${after}.`;
}

/**
 * What a step's log lines record beyond their words: each line's `data`, in order. The words are not
 * part of the rules: an engine may reword its lines, or add lines without data, under every rules
 * version alike, so a replay (the verifier, services/history.ts) compares these facts with the stored
 * lines, and a game stored before a rewording still verifies. Service lines (a timeout's "ran out of
 * time") carry no data.
 */
export const logFacts = (entries: readonly LogEntry[]): string => canonicalJson(entries.filter((entry) => entry.data !== undefined && entry.data !== null).map((entry) => entry.data)) ?? '';
