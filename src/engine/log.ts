import type { LogEntry, Seat } from './types.js';

/**
 * The log entries `seat` may read (`null` = spectator: public entries only).
 * `visibleTo` itself is dropped: who else saw an entry is not the reader's business.
 */
export function visibleLog(entries: readonly LogEntry[], seat: Seat | null): LogEntry[] {
  return entries
    .filter((entry) => entry.visibleTo === undefined || (seat !== null && entry.visibleTo.includes(seat)))
    .map(({ message, data }) => (data === undefined ? { message } : { message, data }));
}
