import { once } from 'node:events';
import { readdirSync, readFileSync } from 'node:fs';
import { brotliCompressSync, brotliDecompressSync, constants as zlib, createBrotliCompress } from 'node:zlib';
import type { EventKind } from '../engine/log-walk.js';
import type { LogEntry } from '../engine/types.js';
import { Prisma, type Db } from './db.js';
import { findGamesIn, type EventRecord } from './games.js';

/**
 * Finished games' events in one row each (`game_archives`), and the ONE reading of a game's events
 * (`readEvents`), which serves the `game_events` rows of a game that has them or its archive: no
 * reader can miss an archived game. A game's events never change once written, so an archive is a
 * faithful copy of its rows; a writer that appends to an archived game puts the rows back first
 * (`restoreArchive`, in the game's locked transaction).
 *
 * The events are kept column-wise as JSON (each column's values together compress far better than
 * row after row), brotli-compressed (this Node has no zstd). Every column is kept as read from the
 * rows, the log entries too: recomputing them by replay would make every log page replay the game
 * and tie the archive to the rules' log wording.
 * - Format 1: that JSON, brotli alone.
 * - Format 2: the same JSON, brotli primed with a dictionary of its game type (`dictionary`, below).
 *   A game's few kB repeat what every game of its type says (the column names, the actions' and the
 *   log entries' shapes, the engine's English lines), which brotli can only point back to when it
 *   has seen it: primed with other games of the type, it writes about a third fewer bytes per game
 *   (docs/scaling.md).
 * - Format 3: as format 2, but the `action` and `log` columns follow the others' JSON as lines, one
 *   JSON text per event (all actions, then all logs: still column by column), so a log page parses
 *   the small columns and only its own events' lines: the whole game's JSON.parse was most of what
 *   made an archived log page slower than the rows' (docs/scaling.md). JSON has no raw line break,
 *   so a line is a value. Its dictionaries (version 2 on) are made of that layout.
 * New archives are format 3 (or 2) whenever the game's type has a dictionary this build primes
 * exactly as it was made; otherwise format 1. Every format stays readable.
 */
