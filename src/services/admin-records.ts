import type { Principal } from '../auth/tokens.js';
import { canonicalJson, stateHash } from '../engine/canonical.js';
import { ReplayError } from '../engine/replay.js';
import { schemaErrors } from '../engine/schema.js';
import type { AnyGameDefinition, LogEntry } from '../engine/types.js';
import { servesVersion } from '../engine/versions.js';
import { badRequest, conflict, unprocessable } from '../errors.js';
import type { Prisma } from '../store/db.js';
import type { EventKind, GameStatus } from '../store/games.js';
import { verifyAndRecord } from './admin-games.js';
import { TimeControlSchema } from './clock.js';
import type { ServiceContext } from './context.js';
import { seedCommitment } from './fairness.js';
import { loadGame } from './lobby.js';
import { rngMoved, START_SEQ, startLog } from './progress.js';
import { seedsProblem } from '../engine/record.js';
import { EARLIER_FORMATS, RECORD_FORMAT, recordOf, type GameRecordExport } from './record.js';
import { setupInputOf, walkLog } from './timeline.js';
import { importedServiceEntry } from '../engine/kernel-log.js';

/**
 * Export and import of portable game records (format `boardgame-record/3`, `/2` or `/1`, src/engine/record.ts).
 *
 * An import is replayed under its recorded rules version and checked BEFORE anything is stored:
 * every event must be legal, the replay must end the game (finished with the recorded result, or
 * as recorded: abandoned, aborted) and land on `finalStateHash` when given. A record that does not
 * replay is refused with the event that fails (`atEvent`, `reason`), nothing stored.
 *
 * Seats: a `username` that is an account here gives that account the seat (so the game shows in
 * its history and the player may replay it); any other name is kept as the seat's imported name,
 * without an account. The stored game gets a new id, `importedAt`, the importing admin as its
 * creator, and is verified at once (its verdict stored like any verify). `importedAt` is public
 * (the game, the lists, the record): the commitment of an imported game is published at its
 * import, after its deal is known, so its record proves only that it replays, never a fair deal.
 */
export const IMPORT_MAX_EVENTS = 20_000;
/** The largest import body (the rest of the API keeps BODY_LIMIT_BYTES). */
export const IMPORT_BODY_LIMIT_BYTES = 8 * 1024 * 1024;

/** A record as an import accepts it: what an export gives, with the derivable fields optional. */
export interface RecordInput {
  format: typeof RECORD_FORMAT | (typeof EARLIER_FORMATS)[0] | (typeof EARLIER_FORMATS)[1];
  id?: string;
  type: string;
  rulesVersion: number;
  seatCount?: number;
  options: unknown;
  seed: string;
  seedCommitment?: string;
  /** 1 when absent (records of format boardgame-record/1). */
  seedDerivation?: number;
  clientSeeds?: (string | null)[] | null;
  seats: { seat: number; username: string | null; bot: string | null }[];
  timeControl?: unknown;
  status?: GameStatus;
  /** Ignored: the game is imported now, whatever the record says. */
  importedAt?: string | null;
  events: { seq: number; kind?: EventKind; seat: number | null; undoesSeq?: number | null; action: unknown; at?: string }[];
  finalStateHash?: string;
  result?: unknown;
}

/** The admin's export of any started game (the public record waits for the end; an admin sees the seed anyway). */
export async function exportGame(ctx: ServiceContext, gameId: string): Promise<GameRecordExport> {
  const game = await loadGame(ctx, gameId);
  if (game.startedAt === null) throw unprocessable('GAME_NOT_STARTED', 'The game has not started (or was aborted before it did): there is nothing to export.');
  return recordOf(ctx, game);
}

const doesNotReplay = (atEvent: number, reason: string) =>
  unprocessable('RECORD_DOES_NOT_REPLAY', `The record does not replay: event ${atEvent}: ${reason}. Nothing was stored.`, { atEvent, reason });

/** Log lines of the events the engine does not apply (the engine's own lines come from the replay). */
function serviceLog(event: { kind: EventKind; seat: number | null; undoesSeq?: number | null }, seatCount: number): LogEntry[] {
  switch (event.kind) {
    case 'start': return startLog(seatCount);
    default: {
      const entry = importedServiceEntry(event.kind, event.seat);
      return entry ? [entry] : [];
    }
  }
}

interface Replayed {
  events: { seq: number; seat: number | null; kind: EventKind; undoesSeq: number | null; action: unknown; log: LogEntry[]; irreversible: boolean; createdAt: Date }[];
  state: unknown;
  status: GameStatus;
  result: unknown;
}

