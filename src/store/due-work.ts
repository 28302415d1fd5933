import { Prisma, type Db } from './db.js';
import { NOTIFICATIONS_FROM_OUTBOX_SQL, WEBHOOK_DELIVERIES_FROM_OUTBOX_SQL } from './outbox.js';
import { GAME_COLUMNS_SQL, toRecord, type DueColumns, type GameRecord, type LockedGame, type NewEvent, type NextState, type RawGameRow, type SeatChange } from './games.js';

/**
 * The workers' claim and write path (services/due.ts). A batch of due games is claimed `FOR UPDATE
 * SKIP LOCKED` in one transaction; each game's step writes into a buffer instead of the database, and
 * the whole batch is then written by ONE statement (seats, events, games, outbox) before the commit:
 * four round trips for the batch instead of four or five per game, which is what a burst of
 * deadlines costs (socket writes and the ORM's per-query work dominated the CPU per item).
 * A worker that dies mid-batch (even SIGKILL) loses its connection: PostgreSQL rolls back and the
 * rows are free for the next claim at once.
 */

/** The batch's statement failed: no single game can be blamed (the caller retries them one by one). */
export class BatchWriteError extends Error {}

interface Buffer {
  seats: { game_id: string; seat: number; timeouts: number; bot: string | null }[];
  events: Record<string, unknown>[];
  games: Record<string, unknown>[];
  dues: { id: string; due_at: Date | null; warn_at: Date | null }[];
  outbox: { user_ids: string[]; event: string; payload: unknown }[];
}

const unsupported = (what: string) => () => Promise.reject(new Error(`${what} is not done by due work`));

/** The operations a due-work step uses, written to `buffer` (others refuse: no step needs them). */
function buffered(buffer: Buffer, gameId: string): LockedGame {
  return {
    async updateSeat(seat: number, change: SeatChange) {
      if (change.timeouts === undefined || change.bot === undefined || Object.keys(change).length !== 2) throw new Error('due work changes only a seat\u2019s timeouts and bot');
      buffer.seats.push({ game_id: gameId, seat, timeouts: change.timeouts, bot: change.bot });
    },
    async append(event: NewEvent, next: NextState) {
      buffer.events.push({
        game_id: gameId, seq: event.seq, seat: event.seat, actor_id: event.actorId, kind: event.kind, undoes_seq: event.undoesSeq ?? null,
        action: event.action, log: event.log, irreversible: event.irreversible,
      });
      buffer.games.push({
        id: gameId, version: event.seq, state: next.state, active_seats: next.activeSeats, clocks: next.clocks, deadline: next.deadline,
        due_at: next.due.dueAt, warn_at: next.due.warnAt, result: next.result, aborted: next.aborted === true, updated_at: new Date(),
      });
    },
    async setDue(due: DueColumns) {
      buffer.dues.push({ id: gameId, due_at: due.dueAt, warn_at: due.warnAt });
    },
    async enqueueWebhooks(userIds: string[], event: string, payload: unknown) {
      if (userIds.length > 0) buffer.outbox.push({ user_ids: userIds, event, payload });
      // Rows are written with the batch, only for webhooks that asked for the event and persons' notification channels: this many at most.
      return userIds.length;
    },
    start: unsupported('starting a game'),
    findIdempotentResponse: unsupported('an idempotent answer'),
    saveIdempotentResponse: unsupported('an idempotent answer'),
    events: unsupported('reading the log'),
    reload: unsupported('reloading'),
    createUndoRequest: unsupported('an undo request'),
    findUndoRequest: unsupported('an undo request'),
    updateUndoRequest: unsupported('an undo request'),
    setRulesVersion: unsupported('a rules migration'),
    setClientSeeds: unsupported('a client seed'),
    abandonOpen: unsupported('closing an open game'),
  };
}

/** A claimed game whose step threw: deferred (`attempts` failures in a row) until `retryAt`. */
export interface DueStepFailure {
  game: GameRecord;
  error: unknown;
  attempts: number;
  retryAt: Date;
}

/**
 * Claims up to `limit` games whose work is due (`due_at <= now`), earliest first, runs `work` on each
 * in turn (`onClaim` hears of each game first), writes what they did, and commits. Rows other workers
 * hold are skipped, not waited for. A step that throws undoes the whole batch's work but not its
 * locks (a savepoint after the claim): the failing game is deferred to `retryAtOf(game)` in the same
 * transaction, so no other worker can take it between the failure and the deferral (it used to be
 * deferred after the rollback: another slot could claim it in between and burn a retry early); the
 * other games are left due for the next claim.
 */
