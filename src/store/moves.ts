import type pg from 'pg';
import { ServiceError } from '../errors.js';
import type { Db } from './db.js';
import { GAME_COLUMNS_SQL, toRecord, type GameRecord, type NewEvent, type NextState, type RawGameRow } from './games.js';
import { isUuid } from './ids.js';
import { holdingConnection } from './pool-guard.js';
import { NOTIFICATIONS_FROM_OUTBOX_SQL, WEBHOOK_DELIVERIES_FROM_OUTBOX_SQL } from './outbox.js';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable, neverReachedDatabase } from './unavailable.js';

/**
 * The measured hot path of a move, on node-postgres with named prepared statements (parsed and
 * planned once per connection; Prisma's runtime cost ~40% of a move's CPU, see docs/architecture.md).
 * A move is ONE autocommitted statement: the game row is updated only `WHERE revision = $expected`
 * and the event (and any webhook outbox rows) are inserted from that update's result, so either all
 * of it lands or, when someone else wrote the game first, nothing does and the caller reloads.
 */

/** Outbox rows: the users' webhooks that asked for `event` get `payload`, and their e-mail and push notifications (filtered in SQL). */
export interface OutboxEntry {
  userIds: string[];
  event: string;
  payload: unknown;
}

const LOAD = { name: 'move-load-game', text: `SELECT ${GAME_COLUMNS_SQL.text} FROM games g WHERE g.id = $1` };

/** The game as stored now, with its revision (no lock: the commit is guarded instead). */
export async function loadForMove(db: Db, gameId: string): Promise<GameRecord | null> {
  if (!isUuid(gameId)) return null;
  const { rows } = await db.pool.query<RawGameRow>({ ...LOAD, values: [gameId] });
  return rows[0] ? toRecord(rows[0], db.catchUp) : null;
}

/** A move's outbox entries as the statements' `jsonb_to_recordset` reads them (entries naming nobody dropped). */
const outboxJson = (outbox: OutboxEntry[]) =>
  outbox.filter((entry) => entry.userIds.length > 0).map((entry) => ({ user_ids: entry.userIds, event: entry.event, payload: entry.payload }));

const COMMIT = {
  name: 'move-commit',
  text: `WITH g AS (
    UPDATE games SET state = $3, active_seats = $4, clocks = $5, deadline = $6, updated_at = $7, version = $8,
      due_at = $18, warn_at = $19, work_attempts = 0,
      result = COALESCE($9::jsonb, result),
      status = CASE WHEN $9::jsonb IS NULL THEN status ELSE 'finished'::game_status END,
      finished_at = CASE WHEN $9::jsonb IS NULL THEN finished_at ELSE $7 END
    WHERE id = $1 AND revision = $2
    RETURNING id
  ), e AS (
    INSERT INTO game_events (game_id, seq, seat, actor_id, kind, undoes_seq, action, log, irreversible, created_at)
    SELECT id, $8, $10, $11, $12, $13, $14, $15, $16, $7 FROM g
  ), x AS (
    SELECT x.* FROM g CROSS JOIN jsonb_to_recordset($17::jsonb) AS x(user_ids uuid[], event text, payload jsonb)
  ), o AS (${WEBHOOK_DELIVERIES_FROM_OUTBOX_SQL('x')}
  ), n AS (${NOTIFICATIONS_FROM_OUTBOX_SQL('x')})
  SELECT (SELECT count(*)::int FROM g) AS moved, (SELECT count(*)::int FROM o) + (SELECT count(*)::int FROM n) AS webhooks`,
};

/** The game as stored once `event` moved it to `next` (what the cache keeps). */
function storedAfter(game: GameRecord, event: NewEvent, next: NextState, now: Date): GameRecord {
  const finished = next.result !== null;
  return {
    ...game, state: next.state, activeSeats: next.activeSeats, clocks: next.clocks, deadline: next.deadline, updatedAt: now, version: event.seq,
    dueAt: next.due.dueAt, warnAt: next.due.warnAt, workAttempts: 0,
    // The games trigger adds one to the revision on every update.
    revision: game.revision + 1,
    ...(finished ? { result: next.result, status: 'finished' as const, finishedAt: now } : {}),
  };
}

