import type { EventKind } from '../engine/log-walk.js';
import type { RecordedAction } from '../engine/replay.js';
import type { LogEntry } from '../engine/types.js';
import { notFound } from '../errors.js';
import { Prisma, type Db } from './db.js';
import { gameBusy } from './game-lock-gate.js';
import { isLockTimeout } from './unavailable.js';
import { isUuid } from './ids.js';
import { readEvents, restoreArchive } from './archive.js';
import { NOTIFICATIONS_FROM_OUTBOX_SQL, WEBHOOK_DELIVERIES_FROM_OUTBOX_SQL } from './outbox.js';

/**
 * Games, seats and the event log. The write path for a game always goes through `withGameLock`:
 * one transaction holding the game row `FOR UPDATE`, so two processes can never both append
 * the same seq (and the (game_id, seq) primary key refuses it even if they tried).
 */
/** 'aborted': ended by an admin without a result (services/admin-moderation.ts). */
export type GameStatus = 'open' | 'active' | 'finished' | 'aborted';

export interface SeatRecord {
  seat: number;
  userId: string | null;
  username: string | null;
  /** A bot plays this seat (its name). */
  bot: string | null;
  reservedForId: string | null;
  reservedForUsername: string | null;
  /** Who last declined this seat's invitation (null: nobody, or invited again since). */
  declinedByUsername: string | null;
  timeouts: number;
  resigned: boolean;
  /** The seat's user has webhooks, e-mail notifications on or a push subscription (so moves write outbox rows for them). */
  hasOutbox: boolean;
}

/** A seat someone or something plays: a user or a bot. */
export const isFilled = (seat: SeatRecord) => seat.userId !== null || seat.bot !== null;

export interface GameRecord {
  id: string;
  type: string;
  rulesVersion: number;
  options: unknown;
  seed: string;
  /** How the deal seed comes from `seed` and `clientSeeds` (engine/deal.ts); fixed at creation. */
  seedDerivation: number;
  /** Seated players' client seeds by seat (null: none given); null until one is given (derivation 2 only). */
  clientSeeds: (string | null)[] | null;
  status: GameStatus;
  seatCount: number;
  state: unknown;
  version: number;
  /** Moves with every write to the game or its seats (a trigger): the guard of a move from the game cache. */
  revision: number;
  activeSeats: number[];
  result: unknown;
  private: boolean;
  /** Chosen at creation: changes its players' ratings when it finishes (services/ratings.ts). */
  rated: boolean;
  timeControl: unknown;
  clocks: unknown;
  deadline: Date | null;
  /** When background work is next due (a deadline of a person, a warning, a bot's turn); see services/due.ts. */
  dueAt: Date | null;
  /** The next "deadline near" warning not yet sent. */
  warnAt: Date | null;
  /** Failed attempts in a row at the due work (backoff). */
  workAttempts: number;
  createdById: string;
  createdAt: Date;
  updatedAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  /** When an admin imported the game from a record (services/admin-records.ts); null: played here. */
  importedAt: Date | null;
  /** When its events moved into its archive row (store/archive.ts); null: they are rows. */
  archivedAt: Date | null;
  seats: SeatRecord[];
}

export interface EventRecord {
  seq: number;
  seat: number | null;
  actorId: string | null;
  kind: EventKind;
  undoesSeq: number | null;
  action: unknown;
  log: LogEntry[];
  irreversible: boolean;
  createdAt: Date;
}

/**
 * 'start': the game started (seq 1; games started before it existed have none); 'action': a move by a player or a bot; 'timeout': a deadline passed; 'undo': a take-back; 'resign'; 'rules': an admin moved the game to newer rules;
 * 'replace': an admin gave a seat to a bot; 'abort': an admin ended the game.
 */
export { SEAT_AND_SYSTEM_KINDS, type EventKind } from '../engine/log-walk.js';

type Tx = Prisma.TransactionClient;
const json = (value: unknown) => value as Prisma.InputJsonValue;

