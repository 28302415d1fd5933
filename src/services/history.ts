import type { Principal } from '../auth/tokens.js';
import { canonicalJson } from '../engine/canonical.js';
import { visibleLog } from '../engine/log.js';
import { ReplayError } from '../engine/replay.js';
import type { LogEntry } from '../engine/types.js';
import { listEvents, type EventRecord } from '../store/games.js';
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
  const events = await listEvents(ctx.db, gameId, after, Math.min(limit, LOG_PAGE_LIMIT));
  return { version: game.version, events: events.map((event) => playerEvent(event, seat)) };
}

// ---- admin: everything, including hidden information ----

/** Every event of a game, oldest first (paged reads, so a long game does not load in one query). */
export async function allEvents(ctx: ServiceContext, gameId: string): Promise<EventRecord[]> {
  const out: EventRecord[] = [];
  for (;;) {
    const page = await listEvents(ctx.db, gameId, out.at(-1)?.seq ?? 0, 5000);
    out.push(...page);
    if (page.length < 5000) return out;
  }
}

/** Replays the whole log and compares every step's result with what was stored. */
export async function verifyGame(ctx: ServiceContext, gameId: string) {
  const game = await loadGame(ctx, gameId);
  if (game.startedAt === null) return { ok: true, version: 0, checkedEvents: 0, divergence: null };
  const definition = definitionFor(ctx, game);
  // Only the events the game row has taken in: a move committed since the row was read is not checked now.
  const events = (await allEvents(ctx, gameId)).filter((event) => event.seq <= game.version);
  const gaps = events.findIndex((event, index) => event.seq !== index + 1);
  if (gaps >= 0) return { ok: false, version: game.version, checkedEvents: gaps, divergence: { atEvent: gaps + 1, reason: `the log skips from seq ${gaps} to ${events[gaps]!.seq}` } };
  let divergence: { atEvent: number; reason: string } | null = null;
  try {
    const { state: final } = walkLog(definition, setupInputOf(game), events, (event, _state, engineLog) => {
      // Stored logs may open with the service's own lines (a timeout's "ran out of time"): compare the engine's part.
      if (divergence === null && engineLog !== null && canonicalJson(event.log.slice(event.log.length - engineLog.length)) !== canonicalJson(engineLog)) {
        divergence = { atEvent: event.seq, reason: 'the replayed log entries differ from the stored ones' };
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