const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

/**
 * The answer to a move whose write lost its connection to the database after it was sent: the
 * statement may have committed (only the answer was lost) or not, and nothing here can tell.
 * Never a refusal, never "nothing changed": the client reloads, or retries with its Idempotency-Key.
 */
export const outcomeUnknown = () => new ServiceError(503, 'OUTCOME_UNKNOWN',
  'The connection to the database was lost while the move was being recorded: it may or may not have been. Reload the game to see, or retry with the same Idempotency-Key.',
  { retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS });

/** A committed move: the game as stored after it (for the cache) and the outbox rows (webhook deliveries, notifications) it queued. */
type Moved = { game: GameRecord; webhooks: number };

/**
 * Which of these moves' events are in the log as this process wrote them (same game, seq and
 * time), after their statement failed. The games' rows are locked first: a statement of the lost
 * connection still running holds them, so the check waits for its end (lock, then read).
 */
async function landedMoves(db: Db, moves: { game: GameRecord; event: NewEvent }[], at: Date): Promise<Set<string>> {
  const client = await db.pool.connect();
  return holdingConnection('the check of a lost move', () => checkLanded(client, moves, at));
}

async function checkLanded(client: pg.PoolClient, moves: { game: GameRecord; event: NewEvent }[], at: Date): Promise<Set<string>> {
  try {
    await client.query('BEGIN');
    await client.query(`SET LOCAL lock_timeout = '10s'`);
    await client.query('SELECT 1 FROM games WHERE id = ANY($1::uuid[]) FOR UPDATE', [moves.map(({ game }) => game.id)]);
    const { rows } = await client.query<{ game_id: string }>(
      `SELECT e.game_id FROM game_events e JOIN unnest($1::uuid[], $2::int[]) AS m(id, seq) ON e.game_id = m.id AND e.seq = m.seq WHERE e.created_at = $3`,
      [moves.map(({ game }) => game.id), moves.map(({ event }) => event.seq), at],
    );
    await client.query('COMMIT');
    client.release();
    return new Set(rows.map((row) => row.game_id));
  } catch (error) {
    client.release(error as Error);
    throw error;
  }
}

/**
 * A move's statement failed. When the database refused it (an SQL error) or was never reached,
 * nothing landed: `retry` decides. When the connection was lost on the way, look: a move whose
 * event landed is answered as committed; any other is OUTCOME_UNKNOWN (503), never guessed.
 */
async function settleFailedWrite(db: Db, moves: PendingMove[], at: Date, error: unknown, retry: (pending: PendingMove) => void): Promise<void> {
  if (!isDatabaseUnavailable(error) || neverReachedDatabase(error)) {
    for (const pending of moves) retry(pending);
    return;
  }
  const landed = await landedMoves(db, moves, at).catch(() => null);
  for (const pending of moves) {
    if (landed?.has(pending.game.id)) pending.done({ game: storedAfter(pending.game, pending.event, pending.next, at), webhooks: 0 });
    else pending.failed(outcomeUnknown());
  }
}

/** One move alone in its statement (GROUP_COMMIT=false, and a grouped move retried on its own after its flush failed). */
async function commitAlone(db: Db, game: GameRecord, event: NewEvent, next: NextState, outbox: OutboxEntry[]): Promise<Moved | null> {
  const now = new Date();
  try {
    return await writeAlone(db, game, event, next, outbox, now);
  } catch (error) {
    return new Promise<Moved | null>((done, failed) => {
      void settleFailedWrite(db, [{ game, event, next, outbox, done, failed }], now, error, () => failed(error));
    });
  }
}