/** Checks and replays `record` (throws the refusal); pure but for the catalog. */
function replayRecord(definition: AnyGameDefinition, record: RecordInput, seatCount: number, now: Date): Replayed {
  if (record.seedCommitment !== undefined && seedCommitment(record.seed) !== record.seedCommitment) throw doesNotReplay(0, 'SHA-256 of the seed is not the recorded seedCommitment');
  const seedsWrong = seedsProblem({ seedDerivation: record.seedDerivation, clientSeeds: record.clientSeeds, seatCount });
  if (seedsWrong !== null) throw doesNotReplay(0, seedsWrong);
  const events = record.events.map((event) => ({ ...event, kind: event.kind ?? 'action', undoesSeq: event.undoesSeq ?? null }));
  events.forEach((event, index) => {
    if (event.seq !== index + 1) throw doesNotReplay(event.seq, `events are numbered 1, 2, 3… in order; expected ${index + 1} here`);
    const applies = event.kind === 'action' || event.kind === 'timeout';
    if (applies || event.kind === 'undo' || event.kind === 'resign' || event.kind === 'replace') {
      if (event.seat === null || event.seat >= seatCount) throw doesNotReplay(event.seq, `a ${event.kind} event needs a seat from 0 to ${seatCount - 1}`);
    }
    if (event.kind === 'undo' && (event.undoesSeq === null || event.undoesSeq >= event.seq)) throw doesNotReplay(event.seq, 'an undo names an earlier event in undoesSeq');
    if (event.kind === 'start' && event.seq !== START_SEQ) throw doesNotReplay(event.seq, 'a start event can only be the first');
    if (event.kind === 'abort' && index !== events.length - 1) throw doesNotReplay(event.seq, 'nothing can follow an abort');
    if (applies) {
      const errors = schemaErrors(definition.actionSchema, event.action);
      if (errors.length > 0) throw doesNotReplay(event.seq, `not a ${definition.title} action: ${errors.join('; ')}`);
    }
  });
  const logs: LogEntry[][] = [];
  const irreversible: boolean[] = [];
  let previous: unknown = null;
  let final: unknown;
  try {
    const walk = walkLog(definition, setupInputOf({ seatCount, options: record.options, seed: record.seed, seedDerivation: record.seedDerivation, clientSeeds: record.clientSeeds, rulesVersion: record.rulesVersion }), events, (event, state, engineLog, flagged) => {
      logs.push(engineLog ?? serviceLog(event, seatCount));
      irreversible.push(engineLog === null || flagged || rngMoved(previous, state));
      previous = state;
    });
    final = walk.state;
  } catch (error) {
    if (error instanceof ReplayError) throw doesNotReplay(events[error.index]!.seq, `the rules refuse it: ${error.code}: ${error.message}`);
    // An engine that throws on a well-formed but impossible action: the event after the last one replayed.
    throw doesNotReplay(events[logs.length]?.seq ?? events.length, `the rules cannot apply it (${(error as Error).message})`);
  }
  const last = events.at(-1);
  const lastSeq = last?.seq ?? 0;
  const outcome = definition.outcome(final);
  let status: GameStatus;
  let result: unknown;
  if (outcome !== null) [status, result] = ['finished', outcome];
  else if (last?.kind === 'abort') [status, result] = ['aborted', null];
  else if (last?.kind === 'resign' && (record.result as { abandoned?: unknown } | null | undefined)?.abandoned === true) [status, result] = ['finished', record.result];
  else throw unprocessable('RECORD_NOT_FINISHED', `The record's ${events.length} events do not end the game; only games that are over can be imported. Nothing was stored.`, { atEvent: lastSeq });
  if (record.result !== undefined && canonicalJson(record.result) !== canonicalJson(result)) throw doesNotReplay(lastSeq, 'the replay ends with another result than the recorded one');
  if (record.finalStateHash !== undefined && stateHash(final) !== record.finalStateHash) throw doesNotReplay(lastSeq, 'the replay ends in another state than the recorded one (finalStateHash)');
  const times = events.map((event) => (event.at === undefined ? now : new Date(event.at)));
  return {
    events: events.map((event, index) => ({ seq: event.seq, seat: event.seat, kind: event.kind, undoesSeq: event.undoesSeq, action: event.action, log: logs[index]!, irreversible: irreversible[index]!, createdAt: times[index]! })),
    state: final, status, result,
  };
}

export interface ImportResult {
  id: string;
  status: GameStatus;
  version: number;
  importedAt: string;
  /** Seats given to accounts of this server, and seats kept as names only. */
  seats: { seat: number; username: string | null; account: boolean; bot: string | null }[];
  verify: Awaited<ReturnType<typeof verifyAndRecord>>;
}

