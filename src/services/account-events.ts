import { badRequest } from '../errors.js';
import { missedEventsOf, seatsChangedSince, type ChangedSeat } from '../store/changes.js';
import type { AccountEvent, ServiceContext } from './context.js';
import { definitionFor } from './definitions.js';
import { allEvents } from './history.js';
import { loadGame } from './lobby.js';
import { setupInputOf, walkLog } from './timeline.js';
import { turnStarts } from '../engine/turns.js';

/**
 * Resuming the account event stream (SSE `Last-Event-ID`, GraphQL `accountEvents(after:)`).
 *
 * An event's cursor is `<ms>-<gameId>:<version>`: when the event was written (or sent, for live
 * events) and what it is about. Resuming from a cursor replays, from the games' event logs, every
 * event the client missed, oldest first: of the cursor's game those after its version (exact), of
 * its other games those written since the cursor's time, reaching RESUME_MARGIN_MS further back
 * because a commit's time and its send time differ a little (and replicas' clocks a little more),
 * so a few may come twice: `gameId` + `version` tells duplicates apart. The window:
 * - per game, at most `ctx.resume.eventsPerGame` (RESUME_EVENTS_PER_GAME, 100): a game that missed
 *   more gets a `gap` event (`fromVersion`…`version`: reload the game or its log) and then its
 *   newest event only;
 * - a cursor older than `ctx.resume.windowMs` (RESUME_WINDOW_MINUTES, 60) gets one `gap` event
 *   for the whole account (`gameId` null) and each changed game's newest event.
 * A replayed event's `deadline` is only known for a game's newest event (older ones carry null);
 * its `yourTurn` comes from replaying the game's log with its own rules.
 */
export const RESUME_MARGIN_MS = 10_000;
const RESUME_LIMIT = 1000;

export type CursoredEvent = AccountEvent & { cursor: string };
/** Events were left out beyond the resume window: reload (the game, or every game when `gameId` is null). */
export interface GapEvent {
  type: 'gap';
  gameId: string | null;
  gameType: string | null;
  /** The first version not delivered one by one (null: the whole account). */
  fromVersion: number | null;
  /** The game's version now (its newest event follows). */
  version: number | null;
}
export type StreamEvent = CursoredEvent | GapEvent;

export const cursorOf = (event: AccountEvent, at: Date): string => `${at.getTime()}-${event.gameId}:${event.version}`;

const CURSOR = /^(\d{1,15})-(?:([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}):(\d{1,9}))?/i;

/** A cursor's time and, when it names one, its game and version; a malformed one is a 400 (INVALID_EVENT_ID). */
export function parseCursor(cursor: string): { at: Date; seen: { gameId: string; version: number } | null } {
  const match = CURSOR.exec(cursor);
  if (!match) throw badRequest('INVALID_EVENT_ID', 'An event id looks like "1732363200123-<gameId>:<version>": send back one the stream gave you.');
  return { at: new Date(Number(match[1])), seen: match[2] ? { gameId: match[2].toLowerCase(), version: Number(match[3]) } : null };
}

/** The time of a cursor; a malformed one is a 400 (INVALID_EVENT_ID). */
export const cursorTime = (cursor: string): Date => parseCursor(cursor).at;

/** Each missed event's active seats and the seats whose turn it began, from a replay of the game's log (null when its rules are not served here). */
async function activeSeatsByVersion(ctx: ServiceContext, gameId: string): Promise<Map<number, { active: number[]; started: number[] }> | null> {
  try {
    const game = await loadGame(ctx, gameId);
    const definition = definitionFor(ctx, game);
    const bySeq = new Map<number, { active: number[]; started: number[] }>();
    let before: { state: unknown; activeSeats: number[] } = { state: null, activeSeats: [] };
    walkLog(definition, setupInputOf(game), await allEvents(ctx, game), (event, state) => {
      const after = { state, activeSeats: definition.outcome(state) === null ? definition.activeSeats(state) : [] };
      const mover = event.kind === 'action' || event.kind === 'timeout' ? event.seat : null;
      bySeq.set(event.seq, { active: after.activeSeats, started: event.kind === 'start' ? after.activeSeats : turnStarts(definition, before, after, mover) });
      before = after;
    });
    return bySeq;
  } catch {
    return null;
  }
}

