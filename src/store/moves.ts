import type { Db } from './db.js';
import { SEATS_SQL, toRecord, type GameRecord, type NewEvent, type NextState, type RawGameRow } from './games.js';
import { isUuid } from './ids.js';

/**
 * The measured hot path of a move, on node-postgres with named prepared statements (parsed and
 * planned once per connection; Prisma's runtime cost ~40% of a move's CPU, see docs/architecture.md).
 * A move is ONE autocommitted statement: the game row is updated only `WHERE revision = $expected`
 * and the event (and any webhook outbox rows) are inserted from that update's result, so either all
 * of it lands or, when someone else wrote the game first, nothing does and the caller reloads.
 */

/** Webhook outbox rows: the users' webhooks that asked for `event` get `payload` (filtered in SQL). */
export interface OutboxEntry {
  userIds: string[];
  event: string;
  payload: unknown;
}

const LOAD = { name: 'move-load-game', text: `SELECT g.*, ${SEATS_SQL.text} AS seats FROM games g WHERE g.id = $1` };

/** The game as stored now, with its revision (no lock: the commit is guarded instead). */
export async function loadForMove(db: Db, gameId: string): Promise<GameRecord | null> {
  if (!isUuid(gameId)) return null;
  const { rows } = await db.pool.query<RawGameRow>({ ...LOAD, values: [gameId] });
  return rows[0] ? toRecord(rows[0]) : null;
}

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
  ), o AS (
    INSERT INTO webhook_deliveries (id, webhook_id, event, payload)
    SELECT gen_random_uuid(), w.id, x.event, x.payload
    FROM g CROSS JOIN jsonb_to_recordset($17::jsonb) AS x(user_ids uuid[], event text, payload jsonb)
    JOIN webhooks w ON w.user_id = ANY(x.user_ids) AND x.event = ANY(w.events)
    RETURNING 1
  )
  SELECT (SELECT count(*)::int FROM g) AS moved, (SELECT count(*)::int FROM o) AS webhooks`,
};

/**
 * Appends `event` and moves the game to `next` (its due work included), if the game is still at
 * `game.revision`. Returns the record as stored after the move (for the cache) and how many webhook
 * deliveries were queued, or null when the game changed meanwhile.
 */
export async function commitMove(db: Db, game: GameRecord, event: NewEvent, next: NextState, outbox: OutboxEntry[]): Promise<{ game: GameRecord; webhooks: number } | null> {
  const now = new Date();
  const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));
  const { rows } = await db.pool.query<{ moved: number; webhooks: number }>({
    ...COMMIT,
    values: [
      game.id, game.revision, json(next.state), next.activeSeats, json(next.clocks), next.deadline, now, event.seq, json(next.result),
      event.seat, event.actorId, event.kind, event.undoesSeq ?? null, json(event.action), JSON.stringify(event.log), event.irreversible,
      JSON.stringify(outbox.filter((entry) => entry.userIds.length > 0).map((entry) => ({ user_ids: entry.userIds, event: entry.event, payload: entry.payload }))),
      next.due.dueAt, next.due.warnAt,
    ],
  });
  if (rows[0]?.moved !== 1) return null;
  const finished = next.result !== null;
  const stored: GameRecord = {
    ...game, state: next.state, activeSeats: next.activeSeats, clocks: next.clocks, deadline: next.deadline, updatedAt: now, version: event.seq,
    dueAt: next.due.dueAt, warnAt: next.due.warnAt, workAttempts: 0,
    // The games trigger adds one to the revision on every update.
    revision: game.revision + 1,
    ...(finished ? { result: next.result, status: 'finished' as const, finishedAt: now } : {}),
  };
  return { game: stored, webhooks: rows[0].webhooks };
}