export async function withDueGames<T>(
  db: Db, now: Date, limit: number, onClaim: (game: GameRecord) => void, work: (game: GameRecord, locked: LockedGame, tx: Prisma.TransactionClient) => Promise<T>,
  retryAtOf: (game: GameRecord) => Date,
): Promise<{ done: { game: GameRecord; result: T }[]; failed: DueStepFailure | null }> {
  return db.$transaction(
    async (tx) => {
      // Lock, then read (store/games.ts#withGameLock): the claim is a statement of its own, and the
      // claimed games (seats and events included) are read by the next one, in a snapshot taken once
      // the rows are ours. A game whose work another writer settled meanwhile is no longer due: left out.
      const claimedRows = await tx.$queryRaw<{ id: string }[]>`
        SELECT id FROM games WHERE due_at <= ${now} ORDER BY due_at LIMIT ${limit} FOR UPDATE SKIP LOCKED`;
      const rows = claimedRows.length === 0 ? [] : await tx.$queryRaw<RawGameRow[]>`
        SELECT ${GAME_COLUMNS_SQL} FROM games g
        WHERE g.id = ANY(${claimedRows.map((row) => row.id)}::uuid[]) AND g.due_at <= ${now}
        ORDER BY g.due_at`;
      if (rows.length > 0) await tx.$executeRaw`SAVEPOINT claimed`;
      const buffer: Buffer = { seats: [], events: [], games: [], dues: [], outbox: [] };
      const done: { game: GameRecord; result: T }[] = [];
      for (const game of rows.map((row) => toRecord(row, db.catchUp))) {
        onClaim(game);
        try {
          // `tx` for work outside the game row (a finished game's ratings, services/ratings.ts).
          done.push({ game, result: await work(game, buffered(buffer, game.id), tx) });
        } catch (error) {
          await tx.$executeRaw`ROLLBACK TO SAVEPOINT claimed`;
          const retryAt = retryAtOf(game);
          const [row] = await tx.$queryRaw<{ work_attempts: number }[]>`
            UPDATE games SET work_attempts = work_attempts + 1, due_at = ${retryAt} WHERE id = ${game.id}::uuid RETURNING work_attempts`;
          return { done: [], failed: { game, error, attempts: row!.work_attempts, retryAt } };
        }
      }
      if (done.length === 0) return { done, failed: null };
      // The games updated below are among those claimed: looked up by key, whatever the table's size
      // (joined with json_to_recordset alone, planned for 100 rows, a small table is scanned whole).
      const claimed = done.map(({ game }) => game.id);
      try {
        await tx.$executeRaw`
          WITH s AS (
            UPDATE seats s SET timeouts = x.timeouts, bot = x.bot
            FROM jsonb_to_recordset(${JSON.stringify(buffer.seats)}::jsonb) AS x(game_id uuid, seat int, timeouts int, bot text)
            WHERE s.game_id = x.game_id AND s.seat = x.seat
          ), e AS (
            INSERT INTO game_events (game_id, seq, seat, actor_id, kind, undoes_seq, action, log, irreversible)
            SELECT game_id, seq, seat, actor_id, kind, undoes_seq, action, log, irreversible
            FROM jsonb_to_recordset(${JSON.stringify(buffer.events)}::jsonb)
              AS x(game_id uuid, seq int, seat int, actor_id uuid, kind text, undoes_seq int, action jsonb, log jsonb, irreversible boolean)
          ), g AS (
            UPDATE games g SET state = x.state, active_seats = x.active_seats, clocks = x.clocks, deadline = x.deadline,
              due_at = x.due_at, warn_at = x.warn_at, work_attempts = 0, updated_at = x.updated_at, version = x.version,
              result = COALESCE(x.result, g.result),
              status = CASE WHEN x.aborted THEN 'aborted'::game_status WHEN x.result IS NULL THEN g.status ELSE 'finished'::game_status END,
              finished_at = CASE WHEN x.result IS NULL AND NOT x.aborted THEN g.finished_at ELSE x.updated_at END
            FROM json_to_recordset(${JSON.stringify(buffer.games)}::json) AS x(id uuid, version int, state json, active_seats int[],
              clocks jsonb, deadline timestamptz, due_at timestamptz, warn_at timestamptz, result jsonb, aborted boolean, updated_at timestamptz)
            WHERE g.id = ANY(${claimed}::uuid[]) AND g.id = x.id
          ), d AS (
            UPDATE games g SET due_at = x.due_at, warn_at = x.warn_at, work_attempts = 0
            FROM jsonb_to_recordset(${JSON.stringify(buffer.dues)}::jsonb) AS x(id uuid, due_at timestamptz, warn_at timestamptz)
            WHERE g.id = ANY(${claimed}::uuid[]) AND g.id = x.id
          ), x AS (
            SELECT * FROM jsonb_to_recordset(${JSON.stringify(buffer.outbox)}::jsonb) AS x(user_ids uuid[], event text, payload jsonb)
          ), o AS (${Prisma.raw(WEBHOOK_DELIVERIES_FROM_OUTBOX_SQL('x'))}
          ), n AS (${Prisma.raw(NOTIFICATIONS_FROM_OUTBOX_SQL('x'))})
          SELECT 1`;
      } catch (error) {
        throw new BatchWriteError(`writing a batch of ${done.length} games' due work failed: ${(error as Error).message}`, { cause: error });
      }
      return { done, failed: null };
    },
    { maxWait: 20_000, timeout: 30_000 },
  );
}
