import type { Principal } from '../auth/tokens.js';
import { canonicalJson } from '../engine/canonical.js';
import { logFacts, visibleLog } from '../engine/log.js';
import { ReplayError } from '../engine/replay.js';
import type { LogEntry } from '../engine/types.js';
import { listEvents, type EventRecord, type GameRecord } from '../store/games.js';
import type { ServiceContext } from './context.js';
import { definitionFor } from './definitions.js';
import { loadGame, loadVisibleGame, seatOf } from './lobby.js';
import { setupInputOf, walkLog } from './timeline.js';

export const LOG_PAGE_LIMIT = 500;

export interface PlayerEvent {
  seq: number;
  seat: number | null;
  kind: string;
  undoesSeq: number | null;
  /** The action itself only for the seat that took it: others learn of it through the log entries. */
  action: unknown;
  log: LogEntry[];
  createdAt: string;
}

export function playerEvent(event: EventRecord, seat: number | null): PlayerEvent {
  return {
    seq: event.seq,
    seat: event.seat,
    kind: event.kind,
    undoesSeq: event.undoesSeq,
    action: seat !== null && event.seat === seat ? event.action : null,
    log: visibleLog(event.log, seat),
    createdAt: event.createdAt.toISOString(),
  };
}

/** Events after `after`, with only the log entries the caller's seat may read. */
export async function gameLog(ctx: ServiceContext, principal: Principal | null, gameId: string, after: number, limit = LOG_PAGE_LIMIT) {
  const game = await loadVisibleGame(ctx, gameId, principal);
  const seat = seatOf(game, principal);
  const events = await eventsThrough(ctx, gameId, after, game.version, Math.min(limit, LOG_PAGE_LIMIT));
  return { version: game.version, events: events.map((event) => playerEvent(event, seat)) };
}

/**
 * A game's events after `after` up to `version` (read from the primary or this process's cache), at
 * most `limit`, oldest first. A game's events never change once written (a take-back is an event of
 * its own), so they come from the read replica (`ctx.db.reads`) when it has replayed all of them
 * already, else from the primary: a log, a replay or a record is never short of an event it names.
 */
export async function eventsThrough(ctx: ServiceContext, gameId: string, after: number, version: number, limit: number): Promise<EventRecord[]> {
  const wanted = Math.max(0, Math.min(limit, version - after));
  if (wanted === 0) return [];
  if (ctx.db.reads !== ctx.db) {
    const replicated = await listEvents(ctx.db.reads, gameId, after, wanted);
    if (replicated.length === wanted) return replicated;
  }
  return listEvents(ctx.db, gameId, after, wanted);
}

// ---- admin: everything, including hidden information ----

const EVENT_PAGE = 5000;

/** Every event of a game up to its `version`, oldest first (paged reads, so a long game does not load in one query). */
export async function allEvents(ctx: ServiceContext, game: { id: string; version: number }): Promise<EventRecord[]> {
  const out: EventRecord[] = [];
  for (;;) {
    const page = await eventsThrough(ctx, game.id, out.at(-1)?.seq ?? 0, game.version, EVENT_PAGE);
    out.push(...page);
    if (page.length < EVENT_PAGE) return out;
  }
}

/**
 * A started game's state right after event `at` (at ≤ its version), from a walk of its log, with the
 * definition and the events walked: admin time travel, replays, and a subscription update that a
 * newer version overtook.
 */
export async function stateAfter(ctx: ServiceContext, game: GameRecord, at: number) {
  const definition = definitionFor(ctx, game);
  const events = await allEvents(ctx, { id: game.id, version: at });
  return { definition, events, state: walkLog(definition, setupInputOf(game), events).state };
}

/** Replays the whole log and compares every step's result with what was stored. */
export async function verifyGame(ctx: ServiceContext, gameId: string) {
  const game = await loadGame(ctx, gameId);
  if (game.startedAt === null) return { ok: true, version: 0, checkedEvents: 0, divergence: null };
  const definition = definitionFor(ctx, game);
  // Only the events the game row has taken in: a move committed since the row was read is not checked now.
  const events = await allEvents(ctx, game);
  const gaps = events.findIndex((event, index) => event.seq !== index + 1);
  if (gaps >= 0) return { ok: false, version: game.version, checkedEvents: gaps, divergence: { atEvent: gaps + 1, reason: `the log skips from seq ${gaps} to ${events[gaps]!.seq}` } };
  let divergence: { atEvent: number; reason: string } | null = null;
  try {
    const { state: final } = walkLog(definition, setupInputOf(game), events, (event, _state, engineLog) => {
      // The lines' facts, not their words (engine/log.ts `logFacts`): engines reword lines without a new rules version.
      if (divergence === null && engineLog !== null && logFacts(event.log) !== logFacts(engineLog)) {
        divergence = { atEvent: event.seq, reason: 'the replayed log entries differ from the stored ones in their data' };
      }
    });
    if (divergence === null && events.length !== game.version) {
      divergence = { atEvent: events.length, reason: `the game row says version ${game.version} but the log has ${events.length} events` };
    }
    if (divergence === null && canonicalJson(final) !== canonicalJson(game.state)) {
      divergence = { atEvent: game.version, reason: 'the replayed final state differs from the stored state' };
    }
  } catch (error) {
    if (!(error instanceof ReplayError)) throw error;
    divergence = { atEvent: events[error.index]!.seq, reason: `the rules refuse this event on replay: ${error.code}: ${error.message}` };
  }
  return { ok: divergence === null, version: game.version, checkedEvents: events.length, divergence };
}
