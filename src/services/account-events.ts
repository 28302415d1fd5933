import { badRequest } from '../errors.js';
import { seatsChangedSince } from '../store/changes.js';
import type { AccountEvent, ServiceContext } from './context.js';

/**
 * Resuming the account event stream (SSE `Last-Event-ID`, GraphQL `accountEvents(after:)`).
 *
 * An event's cursor is `<ms>-<gameId>:<version>`: the time it was sent (service clock) and what it
 * is about. Resuming from a cursor sends, for every game of the account changed since then (by
 * `games.updated_at`), one event with the game's current version, status and turn, then the live
 * events. Events carry ids and versions, never state, so the newest one of a game says all a
 * client needs; clients load the game (or its log) to see what happened. The window reaches
 * RESUME_MARGIN_MS further back, because a commit's time and its send time differ a little (and
 * replicas' clocks a little more): delivery is at least once, and `gameId`+`version` tells
 * duplicates apart.
 */
export const RESUME_MARGIN_MS = 10_000;
const RESUME_LIMIT = 1000;

export type CursoredEvent = AccountEvent & { cursor: string };

export const cursorOf = (event: AccountEvent, at: Date): string => `${at.getTime()}-${event.gameId}:${event.version}`;

/** The time of a cursor; a malformed one is a 400 (INVALID_EVENT_ID). */
export function cursorTime(cursor: string): Date {
  const match = /^(\d{1,15})-/.exec(cursor);
  if (!match) throw badRequest('INVALID_EVENT_ID', 'An event id looks like "1732363200123-<gameId>:<version>": send back one the stream gave you.');
  return new Date(Number(match[1]));
}

/** What a client that saw every event up to `cursor` has missed, oldest first. */
export async function missedEvents(ctx: ServiceContext, userId: string, cursor: string): Promise<CursoredEvent[]> {
  const since = new Date(cursorTime(cursor).getTime() - RESUME_MARGIN_MS);
  const changed = await seatsChangedSince(ctx.db, userId, since, RESUME_LIMIT);
  return changed.map((row) => {
    const event: AccountEvent = {
      type: 'game_updated', gameId: row.gameId, gameType: row.type, version: row.version, status: row.status,
      yourTurn: row.activeSeats.includes(row.seat) && row.bot === null, deadline: row.deadline?.toISOString() ?? null,
    };
    return { ...event, cursor: cursorOf(event, row.updatedAt) };
  });
}

/**
 * The live events after the missed ones: subscribe first (so nothing falls between), then read what was missed.
 * The stream ends, sending nothing more, at its first event after the account is disabled (services/admin-moderation.ts).
 */
export async function* resumed(ctx: ServiceContext, userId: string, after: string | undefined, live: AsyncIterable<AccountEvent>): AsyncGenerator<CursoredEvent> {
  if (after !== undefined) yield* await missedEvents(ctx, userId, after);
  for await (const event of live) {
    if (await ctx.accounts.isDisabled(userId)) return;
    yield { ...event, cursor: cursorOf(event, ctx.now()) };
  }
}