/** Inserts an open game with its creator in seat 0 (in `tx`, e.g. under the account's quota lock); returns its id. */
export async function insertGame(
  tx: Tx,
  data: { type: string; rulesVersion: number; options: unknown; seed: string; seatCount: number; createdById: string; private: boolean; rated: boolean; timeControl: unknown },
): Promise<string> {
  const row = await tx.game.create({
    data: {
      ...data,
      options: json(data.options),
      timeControl: json(data.timeControl),
      seats: { create: Array.from({ length: data.seatCount }, (_, seat) => ({ seat, userId: seat === 0 ? data.createdById : null })) },
    },
    select: { id: true },
  });
  return row.id;
}

/** Open games an account created that have not started: what OPEN_GAMES_PER_ACCOUNT counts. */
export const countOpenGamesCreatedBy = (tx: Tx, userId: string): Promise<number> => tx.game.count({ where: { createdById: userId, status: 'open' } });

export async function findGame(db: Db, id: string): Promise<GameRecord | null> {
  return (await loadGames(db, db.catchUp, [id]))[0] ?? null;
}

/** Games by id in one statement, in the order of `ids` (missing ones left out). */
export const findGames = (db: Db, ids: string[]): Promise<GameRecord[]> => loadGames(db, db.catchUp, ids);
/** `findGames` inside a transaction (whose games it has locked). */
export const findGamesIn = (tx: Tx, catchUp: CatchUp, ids: string[]): Promise<GameRecord[]> => loadGames(tx, catchUp, ids);

export interface RawGameRow {
  id: string; type: string; rules_version: number; options: unknown; seed: string; seed_derivation: number; client_seeds: (string | null)[] | null; status: GameStatus; seat_count: number; state: unknown;
  state_version: number; actions_after_state: (RecordedAction & { seq: number; kind: EventKind })[] | null; version: number; revision: number; active_seats: number[] | null; result: unknown; private: boolean; rated: boolean; time_control: unknown; clocks: unknown; deadline: Date | null;
  due_at: Date | null; warn_at: Date | null; work_attempts: number;
  created_by_id: string; created_at: Date; updated_at: Date; started_at: Date | null; finished_at: Date | null; imported_at: Date | null; archived_at: Date | null; seats: SeatRecord[];
}

/** The seats of game `g` as a JSON array, SeatRecord[] (the one reading of seats, shared with store/due-work.ts and store/moves.ts). */
export const SEATS_SQL = Prisma.sql`COALESCE((
      SELECT json_agg(json_build_object(
        'seat', s.seat, 'userId', s.user_id, 'username', u.username, 'bot', s.bot, 'reservedForId', s.reserved_for_id,
        'reservedForUsername', r.username, 'declinedByUsername', d.username, 'timeouts', s.timeouts, 'resigned', s.resigned_at IS NOT NULL,
        'hasOutbox', EXISTS (SELECT 1 FROM webhooks w WHERE w.user_id = s.user_id)
          OR (u.email_verified_at IS NOT NULL AND u.email_mode <> 'never')
          OR EXISTS (SELECT 1 FROM push_subscriptions p WHERE p.user_id = s.user_id)) ORDER BY s.seat)
      FROM seats s LEFT JOIN users u ON u.id = s.user_id LEFT JOIN users r ON r.id = s.reserved_for_id LEFT JOIN users d ON d.id = s.declined_by_id
      WHERE s.game_id = g.id), '[]'::json)`;

/**
 * The events after game `g`'s stored state, oldest first, as a JSON array (null when the state is
 * the newest). Only the move path leaves the state behind (store/moves.ts), so these are players'
 * actions, at most a few; `toRecord` plays them on. Read with every game row.
 */
export const ACTIONS_AFTER_STATE_SQL = Prisma.sql`(
      SELECT json_agg(json_build_object('seq', e.seq, 'kind', e.kind, 'seat', e.seat, 'action', e.action) ORDER BY e.seq)
      FROM game_events e WHERE e.game_id = g.id AND e.seq > g.state_version AND e.seq <= g.version)`;
/** The columns every reading of a game selects (`games g`), for `toRecord`. */
export const GAME_COLUMNS_SQL = Prisma.sql`g.*, ${SEATS_SQL} AS seats, ${ACTIONS_AFTER_STATE_SQL} AS actions_after_state`;

/**
 * Games and their seats in one statement, in the order of `ids` (one round trip instead of one per
 * relation). Never with a lock: see `withGameLock` for why a locked write reads in a statement of its own.
 */
