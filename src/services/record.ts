import type { Principal } from '../auth/tokens.js';
import { canonicalJson, stateHash } from '../engine/canonical.js';
import { ReplayError } from '../engine/replay.js';
import type { AnyGameDefinition } from '../engine/types.js';
import { servesVersion } from '../engine/versions.js';
import { conflict } from '../errors.js';
import { importedNames } from '../store/admin.js';
import type { EventKind, EventRecord, GameRecord, GameStatus } from '../store/games.js';
import type { ServiceContext } from './context.js';
import { seedCommitment } from './fairness.js';
import { allEvents } from './history.js';
import { loadVisibleGame } from './lobby.js';
import { setupInputOf, walkLog } from './timeline.js';

/**
 * The portable record of a game: everything needed to replay it (seed, options, rules version,
 * seats, every event with its action and time) and what it must come to. The public record of a
 * finished game (GET /v1/games/:id/record), the admin's export and the admin's import
 * (services/admin-records.ts) are this one format, versioned so a reader can refuse what it does
 * not understand.
 */
export interface GameRecordExport {
  format: typeof RECORD_FORMAT;
  /** The game's id on the server that wrote the record (an import gets a new one). */
  id: string;
  type: string;
  rulesVersion: number;
  seatCount: number;
  options: unknown;
  seedCommitment: string;
  seed: string;
  /** Who played each seat: an account's name (null: nobody, or a bot from the start) and the bot playing it at the end. */
  seats: { seat: number; username: string | null; bot: string | null }[];
  timeControl: unknown;
  status: GameStatus;
  events: RecordEvent[];
  /** stateHash (engine/canonical.ts) of the final state. */
  finalStateHash: string;
  result: unknown;
}

export interface RecordEvent {
  seq: number;
  kind: EventKind;
  seat: number | null;
  undoesSeq: number | null;
  action: unknown;
  /** When it happened (ISO 8601). */
  at: string;
}

export const RECORD_FORMAT = 'boardgame-record/1';
/** Records downloaded before the format carried seats, time control and event times; they still verify. */
const EARLIER_FORMATS: readonly string[] = ['boardgame-server/game-record@1'];

/** The record of `game` as stored now (imported seats keep the names their record gave). */
export async function recordOf(ctx: ServiceContext, game: GameRecord): Promise<GameRecordExport> {
  const [events, imported] = await Promise.all([allEvents(ctx, game.id), importedNames(ctx.db, game.id)]);
  return {
    format: RECORD_FORMAT, id: game.id, type: game.type, rulesVersion: game.rulesVersion, seatCount: game.seatCount, options: game.options,
    seedCommitment: seedCommitment(game.seed), seed: game.seed,
    seats: game.seats.map((seat) => ({ seat: seat.seat, username: seat.username ?? imported.get(seat.seat) ?? null, bot: seat.bot })),
    timeControl: game.timeControl, status: game.status,
    events: events.filter((event) => event.seq <= game.version).map(({ seq, kind, seat, undoesSeq, action, createdAt }) => ({ seq, kind, seat, undoesSeq, action, at: createdAt.toISOString() })),
    finalStateHash: stateHash(game.state), result: game.result,
  };
}

/** The record of a finished game the caller may see; refused before the end (the seed is still secret). */
export async function exportRecord(ctx: ServiceContext, principal: Principal | null, gameId: string): Promise<GameRecordExport> {
  const game = await loadVisibleGame(ctx, gameId, principal);
  if (game.status !== 'finished') throw conflict('GAME_NOT_FINISHED', 'The record, and the seed in it, are published once the game is over.');
  return recordOf(ctx, game);
}

/** Record events as the log walker reads them. */
export const walkableEvents = (events: readonly Pick<RecordEvent, 'seq' | 'kind' | 'seat' | 'undoesSeq' | 'action'>[]): EventRecord[] =>
  events.map((event) => ({ ...event, undoesSeq: event.undoesSeq ?? null, actorId: null, log: [], irreversible: false, createdAt: new Date(0) }));

export interface RecordCheck {
  ok: boolean;
  /** Every check made, in order, with its finding (the first failed one ends the list). */
  checks: { check: string; ok: boolean; detail?: string }[];
}

/**
 * Checks a record with nothing but the rules: the seed matches the commitment, every event replays
 * under the recorded rules version, and the replay ends in the recorded state and result. Pure (no
 * database): scripts/verify-record.ts runs it on a downloaded record.
 */
export function verifyRecord(catalog: Record<string, AnyGameDefinition>, record: GameRecordExport): RecordCheck {
  const checks: RecordCheck['checks'] = [];
  const check = (name: string, ok: boolean, detail?: string) => {
    checks.push(detail === undefined ? { check: name, ok } : { check: name, ok, detail });
    return ok;
  };
  const done = () => ({ ok: checks.every((entry) => entry.ok), checks });
  if (!check('format', record.format === RECORD_FORMAT || EARLIER_FORMATS.includes(record.format), `expected ${RECORD_FORMAT}, got ${String(record.format)}`)) return done();
  if (!check('commitment', seedCommitment(record.seed) === record.seedCommitment, 'SHA-256 of the seed is not the published commitment')) return done();
  const definition = catalog[record.type];
  if (!check('rules', definition !== undefined && servesVersion(definition, record.rulesVersion), `no rules for ${record.type} version ${record.rulesVersion}`)) return done();
  let final: unknown;
  try {
    final = walkLog(definition!, setupInputOf(record), walkableEvents(record.events)).state;
    check('replay', true);
  } catch (error) {
    if (!(error instanceof ReplayError)) throw error;
    check('replay', false, `event ${record.events[error.index]?.seq}: ${error.code}: ${error.message}`);
    return done();
  }
  if (!check('final state', stateHash(final) === record.finalStateHash, 'the replay ends in another state than the recorded one')) return done();
  const abandoned = (record.result as { abandoned?: boolean } | null)?.abandoned === true;
  const expected = abandoned ? record.result : definition!.outcome(final);
  check('result', canonicalJson(expected) === canonicalJson(record.result), abandoned ? undefined : 'the replayed outcome differs from the recorded result');
  return done();
}