async function writeAlone(db: Db, game: GameRecord, event: NewEvent, next: NextState, outbox: OutboxEntry[], now: Date): Promise<Moved | null> {
  const { rows } = await db.pool.query<{ moved: number; webhooks: number }>({
    ...COMMIT,
    values: [
      game.id, game.revision, json(next.state), next.activeSeats, json(next.clocks), next.deadline, now, event.seq, json(next.result),
      event.seat, event.actorId, event.kind, event.undoesSeq ?? null, json(event.action), JSON.stringify(event.log), event.irreversible,
      JSON.stringify(outboxJson(outbox)),
      next.due.dueAt, next.due.warnAt,
    ],
  });
  if (rows[0]?.moved !== 1) return null;
  return { game: storedAfter(game, event, next, now), webhooks: rows[0].webhooks };
}

/**
 * A move stores its game's full state only at every 16th version and when the game ends; the
 * moves between leave the stored state alone, and readers play their actions on from it
 * (store/games.ts#toRecord: at most 15 engine steps). The state (2-4 kB of JSON) was 70% of a
 * move's WAL, and the commit's fdatasync grows with it (docs/bench-results.md, sixth session).
 */
export const STATE_SNAPSHOT_EVERY = 16;
const storesState = (event: NewEvent, next: NextState) => event.seq % STATE_SNAPSHOT_EVERY === 0 || next.result !== null;

/**
 * Group commit: the moves of many games in ONE statement (one round trip, one WAL flush), each
 * still guarded by its own game's revision: a move whose game changed meanwhile is left out and
 * only its caller reloads. The batch is the moves that arrived while earlier flushes were in
 * flight, so a lone move waits for nobody, and under load one flush carries many moves.
 * Each move's outbox entries ride along (`outbox`): the webhook deliveries and notification rows of
 * the moves that landed are inserted by the same statement, so a move that lost its race notifies
 * nobody, and a move that notifies someone is grouped like any other.
 * The batch is one `json` document: PostgreSQL only checks it and takes each field's text, so a
 * state goes into its `json` column as sent (as `jsonb` it was parsed into a tree, then again for
 * the column: 0.04–0.05 ms of backend CPU per move).
 * Moves that store their state and moves that do not are two UPDATEs: one that leaves `state` out
 * of its SET list leaves `state_version` alone too (the trigger fires only on `UPDATE OF state`).
 * `games.id = ANY($2)` lets the prepared (generic) plan find the games by their primary key at any
 * table size: planned against json_to_recordset's guess of 100 rows, the join alone seq-scanned
 * every game on each flush below ~2,000 games (EXPLAIN of the generic plan, 1,000 games).
 */
const MOVED_COLUMNS = `active_seats = m.active_seats, clocks = m.clocks, deadline = m.deadline, updated_at = m.at, version = m.version,
      due_at = m.due_at, warn_at = m.warn_at, work_attempts = 0,
      result = COALESCE(m.result, games.result),
      status = CASE WHEN m.result IS NULL THEN games.status ELSE 'finished'::game_status END,
      finished_at = CASE WHEN m.result IS NULL THEN games.finished_at ELSE m.at END`;