export async function importRecord(ctx: ServiceContext, principal: Principal, record: RecordInput): Promise<ImportResult> {
  const definition = ctx.catalog[record.type];
  if (!definition) throw badRequest('UNKNOWN_GAME_TYPE', `There is no game type "${record.type}". GET /v1/game-types lists them.`);
  if (!servesVersion(definition, record.rulesVersion)) {
    throw conflict('RULES_VERSION_UNSUPPORTED', `This server does not run rules version ${record.rulesVersion} of "${record.type}" (its newest is version ${definition.rulesVersion}).`);
  }
  const seatCount = record.seats.length;
  const { min, max } = definition.players;
  if (seatCount < min || seatCount > max) throw badRequest('INVALID_SEAT_COUNT', `${definition.title} takes ${min} to ${max} players, not ${seatCount}.`);
  if (record.seatCount !== undefined && record.seatCount !== seatCount) throw badRequest('INVALID_RECORD', `seatCount says ${record.seatCount} but ${seatCount} seats are listed.`);
  if (record.seats.some((seat, index) => seat.seat !== index)) throw badRequest('INVALID_RECORD', 'Seats are listed in order, numbered 0, 1, 2…');
  if (record.events.length > IMPORT_MAX_EVENTS) throw badRequest('INVALID_RECORD', `A record holds at most ${IMPORT_MAX_EVENTS} events.`);
  const optionErrors = schemaErrors(definition.optionsSchema, record.options);
  if (optionErrors.length > 0) throw badRequest('INVALID_OPTIONS', `The options are not valid for ${definition.title}: ${optionErrors.join('; ')}`, { errors: optionErrors });
  const timeControl = record.timeControl ?? { kind: 'none' };
  const timeErrors = schemaErrors(TimeControlSchema, timeControl);
  if (timeErrors.length > 0) throw badRequest('INVALID_TIME_CONTROL', `The time control is not valid: ${timeErrors.join('; ')}`, { errors: timeErrors });
  for (const seat of record.seats) {
    if (seat.bot !== null && !['random', ...Object.keys(definition.bots ?? {})].includes(seat.bot)) throw badRequest('UNKNOWN_BOT', `${definition.title} has no bot "${seat.bot}".`);
  }
  if (record.events.some((event) => event.at !== undefined && Number.isNaN(Date.parse(event.at)))) throw badRequest('INVALID_RECORD', 'An event time (`at`) is not an ISO 8601 date and time.');
  const names = record.seats.flatMap((seat) => (seat.username === null ? [] : [seat.username.toLowerCase()]));
  if (new Set(names).size !== names.length) throw badRequest('INVALID_RECORD', 'A player holds two seats: every username appears once.');

  const now = ctx.now();
  const replayed = replayRecord(definition, record, seatCount, now);

  const accounts = names.length === 0 ? [] : await ctx.db.user.findMany({ where: { username: { in: names, mode: 'insensitive' } }, select: { id: true, username: true } });
  const accountOf = (username: string | null) => (username === null ? undefined : accounts.find((user) => user.username.toLowerCase() === username.toLowerCase()));
  const json = (value: unknown) => (value === null ? undefined : (value as Prisma.InputJsonValue));
  const id = await ctx.db.$transaction(async (tx) => {
    const game = await tx.game.create({
      data: {
        type: definition.id, rulesVersion: record.rulesVersion, options: record.options as Prisma.InputJsonValue, seed: record.seed, seedDerivation: record.seedDerivation ?? 1, clientSeeds: json(record.clientSeeds ?? null), status: replayed.status,
        seatCount, state: replayed.state as Prisma.InputJsonValue, version: replayed.events.length, activeSeats: [], result: json(replayed.result),
        timeControl: timeControl as Prisma.InputJsonValue, createdById: principal.userId, importedAt: now,
        startedAt: replayed.events[0]?.createdAt ?? now, finishedAt: replayed.events.at(-1)?.createdAt ?? now,
        seats: {
          create: record.seats.map((seat) => {
            const account = accountOf(seat.username);
            return { seat: seat.seat, userId: account?.id ?? null, importedUsername: account ? null : seat.username, bot: seat.bot };
          }),
        },
      },
      select: { id: true },
    });
    await tx.gameEvent.createMany({
      data: replayed.events.map((event) => ({ gameId: game.id, ...event, action: event.action as Prisma.InputJsonValue, log: event.log as unknown as Prisma.InputJsonValue })),
    });
    return game.id;
  });
  const verify = await verifyAndRecord(ctx, id);
  ctx.log.info(`game ${id} imported from a ${record.type} record (${record.id ?? 'no id'}, ${replayed.events.length} events) by admin ${principal.userId}`);
  return {
    id, status: replayed.status, version: replayed.events.length, importedAt: now.toISOString(),
    seats: record.seats.map((seat) => ({ seat: seat.seat, username: accountOf(seat.username)?.username ?? seat.username, account: accountOf(seat.username) !== undefined, bot: seat.bot })),
    verify,
  };
}