async function loadGames(db: Db | Tx, catchUp: CatchUp, ids: string[]): Promise<GameRecord[]> {
  const wanted = ids.filter(isUuid);
  if (wanted.length === 0) return [];
  const rows = await db.$queryRaw<RawGameRow[]>`SELECT ${GAME_COLUMNS_SQL} FROM games g WHERE g.id = ANY(${wanted}::uuid[])`;
  const byId = new Map(rows.map((row) => [row.id, toRecord(row, catchUp)]));
  return wanted.flatMap((id) => byId.get(id) ?? []);
}

/**
 * Plays a game's actions on from a stored state with the game's rules (the app gives the store its
 * catalog this way: see app.ts). Throws when the rules refuse one: a stored game never silently
 * changes its history.
 */
export type CatchUp = (game: Pick<GameRecord, 'id' | 'type' | 'rulesVersion'>, state: unknown, actions: readonly RecordedAction[]) => unknown;

/** The newest state of a game row whose stored state is behind: the actions after it played on from it. */
function newestState(row: RawGameRow, after: NonNullable<RawGameRow['actions_after_state']>, catchUp: CatchUp): unknown {
  const other = after.find((event) => event.kind !== 'action' || event.seat === null);
  // Every writer but the move path writes the state (and a trigger its version) with its event.
  if (other) throw new Error(`game ${row.id}: event ${other.seq} (${other.kind}) lies after the stored state of version ${row.state_version}`);
  return catchUp({ id: row.id, type: row.type, rulesVersion: row.rules_version }, row.state, after);
}

/**
 * The only place a game row becomes a GameRecord. When the stored state is behind, the newest is
 * played on when first asked for: a page of games that are only listed replays nothing, and a game
 * whose rules this build does not serve still lists (asking for its state fails, as it did before).
 */
export function toRecord(row: RawGameRow, catchUp: CatchUp): GameRecord {
  const record: GameRecord = {
    id: row.id, type: row.type, rulesVersion: row.rules_version, options: row.options, seed: row.seed, seedDerivation: row.seed_derivation, clientSeeds: row.client_seeds, status: row.status, seatCount: row.seat_count,
    state: row.state, version: row.version, revision: row.revision, activeSeats: row.active_seats ?? [], result: row.result, private: row.private, rated: row.rated, timeControl: row.time_control,
    clocks: row.clocks, deadline: row.deadline, dueAt: row.due_at, warnAt: row.warn_at, workAttempts: row.work_attempts, createdById: row.created_by_id, createdAt: row.created_at, updatedAt: row.updated_at,
    startedAt: row.started_at, finishedAt: row.finished_at, importedAt: row.imported_at, archivedAt: row.archived_at ?? null, seats: row.seats,
  };
  const after = row.actions_after_state;
  if (after && after.length > 0) {
    const settle = (state: unknown) => Object.defineProperty(record, 'state', { value: state, enumerable: true, writable: true, configurable: true });
    Object.defineProperty(record, 'state', {
      enumerable: true,
      configurable: true,
      get: () => {
        const state = newestState(row, after, catchUp);
        settle(state);
        return state;
      },
      set: settle,
    });
  }
  return record;
}

export interface GameListFilter {
  status?: GameStatus;
  type?: string;
  rulesVersion?: number;
  /** Only games where this user holds a seat. */
  memberId?: string;
  /** Only active games where this user's seat is to act (and no bot stands in for it). */
  awaitingUserId?: string;
  /** Leave out private games this user has no part in. */
  visibleTo?: string;
  /** Only games with a seat reserved for this user. */
  reservedFor?: string;
  limit: number;
  offset: number;
}

/**
 * The total of a list page from a count of at most `cap` + 1 matches past its offset (`db.listCountCap`,
 * setting LIST_COUNT_CAP): exact when fewer remain, else `offset + cap` with `totalCapped`. A count of
 * every match grows with the database (a list of 100,000 active games counted them all for each page
 * of 20); this one stays flat, and "is there a next page" (offset + page < total) stays right.
 */