/** What a client that saw every event up to `cursor` has missed, oldest first. */
export async function missedEvents(ctx: ServiceContext, userId: string, cursor: string): Promise<StreamEvent[]> {
  const { at, seen } = parseCursor(cursor);
  const since = new Date(at.getTime() - RESUME_MARGIN_MS);
  const changed = await seatsChangedSince(ctx.db, userId, since, RESUME_LIMIT);
  const newest = (row: ChangedSeat): CursoredEvent => {
    const event: AccountEvent = {
      type: 'game_updated', gameId: row.gameId, gameType: row.type, version: row.version, status: row.status,
      yourTurn: row.activeSeats.includes(row.seat) && row.bot === null, deadline: row.deadline?.toISOString() ?? null,
      // Without the log at hand (after a gap) a seat to act is told its turn began: it may have missed the start.
      turnStarted: row.activeSeats.includes(row.seat) && row.bot === null,
    };
    return { ...event, cursor: cursorOf(event, row.updatedAt) };
  };
  if (ctx.now().getTime() - at.getTime() > ctx.resume.windowMs) {
    return [{ type: 'gap', gameId: null, gameType: null, fromVersion: null, version: null }, ...changed.map(newest)];
  }
  const perGame = ctx.resume.eventsPerGame;
  const rows = await missedEventsOf(ctx.db, changed.map((row) => row.gameId), seen, since, perGame);
  const out: { at: number; order: number; event: StreamEvent }[] = [];
  for (const [order, game] of changed.entries()) {
    // Events written after the game row was read arrive live (the stream subscribed first).
    const missed = rows.filter((row) => row.gameId === game.gameId && row.seq <= game.version);
    if (missed.length === 0) {
      // An open game (or one aborted before its start) changes without events: its newest state, once.
      if (game.version === 0) out.push({ at: game.updatedAt.getTime(), order, event: newest(game) });
      continue;
    }
    const last = missed.at(-1)!;
    if (missed[0]!.missed > perGame || last.seq !== game.version) {
      out.push({ at: last.createdAt.getTime(), order, event: { type: 'gap', gameId: game.gameId, gameType: game.type, fromVersion: game.version - missed[0]!.missed + 1, version: game.version } });
      out.push({ at: last.createdAt.getTime(), order, event: newest(game) });
      continue;
    }
    const active = await activeSeatsByVersion(ctx, game.gameId);
    for (const row of missed) {
      const started = game.bot === null && (active?.get(row.seq)?.started.includes(game.seat) ?? false);
      if (row.seq === game.version) {
        const event = { ...newest(game), ...(active ? { turnStarted: started } : {}) };
        out.push({ at: row.createdAt.getTime(), order, event: { ...event, cursor: cursorOf(event, row.createdAt) } });
        continue;
      }
      const event: AccountEvent = {
        type: 'game_updated', gameId: game.gameId, gameType: game.type, version: row.seq, status: 'active',
        yourTurn: game.bot === null && (active?.get(row.seq)?.active.includes(game.seat) ?? false), deadline: null, turnStarted: started,
      };
      out.push({ at: row.createdAt.getTime(), order, event: { ...event, cursor: cursorOf(event, row.createdAt) } });
    }
  }
  // Oldest first; a game's own events keep their order (a stable sort of events listed per game in seq order).
  return out.sort((a, b) => a.at - b.at || a.order - b.order).map((entry) => entry.event);
}

/**
 * The live events after the missed ones: subscribe first (so nothing falls between), then read what was missed.
 * Callers wrap it in followingAccess (services/stream-access.ts): it ends when the account is disabled or its token ends.
 */
export async function* resumed(ctx: ServiceContext, userId: string, after: string | undefined, live: AsyncIterable<AccountEvent>): AsyncGenerator<StreamEvent> {
  if (after !== undefined) yield* await missedEvents(ctx, userId, after);
  for await (const event of live) yield { ...event, cursor: cursorOf(event, ctx.now()) };
}
