import type { KeyedLogEntry, LogKeySpec } from '../shared/i18n/log.js';
import type { LogEntry } from './types.js';
import { undoMessage } from './log.js';

/**
 * The service's own log lines (not an engine's): the game's start, a timeout, a take-back, a
 * resignation, a seat handed to a bot, an admin's abort, a move to newer rules. Each carries a
 * `kernel.<name>` key and its arguments beside its English `message` (unchanged, as clients without
 * a catalog read it); the catalog words them as `common.kernel.<name>` (src/shared/i18n/messages/<locale>/common.ts),
 * the same for every game. `KERNEL_LOG_KEYS` declares each key's arguments (for tests and the API).
 */
export const KERNEL_LOG_KEYS = {
  'kernel.start': { players: 'number' },
  'kernel.timeout': { seat: 'seat' },
  'kernel.bot-plays': { seat: 'seat' },
  'kernel.undo': { seat: 'seat', entry: 'entry', after: 'number' },
  'kernel.undo.last': { seat: 'seat', after: 'number' },
  'kernel.undo.all': { seat: 'seat' },
  'kernel.resign': { seat: 'seat' },
  'kernel.resign.closed': { seat: 'seat' },
  'kernel.replace': { seat: 'seat' },
  'kernel.replace.player': { player: 'text' },
  'kernel.abort': {},
  'kernel.abort.reason': { reason: 'text' },
  'kernel.abort.bot-limit': { events: 'number', limit: 'number' },
  'kernel.rules': { from: 'number', to: 'number' },
  'kernel.rules.newer': {},
} as const satisfies LogKeySpec;

export type KernelLogKey = keyof typeof KERNEL_LOG_KEYS;

/** "The game starts with 3 players." */
export const startEntry = (players: number): LogEntry => ({ message: `The game starts with ${players} players.`, key: 'kernel.start', args: { players } });

/** "Seat 1 ran out of time." */
export const timeoutEntry = (seat: number): LogEntry => ({ message: `Seat ${seat} ran out of time.`, key: 'kernel.timeout', args: { seat: { seat } } });

/** "A bot (hard) now plays seat 1." (after too many missed deadlines) */
export const botPlaysEntry = (seat: number, bot: string): LogEntry => ({ message: `A bot (${bot}) now plays seat ${seat}.`, key: 'kernel.bot-plays', args: { seat: { seat } } });

/**
 * "Seat 1 takes back their move: buys territory 3 for $4 (and the 2 moves after it)." The move is
 * named by its own public line (an `{ entry }` argument, rendered in the reader's language); without
 * one, "their last move".
 */
export function undoEntry(seat: number, moveLog: readonly LogEntry[], movesSince: number, data?: unknown): LogEntry {
  const own = new RegExp(`^Seat ${seat} `);
  const line = moveLog.find((entry) => own.test(entry.message));
  const entry: KeyedLogEntry | undefined = line && { message: line.message, ...(line.key === undefined ? {} : { key: line.key, args: line.args ?? {} }) };
  return {
    message: undoMessage(seat, moveLog, movesSince),
    ...(entry ? { key: 'kernel.undo', args: { seat: { seat }, entry: { entry }, after: movesSince } } : { key: 'kernel.undo.last', args: { seat: { seat }, after: movesSince } }),
    ...(data === undefined ? {} : { data }),
  };
}

/** "Seat 1 resigns; a bot (hard) plays on for them." / "Seat 1 resigns; nobody is left, so the game is closed." */
export const resignEntry = (seat: number, bot: string, abandon: boolean): LogEntry => (abandon
  ? { message: `Seat ${seat} resigns; nobody is left, so the game is closed.`, key: 'kernel.resign.closed', args: { seat: { seat } } }
  : { message: `Seat ${seat} resigns; a bot (${bot}) plays on for them.`, key: 'kernel.resign', args: { seat: { seat } } });

/** "An admin gave seat 1 (ann) to a bot (hard), which plays on." (the replaced player by name: the seat is the bot's now) */
export const replaceEntry = (seat: number, replaced: string | null, bot: string): LogEntry => ({
  message: `An admin gave seat ${seat}${replaced ? ` (${replaced})` : ''} to a bot (${bot}), which plays on.`,
  ...(replaced ? { key: 'kernel.replace.player', args: { player: replaced } } : { key: 'kernel.replace', args: { seat: { seat } } }),
});

/** "An admin aborted the game." / "An admin aborted the game: <reason>" (the admin's own words, as written). */
export const abortEntry = (reason: string | undefined): LogEntry => (reason
  ? { message: `An admin aborted the game: ${reason}`, key: 'kernel.abort.reason', args: { reason } }
  : { message: 'An admin aborted the game.', key: 'kernel.abort', args: {} });

/** A bot game that went on too long. */
export const botLimitAbortEntry = (events: number, limit: number): LogEntry => ({
  message: `The game is aborted: it reached ${events} events with a bot still to move (the limit is ${limit}).`, key: 'kernel.abort.bot-limit', args: { events, limit },
});

/** "The game now follows rules version 3 (was 2). version 3: …" (the versions' changes stay English: the catalog names the versions). */
export const rulesEntry = (from: number, to: number, changes: readonly string[]): LogEntry => ({
  message: `The game now follows rules version ${to} (was ${from}). ${changes.join(' ')}`, key: 'kernel.rules', args: { from, to }, data: { from, to },
});

/** The lines of an imported record's service events (services/admin-records.ts): what the record tells of them. */
export function importedServiceEntry(kind: string, seat: number | null): LogEntry | null {
  switch (kind) {
    case 'undo': return { message: `Seat ${seat} takes back a move and every move after it.`, key: 'kernel.undo.all', args: { seat: { seat: seat ?? 0 } } };
    case 'resign': return { message: `Seat ${seat} resigns; a bot plays on for them.`, key: 'kernel.resign', args: { seat: { seat: seat ?? 0 } } };
    case 'replace': return { message: `An admin gave seat ${seat} to a bot.`, key: 'kernel.replace', args: { seat: { seat: seat ?? 0 } } };
    case 'abort': return abortEntry(undefined);
    case 'rules': return { message: 'The game moved to newer rules.', key: 'kernel.rules.newer', args: {} };
    default: return null;
  }
}