export async function cappedTotal(cap: number, offset: number, count: (skip: number, take: number) => Promise<number>): Promise<{ total: number; totalCapped: boolean }> {
  const counted = await count(offset, cap + 1);
  if (counted > 0 || offset === 0) return { total: offset + Math.min(counted, cap), totalCapped: counted > cap };
  // A page past the end: the matches before it, counted from the start the same way.
  const before = await count(0, cap + 1);
  return { total: Math.min(before, cap), totalCapped: before > cap };
}

export async function listGames(db: Db, filter: GameListFilter): Promise<{ total: number; totalCapped: boolean; games: GameRecord[] }> {
  const and: Prisma.GameWhereInput[] = [];
  if (filter.status) and.push({ status: filter.status });
  if (filter.type) and.push({ type: filter.type });
  if (filter.rulesVersion !== undefined) and.push({ rulesVersion: filter.rulesVersion });
  if (filter.memberId) and.push({ seats: { some: { userId: filter.memberId } } });
  if (filter.visibleTo) {
    const me = filter.visibleTo;
    and.push({ OR: [{ private: false }, { createdById: me }, { seats: { some: { OR: [{ userId: me }, { reservedForId: me }] } } }] });
  }
  if (filter.reservedFor) and.push({ seats: { some: { reservedForId: filter.reservedFor, userId: null } } });
  if (filter.awaitingUserId) {
    // "Is my seat among the active seats?" needs the seat index per game: one SQL join.
    const rows = await db.$queryRaw<{ id: string }[]>`
      SELECT g.id FROM games g JOIN seats s ON s.game_id = g.id
      WHERE g.status = 'active' AND s.user_id = ${filter.awaitingUserId}::uuid AND s.bot IS NULL AND s.seat = ANY(g.active_seats)`;
    and.push({ id: { in: rows.map((row) => row.id) } });
  }
  const where: Prisma.GameWhereInput = { AND: and };
  // The count in the page's order: Prisma's own orders by id, which walked the primary key through
  // thousands of heap blocks at 100,000 active games (docs/bench-results.md, eighth session).
  const orderBy: Prisma.GameOrderByWithRelationInput[] = [{ updatedAt: 'desc' }, { id: 'asc' }];
  const [counted, page] = await Promise.all([
    cappedTotal(db.listCountCap, filter.offset, (skip, take) => db.game.count({ where, orderBy, skip, take })),
    db.game.findMany({ where, select: { id: true }, orderBy, take: filter.limit, skip: filter.offset }),
  ]);
  return { ...counted, games: await loadGames(db, db.catchUp, page.map((row) => row.id)) };
}

/**
 * The lobby: open games with a seat `userId` may take (free and unreserved in a public game, or
 * reserved for them) where they hold no seat yet, newest first. Its own SQL rather than listGames's
 * Prisma filter, with which the lobby grew with the number of open games (docs/bench-results.md,
 * eighth session): the page and the capped count both walk the open games' partial index
 * (games_open_updated_at_id_idx) in the page's order and ask each game's seats by key, so each stops
 * after the matches it needs. `OFFSET 0` keeps each seat question a per-game subplan: pulled up into
 * a join, the planner hashed every free seat and sorted the matches. The count stops at
 * `db.lobbyCountCap` (LOBBY_COUNT_CAP, 100: "100+ open games"), not the lists' 1,000: each match
 * costs a look at its seats (7 ms for 1,000 of them, against 0.4 ms for a page of 20).
 */