const MOVED_GAMES = `games.id = ANY($2::uuid[]) AND games.id = m.id AND games.revision = m.revision`;
const GROUP_COMMIT = {
  name: 'move-group-commit',
  text: `WITH m AS (
    SELECT * FROM json_to_recordset($1::json) AS m(
      id uuid, revision int, state json, active_seats int[], clocks jsonb, deadline timestamptz, at timestamptz, version int, result jsonb,
      due_at timestamptz, warn_at timestamptz, seat int, actor_id uuid, kind text, undoes_seq int, action jsonb, log jsonb, irreversible boolean, outbox jsonb)
  ), with_state AS (
    UPDATE games SET state = m.state, ${MOVED_COLUMNS}
    FROM m WHERE ${MOVED_GAMES} AND m.state IS NOT NULL
    RETURNING m.id, m.version, m.seat, m.actor_id, m.kind, m.undoes_seq, m.action, m.log, m.irreversible, m.at, m.outbox
  ), without_state AS (
    UPDATE games SET ${MOVED_COLUMNS}
    FROM m WHERE ${MOVED_GAMES} AND m.state IS NULL
    RETURNING m.id, m.version, m.seat, m.actor_id, m.kind, m.undoes_seq, m.action, m.log, m.irreversible, m.at, m.outbox
  ), g AS (
    SELECT * FROM with_state UNION ALL SELECT * FROM without_state
  ), e AS (
    INSERT INTO game_events (game_id, seq, seat, actor_id, kind, undoes_seq, action, log, irreversible, created_at)
    SELECT id, version, seat, actor_id, kind, undoes_seq, action, log, irreversible, at FROM g
  ), x AS (
    SELECT x.* FROM g CROSS JOIN jsonb_to_recordset(g.outbox) AS x(user_ids uuid[], event text, payload jsonb)
  ), o AS (${WEBHOOK_DELIVERIES_FROM_OUTBOX_SQL('x')}
  ), n AS (${NOTIFICATIONS_FROM_OUTBOX_SQL('x')})
  SELECT id, (SELECT count(*)::int FROM o) + (SELECT count(*)::int FROM n) AS queued FROM g`,
};

interface PendingMove {
  game: GameRecord;
  event: NewEvent;
  next: NextState;
  outbox: OutboxEntry[];
  done: (moved: Moved | null) => void;
  failed: (error: unknown) => void;
}

/**
 * One flush at a time: the moves that arrive while it is on its way to the disk form the next one.
 * Measured (docs/bench-results.md): with two in flight a flush carried 2.1 moves at 8 clients and
 * PostgreSQL spent 0.23 ms per move; with one, 3.5 moves and 0.17 ms, for more moves per second and
 * a lower p99.
 */
const FLUSHES_IN_FLIGHT = 1;
/**
 * A flush in flight this long (its statement waits for a game row another transaction holds, or
 * for a slow disk) lets one more start: one stalled game must not hold up every other game's moves.
 * Normal flushes take a few ms.
 */
const STALLED_FLUSH_MS = 20;
const MAX_FLUSHES_IN_FLIGHT = 2;
/** Moves in one flush at most (the statement's parameter stays well under a megabyte). */
const MOVES_PER_FLUSH = 64;

/** What the group commit has done in this process: `moves / flushes` is the mean batch (for /metrics). */
export interface GroupCommitStats {
  flushes: number;
  moves: number;
}

class GroupCommit {
  private readonly waiting: PendingMove[] = [];
  /** When each flush in flight started (performance.now()), oldest first. */
  private readonly inFlight: number[] = [];
  private stallCheck: ReturnType<typeof setTimeout> | null = null;
  readonly stats: GroupCommitStats = { flushes: 0, moves: 0 };

  constructor(private readonly db: Db) {}

  commit(game: GameRecord, event: NewEvent, next: NextState, outbox: OutboxEntry[]): Promise<Moved | null> {
    return new Promise((done, failed) => {
      this.waiting.push({ game, event, next, outbox, done, failed });
      this.flush();
    });
  }

  /** Another flush may start: below the normal count, or the oldest one in flight has stalled. */
  private mayStart(): boolean {
    if (this.inFlight.length < FLUSHES_IN_FLIGHT) return true;
    return this.inFlight.length < MAX_FLUSHES_IN_FLIGHT && performance.now() - this.inFlight[0]! >= STALLED_FLUSH_MS;
  }