export const ARCHIVE_FORMAT = { plain: 1, dictionary: 2, eventLines: 3 } as const;
// Quality 6: within 2% of 9 and 11 on these logs, at a tenth of the time or less (measured on a 13 kB game: 8 ms against 75–144 ms).
const BROTLI_QUALITY = 6;
const BROTLI_PARAMS = { [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT, [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY };
// A 4 MB window holds a dictionary (at most 1 MB) and any game's columns behind it.
const PRIMED_PARAMS = { ...BROTLI_PARAMS, [zlib.BROTLI_PARAM_LGWIN]: 22 };
export const MAX_DICTIONARY_BYTES = 1024 * 1024;

/**
 * A dictionary: text that brotli is primed with before a game's columns (other games of the type,
 * scripts/archive-dictionaries.ts). Stored as `primed`, the bytes brotli writes for that text and a
 * flush with PRIMED_PARAMS: an archive is the rest of that stream, so it reads back as
 * `primed + data` by any brotli decoder, whatever writes archives later. A file is never changed
 * once archives use it (a better dictionary is a new version: `<type>.<version>.br`).
 */
export interface ArchiveDictionary {
  name: string;
  primed: Buffer;
  text: Buffer;
  /** The format of the archives written with it: its text is columns of that layout. */
  format: DictionaryFormat;
}
type DictionaryFormat = typeof ARCHIVE_FORMAT.dictionary | typeof ARCHIVE_FORMAT.eventLines;
/** Version 1 of every type's dictionary is of format 2's layout; later versions of format 3's. */
export const dictionaryFormat = (version: number): DictionaryFormat => (version === 1 ? ARCHIVE_FORMAT.dictionary : ARCHIVE_FORMAT.eventLines);

const DICTIONARY_DIR = new URL('./archive-dictionaries/', import.meta.url);
let dictionaries: { byName: Map<string, ArchiveDictionary>; newestByType: Map<string, ArchiveDictionary> } | undefined;
/** The dictionaries in archive-dictionaries/, by name (`guild-town.1`), and each type's newest, read once. */
function loadDictionaries(): NonNullable<typeof dictionaries> {
  if (!dictionaries) {
    const byName = new Map<string, ArchiveDictionary>();
    const newestByType = new Map<string, ArchiveDictionary & { version: number }>();
    for (const file of readdirSync(DICTIONARY_DIR).filter((name) => name.endsWith('.br')).sort()) {
      const primed = readFileSync(new URL(file, DICTIONARY_DIR));
      const name = file.slice(0, -'.br'.length);
      const [type, version] = [name.slice(0, name.lastIndexOf('.')), Number(name.slice(name.lastIndexOf('.') + 1))];
      // An unfinished stream (its flush ends it at a byte, not with brotli's last block): read as far as it goes.
      const dictionary = { name, primed, text: brotliDecompressSync(primed, { finishFlush: zlib.BROTLI_OPERATION_FLUSH }), format: dictionaryFormat(version) };
      byName.set(name, dictionary);
      if (version > (newestByType.get(type)?.version ?? 0)) newestByType.set(type, { ...dictionary, version });
    }
    dictionaries = { byName, newestByType };
  }
  return dictionaries;
}

/** The dictionaries in archive-dictionaries/, by name (`guild-town.1`). */
export const archiveDictionaries = (): Map<string, ArchiveDictionary> => loadDictionaries().byName;

/** The dictionary new archives of `type` are written with: its newest version (none: format 1). */
export const dictionaryFor = (type: string): ArchiveDictionary | undefined => loadDictionaries().newestByType.get(type);

/**
 * Brotli primed with `text`: what it writes for the text and a flush (the primed bytes), then what it
 * writes for `data` after them (the archive). Every output chunk is kept in order.
 */
export async function primedBrotli(text: Buffer, data: Buffer): Promise<{ primed: Buffer; rest: Buffer }> {
  const compressor = createBrotliCompress({ params: PRIMED_PARAMS });
  const chunks: Buffer[] = [];
  compressor.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = once(compressor, 'end');
  compressor.write(text);
  await new Promise<void>((resolve) => compressor.flush(zlib.BROTLI_OPERATION_FLUSH, () => resolve()));
  const primed = Buffer.concat(chunks.splice(0));
  compressor.end(data);
  await ended;
  return { primed, rest: Buffer.concat(chunks) };
}

type Db_ = Db | Prisma.TransactionClient;

interface Columns {
  /** seq of the first event, then the step to each next one (1 unless the log skips). */
  seq: number[];
  seat: (number | null)[];
  /** Distinct actors; `actor` holds an index into it, -1 for none. */
  actors: string[];
  actor: number[];
  kinds: string[];
  kind: number[];
  undoes: (number | null)[];
  /** Each event's action (format 3: lines after the JSON, see below). */
  action?: unknown[];
  /** Each event's log entries (format 3: lines after the actions'). */
  log?: LogEntry[][];
  irreversible: (0 | 1)[];
  /** created_at in epoch ms of the first event, then the step to each next one. */
  at: number[];
}

const steps = (values: number[]) => values.map((value, index) => (index === 0 ? value : value - values[index - 1]!));
const sums = (values: number[]) => {
  let total = 0;
  return values.map((value) => (total += value));
};
const indexer = (table: string[]) => {
  const index = new Map(table.map((value, i) => [value, i]));
  return (value: string) => {
    let found = index.get(value);
    if (found === undefined) index.set(value, (found = table.push(value) - 1));
    return found;
  };
};

/** A game's events as the columns' JSON that an archive of `format` compresses (also what a dictionary is made of). */
export function eventColumns(events: EventRecord[], format: number): Buffer {
  const asLines = format === ARCHIVE_FORMAT.eventLines;
  const actors: string[] = [];
  const kinds: string[] = [];
  const actorIndex = indexer(actors);
  const kindIndex = indexer(kinds);
  const columns: Columns = {
    seq: steps(events.map((event) => event.seq)),
    seat: events.map((event) => event.seat),
    actors,
    actor: events.map((event) => (event.actorId === null ? -1 : actorIndex(event.actorId))),
    kinds,
    kind: events.map((event) => kindIndex(event.kind)),
    undoes: events.map((event) => event.undoesSeq),
    ...(asLines ? {} : { action: events.map((event) => event.action), log: events.map((event) => event.log) }),
    irreversible: events.map((event) => (event.irreversible ? 1 : 0)),
    at: steps(events.map((event) => event.createdAt.getTime())),
  };
  if (!asLines) return Buffer.from(JSON.stringify(columns));
  // `?? null`: what a JSON array makes of a missing value, as formats 1 and 2 do.
  const lines = [JSON.stringify(columns), ...events.map((event) => JSON.stringify(event.action ?? null)), ...events.map((event) => JSON.stringify(event.log ?? null))];
  return Buffer.from(lines.join('\n'));
}

/** Where each of the first `lines` lines of `text` starts, and where the next would (past the end after the last). */
function lineStarts(text: Buffer, lines: number): number[] {
  const starts = [0];
  for (let at = 0; starts.length <= lines; ) {
    const end = text.indexOf(10, at);
    at = end < 0 ? text.length + 1 : end + 1;
    starts.push(at);
  }
  return starts;
}

export interface EncodedEvents {
  format: number;
  /** The dictionary's name (formats 2 and 3), else null. */
  dictionary: string | null;
  data: Buffer;
}

/**
 * A game's events as an archive: the dictionary's format with `dictionary` when given and this
 * build's brotli writes it exactly as stored (else brotli could not continue the stored bytes:
 * format 1, and `mismatch` says so).
 */
export async function encodeEvents(events: EventRecord[], dictionary?: ArchiveDictionary): Promise<EncodedEvents & { mismatch: boolean }> {
  if (dictionary) {
    const { primed, rest } = await primedBrotli(dictionary.text, eventColumns(events, dictionary.format));
    if (primed.equals(dictionary.primed)) return { format: dictionary.format, dictionary: dictionary.name, data: rest, mismatch: false };
  }
  const text = eventColumns(events, ARCHIVE_FORMAT.plain);
  const data = brotliCompressSync(text, { params: { ...BROTLI_PARAMS, [zlib.BROTLI_PARAM_SIZE_HINT]: text.length } });
  return { format: ARCHIVE_FORMAT.plain, dictionary: null, data, mismatch: dictionary !== undefined };
}

/**
 * The events of an archive after seq `after`, at most `limit` (all when null), as the rows read
 * them (the same keys in the same order). In format 3 only those events' actions and log entries
 * are parsed.
 */
export function decodeEvents(gameId: string, archive: { format: number; dictionary: string | null; data: Uint8Array }, after = 0, limit: number | null = null): (EventRecord & { gameId: string })[] {
  let text: Buffer;
  if (archive.format === ARCHIVE_FORMAT.plain) text = brotliDecompressSync(archive.data);
  else if (archive.format === ARCHIVE_FORMAT.dictionary || archive.format === ARCHIVE_FORMAT.eventLines) {
    const dictionary = archiveDictionaries().get(archive.dictionary ?? '');
    if (!dictionary || dictionary.format !== archive.format) throw new Error(`game ${gameId}: archive dictionary ${archive.dictionary} is not one this build has for format ${archive.format}`);
    text = brotliDecompressSync(Buffer.concat([dictionary.primed, archive.data])).subarray(dictionary.text.length);
  } else throw new Error(`game ${gameId}: archive format ${archive.format} is not one this build reads`);
  const asLines = archive.format === ARCHIVE_FORMAT.eventLines;
  // Format 3: the columns' JSON is the first line, then one line per event's action, then per event's log.
  const headerEnd = asLines ? text.indexOf(10) : text.length;
  const columns = JSON.parse(text.toString('utf8', 0, headerEnd < 0 ? text.length : headerEnd)) as Columns;
  const count = columns.seat.length;
  const seqs = sums(columns.seq);
  const times = sums(columns.at);
  const first = seqs.findIndex((seq) => seq > after);
  const end = first < 0 ? first : limit === null ? seqs.length : Math.min(seqs.length, first + limit);
  // The lines as far as the last log line read.
  const starts = asLines && end > 0 ? lineStarts(text, 1 + count + end) : [];
  const line = (n: number) => JSON.parse(text.toString('utf8', starts[n]!, starts[n + 1]! - 1));
  const events: (EventRecord & { gameId: string })[] = [];
  for (let i = first; i >= 0 && i < end; i++) {
    events.push({
      gameId,
      seq: seqs[i]!,
      seat: columns.seat[i]!,
      actorId: columns.actor[i]! < 0 ? null : columns.actors[columns.actor[i]!]!,
      kind: columns.kinds[columns.kind[i]!] as EventKind,
      undoesSeq: columns.undoes[i]!,
      action: asLines ? line(1 + i) : columns.action![i],
      log: asLines ? (line(1 + count + i) as LogEntry[]) : columns.log![i]!,
      irreversible: columns.irreversible[i] === 1,
      createdAt: new Date(times[i]!),
    });
  }
  return events;
}

/** An event row's columns as an EventRecord's keys (with its game), in the order Prisma's model gave them. */
const EVENT_COLUMNS_SQL = Prisma.raw(`e.game_id::text AS "gameId", e.seq, e.seat, e.actor_id::text AS "actorId", e.kind, e.undoes_seq AS "undoesSeq", e.action, e.log, e.irreversible, e.created_at AS "createdAt"`);

interface EventOrArchiveRow {
  gameId: string; seq: number | null; seat: number | null; actorId: string | null; kind: string | null; undoesSeq: number | null; action: unknown; log: unknown; irreversible: boolean | null;
  createdAt: Date | null; archive: Uint8Array | null; format: number | null; dictionary: string | null;
}

/**
 * The events of game `gameId` after seq `after`, at most `limit` (all when null), oldest first: its
 * `game_events` rows or, once archived, its archive. One statement (one snapshot), so a game archived
 * meanwhile is read whole from one or the other. Every reader of events comes here.
 */
export async function readEvents(db: Db_, gameId: string, after: number, limit: number | null): Promise<EventRecord[]> {
  const rows = await db.$queryRaw<EventOrArchiveRow[]>`
    (SELECT ${EVENT_COLUMNS_SQL}, NULL::bytea AS archive, NULL::int AS format, NULL::text AS dictionary
     FROM game_events e WHERE e.game_id = ${gameId}::uuid AND e.seq > ${after} ORDER BY e.seq LIMIT ${limit ?? null})
    UNION ALL
    (SELECT a.game_id::text, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, a.data, a.format, a.dictionary FROM game_archives a WHERE a.game_id = ${gameId}::uuid)`;
  const archived = rows.find((row) => row.archive !== null);
  if (archived) return decodeEvents(gameId, { format: archived.format!, dictionary: archived.dictionary, data: archived.archive! }, after, limit);
  return rows.map(({ archive: _archive, format: _format, dictionary: _dictionary, ...row }) => ({ ...row, kind: row.kind as EventKind, log: row.log as LogEntry[] }) as EventRecord);
}

/** Rows of `game_archives` to write, as the statement below takes them. */
interface ArchiveRow {
  game_id: string;
  format: number;
  dictionary: string | null;
  event_count: number;
  data: string;
  undos: [number, number][];
  /** Not written: the dictionary this build's brotli primes differently from its stored bytes (the archive went to format 1). */
  mismatched: string | null;
  bytes: number;
}

async function archiveRow(gameId: string, type: string, events: EventRecord[]): Promise<ArchiveRow> {
  const tried = dictionaryFor(type);
  const { format, dictionary, data, mismatch } = await encodeEvents(events, tried);
  return {
    game_id: gameId,
    format,
    dictionary,
    event_count: events.length,
    data: data.toString('base64'),
    undos: events.flatMap((event) => (event.kind === 'undo' && event.undoesSeq !== null ? [[event.seq, event.undoesSeq] as [number, number]] : [])),
    mismatched: mismatch ? tried!.name : null,
    bytes: data.length,
  };
}

export interface ArchivedBatch {
  games: number;
  events: number;
  /** Compressed bytes written. */
  bytes: number;
  /** Dictionaries this build's brotli primes differently from their stored bytes (their games went to format 1): scripts/archive-dictionaries.ts makes a new version. */
  mismatched: string[];
}

/**
 * The archive pass's step: claims up to `limit` finished or aborted games that ended before
 * `finishedBefore` and have no rating work left, and moves each one's events into its archive in
 * one transaction (the rows deleted with it). Lock, then read: the claim is a statement of its own
 * (`FOR UPDATE SKIP LOCKED`: games another writer holds are left for the next pass), and the
 * claimed games' state and events are read by the next ones. Returns what it did (none: nothing left).
 */
export async function archiveFinishedGames(db: Db, finishedBefore: Date, limit: number): Promise<ArchivedBatch> {
  return db.$transaction(async (tx) => {
    const claimed = await tx.$queryRaw<{ id: string; type: string }[]>`
      SELECT id::text, type FROM games WHERE ${UNARCHIVED_SQL} AND finished_at <= ${finishedBefore}
      ORDER BY finished_at, id LIMIT ${limit} FOR UPDATE SKIP LOCKED`;
    if (claimed.length === 0) return { games: 0, events: 0, bytes: 0, mismatched: [] };
    const ids = claimed.map((row) => row.id);
    for (const id of ids) db.games.forget(id);
    // The move path may leave a game's stored state behind its last events (store/games.ts): played on
    // and written now, since those events are about to leave the rows it is played on from.
    const behind = await tx.$queryRaw<{ id: string }[]>`SELECT id::text FROM games WHERE id = ANY(${ids}::uuid[]) AND state_version < version AND state IS NOT NULL`;
    if (behind.length > 0) {
      for (const game of await findGamesIn(tx, db.catchUp, behind.map((row) => row.id))) {
        await tx.$executeRaw`UPDATE games SET state = ${JSON.stringify(game.state)}::json WHERE id = ${game.id}::uuid`;
      }
    }
    const rows = await tx.$queryRaw<(EventRecord & { gameId: string })[]>`
      SELECT ${EVENT_COLUMNS_SQL} FROM game_events e WHERE e.game_id = ANY(${ids}::uuid[]) ORDER BY e.game_id, e.seq`;
    const byGame = new Map<string, EventRecord[]>();
    for (const row of rows) {
      const gameId = row.gameId;
      (byGame.get(gameId) ?? byGame.set(gameId, []).get(gameId)!).push(row);
    }
    const typeOf = new Map(claimed.map((game) => [game.id, game.type]));
    // Compressed on libuv's threads, side by side (node:zlib's asynchronous calls).
    const archives = await Promise.all([...byGame].map(([gameId, events]) => archiveRow(gameId, typeOf.get(gameId)!, events)));
    if (archives.length > 0) {
      await tx.$executeRaw`
        INSERT INTO game_archives (game_id, format, dictionary, event_count, data, undos)
        SELECT a.game_id, a.format, a.dictionary, a.event_count, decode(a.data, 'base64'), a.undos
        FROM jsonb_to_recordset(${JSON.stringify(archives)}::jsonb) AS a(game_id uuid, format int, dictionary text, event_count int, data text, undos jsonb)`;
      await tx.$executeRaw`DELETE FROM game_events WHERE game_id = ANY(${[...byGame.keys()]}::uuid[])`;
    }
    // A game without events (closed before it started) is marked too: nothing to move, nothing to look at again.
    await tx.$executeRaw`UPDATE games SET archived_at = now() WHERE id = ANY(${ids}::uuid[])`;
    const mismatched = [...new Set(archives.flatMap((archive) => (archive.mismatched ? [archive.mismatched] : [])))];
    return { games: ids.length, events: rows.length, bytes: archives.reduce((sum, archive) => sum + archive.bytes, 0), mismatched };
  }, { maxWait: 20_000, timeout: 60_000 });
}

/**
 * Puts an archived game's events back as rows (in the transaction that holds the game's lock,
 * before it appends an event): an admin action or a take-back on a finished game then writes as it
 * always did, and the archive pass archives the game again once it is finished and settled.
 */
export async function restoreArchive(tx: Prisma.TransactionClient, gameId: string): Promise<void> {
  const [archive] = await tx.$queryRaw<{ format: number; dictionary: string | null; data: Uint8Array }[]>`
    DELETE FROM game_archives WHERE game_id = ${gameId}::uuid RETURNING format, dictionary, data`;
  if (archive) {
    const events = decodeEvents(gameId, archive).map((event) => ({ ...event, createdAt: event.createdAt.toISOString() }));
    await tx.$executeRaw`
      INSERT INTO game_events (game_id, seq, seat, actor_id, kind, undoes_seq, action, log, irreversible, created_at)
      SELECT e."gameId", e.seq, e.seat, e."actorId", e.kind, e."undoesSeq", e.action, e.log, e.irreversible, e."createdAt"
      FROM jsonb_to_recordset(${JSON.stringify(events)}::jsonb)
        AS e("gameId" uuid, seq int, seat int, "actorId" uuid, kind text, "undoesSeq" int, action jsonb, log jsonb, irreversible boolean, "createdAt" timestamptz)`;
  }
  await tx.$executeRaw`UPDATE games SET archived_at = NULL WHERE id = ${gameId}::uuid`;
}

const UNARCHIVED_SQL = Prisma.sql`status IN ('finished', 'aborted') AND archived_at IS NULL AND due_at IS NULL`;

/** When the archive pass next has a game to archive (null: none left). */
export async function nextArchiveAt(db: Db, afterMs: number): Promise<Date | null> {
  const [row] = await db.$queryRaw<{ at: Date | null }[]>`SELECT min(finished_at) AS at FROM games WHERE ${UNARCHIVED_SQL}`;
  return row?.at ? new Date(row.at.getTime() + afterMs) : null;
}

/** Games the archive pass has yet to archive now (its backlog, in /metrics). */
export async function countArchiveBacklog(db: Db, finishedBefore: Date): Promise<number> {
  const [row] = await db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM games WHERE ${UNARCHIVED_SQL} AND finished_at <= ${finishedBefore}`;
  return row?.n ?? 0;
}