export async function listJoinableGames(db: Db, filter: { userId: string; type?: string; limit: number; offset: number }): Promise<{ total: number; totalCapped: boolean; games: GameRecord[] }> {
  const me = filter.userId;
  const where = Prisma.sql`g.status = 'open'::game_status${filter.type === undefined ? Prisma.empty : Prisma.sql` AND g.type = ${filter.type}`}
    AND NOT EXISTS (SELECT 1 FROM seats mine WHERE mine.game_id = g.id AND mine.user_id = ${me}::uuid OFFSET 0)
    AND EXISTS (SELECT 1 FROM seats free WHERE free.game_id = g.id AND free.user_id IS NULL AND free.bot IS NULL
      AND (free.reserved_for_id = ${me}::uuid OR (free.reserved_for_id IS NULL AND NOT g.private)) OFFSET 0)`;
  const [counted, page] = await Promise.all([
    cappedTotal(db.lobbyCountCap, filter.offset, async (skip, take) => (await db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM (
      SELECT 1 FROM games g WHERE ${where} ORDER BY g.updated_at DESC, g.id OFFSET ${skip} LIMIT ${take}) matches`)[0]?.n ?? 0),
    db.$queryRaw<{ id: string }[]>`SELECT g.id FROM games g WHERE ${where} ORDER BY g.updated_at DESC, g.id LIMIT ${filter.limit} OFFSET ${filter.offset}`,
  ]);
  return { ...counted, games: await loadGames(db, db.catchUp, page.map((row) => row.id)) };
}

/** A game's events after `after`, at most `limit`, oldest first: its rows or its archive (store/archive.ts#readEvents). */
export const listEvents = (db: Db, gameId: string, after: number, limit: number): Promise<EventRecord[]> => readEvents(db, gameId, after, limit);

export async function findEvent(db: Db, gameId: string, seq: number): Promise<EventRecord | null> {
  const [event] = await readEvents(db, gameId, seq - 1, 1);
  return event?.seq === seq ? event : null;
}

/** The state a game moves to with an event (or at its start). */
export interface NextState {
  state: unknown;
  activeSeats: number[];
  /** The outcome once over: the game becomes finished. */
  result: unknown;
  clocks: unknown;
  deadline: Date | null;
  /** The game's due work after this change (services/due.ts#planDue). */
  due: DueColumns;
  /** An admin ends the game without a result (status `aborted`). */
  aborted?: boolean;
}

/** The columns that record a game's background work (see services/due.ts). */
export interface DueColumns {
  dueAt: Date | null;
  warnAt: Date | null;
}

export interface NewEvent {
  seq: number;
  seat: number | null;
  actorId: string | null;
  kind: EventKind;
  undoesSeq?: number | null;
  action: unknown;
  log: LogEntry[];
  irreversible: boolean;
}

export interface SeatChange {
  userId?: string | null;
  bot?: string | null;
  reservedForId?: string | null;
  declinedById?: string | null;
  timeouts?: number;
  resignedAt?: Date | null;
}

/** Operations allowed on a locked game inside its transaction. */
export interface LockedGame {
  updateSeat(seat: number, change: SeatChange): Promise<void>;
  /** Start: drop the unfilled seats, renumber the rest 0..n-1 in order, append the `start` event and store the initial state. */
  start(seats: SeatRecord[], event: NewEvent, next: NextState): Promise<void>;
  /** Append event `seq` and move the game to its new state. */
  append(event: NewEvent, next: NextState): Promise<void>;
  /** Store the client seeds by seat (services/client-seeds.ts; at the start, renumbered with the seats). */
  setClientSeeds(seeds: (string | null)[]): Promise<void>;
  /** Record the rules version the game is now played under (services/rules-admin.ts). */
  setRulesVersion(version: number): Promise<void>;
  /** The stored answer to this user's request with this Idempotency-Key, read in the lock's transaction. */
  findIdempotentResponse(userId: string, key: string): Promise<IdempotentResponse | null>;
  saveIdempotentResponse(data: { userId: string; key: string; requestHash: string; response: unknown }): Promise<void>;
  /** Outbox: one pending delivery per webhook of these users that asked for `event`; returns how many. */
  enqueueWebhooks(userIds: string[], event: string, payload: unknown): Promise<number>;
  /** Record the game's next due work without an event (a warning sent, nothing due after all). */
  setDue(due: DueColumns): Promise<void>;
  /** An open game nobody holds a seat of any more closes as `aborted` (it never started). */
  abandonOpen(at: Date): Promise<void>;
  events(): Promise<EventRecord[]>;
  /** The game as this transaction now sees it (after seat changes). */
  reload(): Promise<GameRecord>;
  createUndoRequest(data: { seq: number; version: number; seat: number }): Promise<UndoRequestRecord>;
  findUndoRequest(id: string): Promise<UndoRequestRecord | null>;
  updateUndoRequest(id: string, data: { approvals?: number[]; status?: UndoRequestRecord['status'] }): Promise<UndoRequestRecord>;
}

/**
 * Runs `work` on the game inside one transaction holding its row lock: lock, THEN read. Under READ
 * COMMITTED a statement that waited for a row lock returns the newest version of the locked row but
 * evaluates its subqueries (seats, the events after the stored state) in the snapshot it took before
 * the wait: one `SELECT g.*, (seats…) … FOR UPDATE` let concurrent joins overwrite each other's seat
 * and a resign write a state without the move that had just landed. So the lock is its own statement
 * and the game is read by the next one, whose snapshot is taken once the lock is ours.
 */
export async function withGameLock<T>(db: Db, gameId: string, work: (game: GameRecord, locked: LockedGame) => Promise<T>): Promise<T> {
  // This write moves the game's revision: the cached record is stale from now on (its guard would refuse it anyway).
  db.games.forget(gameId);
  if (!isUuid(gameId)) throw notFound('Game');
  // One writer of the game per process takes a connection; a few wait without one; the rest are refused (store/game-lock-gate.ts).
  return db.gameLocks.run(gameId, async () => {
    try {
      return await db.$transaction(
        async (tx) => {
          const locked = await tx.$queryRaw<unknown[]>`SELECT 1 FROM games WHERE id = ${gameId}::uuid FOR UPDATE`;
          if (locked.length === 0) throw notFound('Game');
          const [game] = await loadGames(tx, db.catchUp, [gameId]);
          if (!game) throw notFound('Game');
          return work(game, lockedOps(tx, gameId, db.catchUp, game.archivedAt !== null));
        },
        { maxWait: 20_000, timeout: 30_000 },
      );
    } catch (error) {
      // Another process (or due work) held the row longer than the connections' lock_timeout.
      if (isLockTimeout(error)) throw gameBusy();
      throw error;
    }
  });
}


function nextData(next: NextState, now: Date): Prisma.GameUpdateInput {
  return {
    state: json(next.state),
    activeSeats: next.activeSeats,
    clocks: next.clocks === null ? Prisma.DbNull : json(next.clocks),
    deadline: next.deadline,
    dueAt: next.due.dueAt,
    warnAt: next.due.warnAt,
    workAttempts: 0,
    updatedAt: now,
    ...(next.result !== null ? { status: 'finished', result: json(next.result), finishedAt: now } : {}),
    ...(next.aborted ? { status: 'aborted', finishedAt: now } : {}),
  };
}

function lockedOps(tx: Tx, gameId: string, catchUp: CatchUp, archived: boolean): LockedGame {
  return {
    async updateSeat(seat, change) {
      await tx.seat.update({ where: { gameId_seat: { gameId, seat } }, data: { ...change, ...(change.userId ? { joinedAt: new Date() } : {}) } });
    },
    async start(seats, event, next) {
      await tx.seat.deleteMany({ where: { gameId } });
      await tx.seat.createMany({ data: seats.map((seat, index) => ({ gameId, seat: index, userId: seat.userId, bot: seat.bot })) });
      const now = new Date();
      await tx.gameEvent.create({ data: { gameId, ...event, action: json(event.action), log: json(event.log), createdAt: now } });
      await tx.game.update({ where: { id: gameId }, data: { ...nextData(next, now), status: 'active', seatCount: seats.length, startedAt: now, version: event.seq } });
    },
    async append(event, next) {
      // An event on a game whose events are archived (an admin's action on a finished game): they become rows again first.
      if (archived) {
        await restoreArchive(tx, gameId);
        archived = false;
      }
      await tx.gameEvent.create({ data: { gameId, ...event, action: json(event.action), log: json(event.log) } });
      await tx.game.update({ where: { id: gameId }, data: { ...nextData(next, new Date()), version: event.seq } });
    },
    async setClientSeeds(seeds) {
      await tx.game.update({ where: { id: gameId }, data: { clientSeeds: seeds } });
    },
    async setRulesVersion(version) {
      await tx.game.update({ where: { id: gameId }, data: { rulesVersion: version } });
    },
    findIdempotentResponse(userId, key) {
      return findIdempotentResponse(tx, userId, key);
    },
    async saveIdempotentResponse({ userId, key, requestHash, response }) {
      await tx.idempotencyKey.create({ data: { userId, key, gameId, requestHash, response: json(response) } });
    },
    async enqueueWebhooks(userIds, event, payload) {
      if (userIds.length === 0) return 0;
      const outbox = JSON.stringify([{ user_ids: userIds, event, payload }]);
      const [row] = await tx.$queryRaw<{ webhooks: number; notifications: number }[]>`
        WITH x AS (SELECT * FROM jsonb_to_recordset(${outbox}::jsonb) AS x(user_ids uuid[], event text, payload jsonb)), o AS (${Prisma.raw(WEBHOOK_DELIVERIES_FROM_OUTBOX_SQL('x'))}), n AS (${Prisma.raw(NOTIFICATIONS_FROM_OUTBOX_SQL('x'))})
        SELECT (SELECT count(*)::int FROM o) AS webhooks, (SELECT count(*)::int FROM n) AS notifications`;
      return row!.webhooks + row!.notifications;
    },
    async setDue(due) {
      await tx.game.update({ where: { id: gameId }, data: { dueAt: due.dueAt, warnAt: due.warnAt, workAttempts: 0 } });
    },
    async abandonOpen(at) {
      await tx.game.update({ where: { id: gameId }, data: { status: 'aborted', finishedAt: at, updatedAt: at, dueAt: null, warnAt: null } });
    },
    async reload() {
      return (await loadGames(tx, catchUp, [gameId]))[0]!;
    },
    async events() {
      return readEvents(tx, gameId, 0, null);
    },
    async createUndoRequest(data) {
      return toUndoRequest(await tx.undoRequest.create({ data: { gameId, ...data } }));
    },
    async findUndoRequest(id) {
      if (!isUuid(id)) return null;
      const row = await tx.undoRequest.findFirst({ where: { id, gameId } });
      return row ? toUndoRequest(row) : null;
    },
    async updateUndoRequest(id, data) {
      const resolved = data.status !== undefined && data.status !== 'open' ? { resolvedAt: new Date() } : {};
      return toUndoRequest(await tx.undoRequest.update({ where: { gameId_id: { gameId, id } }, data: { ...data, ...resolved } }));
    },
  };
}

export interface IdempotentResponse {
  gameId: string;
  requestHash: string;
  response: unknown;
}

export async function findIdempotentResponse(db: Db | Tx, userId: string, key: string): Promise<IdempotentResponse | null> {
  return db.idempotencyKey.findUnique({ where: { userId_key: { userId, key } }, select: { gameId: true, requestHash: true, response: true } });
}

export function isUniqueViolation(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002';
}

/**
 * After a failed attempt (its transaction rolled back): count it and look again at `retryAt`, unless
 * the game has moved on meanwhile (its new due work was recorded with it). Returns the attempts so far.
 */
export async function deferDueWork(db: Db, gameId: string, version: number, retryAt: Date): Promise<number | null> {
  const rows = await db.$queryRaw<{ work_attempts: number }[]>`
    UPDATE games SET work_attempts = work_attempts + 1, due_at = ${retryAt}
    WHERE id = ${gameId}::uuid AND version = ${version} AND due_at IS NOT NULL RETURNING work_attempts`;
  return rows[0]?.work_attempts ?? null;
}

/** When the earliest due work of any game is due (null: none). */
export async function nextDueAt(db: Db): Promise<Date | null> {
  const [row] = await db.$queryRaw<{ at: Date | null }[]>`SELECT min(due_at) AS at FROM games`;
  return row?.at ?? null;
}

/** How many games have work due at `now` (the backlog). */
export async function countDueGames(db: Db, now: Date): Promise<number> {
  const [row] = await db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM games WHERE due_at <= ${now}`;
  return row?.n ?? 0;
}

export interface UndoRequestRecord {
  id: string;
  gameId: string;
  seq: number;
  version: number;
  seat: number;
  approvals: number[];
  status: 'open' | 'approved' | 'declined' | 'void';
  createdAt: Date;
  resolvedAt: Date | null;
}

const toUndoRequest = (row: Prisma.UndoRequestGetPayload<object>): UndoRequestRecord => ({ ...row, status: row.status as UndoRequestRecord['status'] });

export async function listUndoRequests(db: Db, gameId: string): Promise<UndoRequestRecord[]> {
  return (await db.undoRequest.findMany({ where: { gameId }, orderBy: { createdAt: 'desc' }, take: 50 })).map(toUndoRequest);
}