  private flush(): void {
    while (this.waiting.length > 0 && this.mayStart()) {
      // Two moves of one game never share a flush: the second is guarded by the first's revision.
      const batch: PendingMove[] = [];
      const games = new Set<string>();
      for (let i = 0; i < this.waiting.length && batch.length < MOVES_PER_FLUSH; ) {
        const pending = this.waiting[i]!;
        if (games.has(pending.game.id)) i++;
        else {
          games.add(pending.game.id);
          batch.push(pending);
          this.waiting.splice(i, 1);
        }
      }
      const startedAt = performance.now();
      this.inFlight.push(startedAt);
      void this.write(batch).finally(() => {
        this.inFlight.splice(this.inFlight.indexOf(startedAt), 1);
        this.flush();
      });
    }
    // Moves are waiting behind a flush: look again once it would count as stalled.
    if (this.waiting.length > 0 && this.inFlight.length < MAX_FLUSHES_IN_FLIGHT && !this.stallCheck) {
      this.stallCheck = setTimeout(() => {
        this.stallCheck = null;
        this.flush();
      }, Math.max(0, this.inFlight[0]! + STALLED_FLUSH_MS - performance.now()));
    }
  }

  private async write(batch: PendingMove[]): Promise<void> {
    const now = new Date();
    const rows = batch.map(({ game, event, next, outbox }) => ({
      id: game.id, revision: game.revision, state: storesState(event, next) ? next.state : null, active_seats: next.activeSeats, clocks: next.clocks ?? null, deadline: next.deadline, at: now,
      version: event.seq, result: next.result ?? null, due_at: next.due.dueAt, warn_at: next.due.warnAt, seat: event.seat, actor_id: event.actorId,
      kind: event.kind, undoes_seq: event.undoesSeq ?? null, action: event.action ?? null, log: event.log, irreversible: event.irreversible,
      outbox: outboxJson(outbox),
    }));
    let moved: Set<string>;
    let queued = 0;
    try {
      const result = await this.db.pool.query<{ id: string; queued: number }>({ ...GROUP_COMMIT, values: [JSON.stringify(rows), batch.map((pending) => pending.game.id)] });
      moved = new Set(result.rows.map((row) => row.id));
      queued = result.rows[0]?.queued ?? 0;
      this.stats.flushes++;
      this.stats.moves += batch.length;
    } catch (error) {
      // One bad move must not fail the others: each goes again on its own, and only its own error
      // reaches its caller. But only once it is known that none landed (settleFailedWrite).
      const retry = batch.length === 1
        ? (pending: PendingMove) => pending.failed(error)
        : (pending: PendingMove) => void commitAlone(this.db, pending.game, pending.event, pending.next, pending.outbox).then(pending.done, pending.failed);
      return settleFailedWrite(this.db, batch, now, error, retry);
    }
    // `queued` counts the whole flush's outbox rows: a move that had entries reports them all (its caller only wakes the workers when > 0).
    for (const pending of batch) {
      const webhooks = pending.outbox.some((entry) => entry.userIds.length > 0) ? queued : 0;
      pending.done(moved.has(pending.game.id) ? { game: storedAfter(pending.game, pending.event, pending.next, now), webhooks } : null);
    }
  }
}

const groupCommits = new WeakMap<Db, GroupCommit>();
const groupCommitOf = (db: Db) => {
  let group = groupCommits.get(db);
  if (!group) groupCommits.set(db, (group = new GroupCommit(db)));
  return group;
};

export const groupCommitStats = (db: Db): GroupCommitStats => groupCommitOf(db).stats;

/**
 * Appends `event` and moves the game to `next` (its due work included), if the game is still at
 * `game.revision`. Returns the record as stored after the move (for the cache) and how many webhook
 * deliveries were queued, or null when the game changed meanwhile. Resolves only once committed.
 */
export async function commitMove(db: Db, game: GameRecord, event: NewEvent, next: NextState, outbox: OutboxEntry[]): Promise<Moved | null> {
  if (!db.groupCommit) return commitAlone(db, game, event, next, outbox);
  return groupCommitOf(db).commit(game, event, next, outbox);
}
