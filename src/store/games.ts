import type { LogEntry } from '../engine/types.js';
import { notFound } from '../errors.js';
import { Prisma, type Db } from './db.js';

/**
 * Games, seats and the event log. The write path for a game always goes through `withGameLock`:
 * one transaction holding the game row `FOR UPDATE`, so two processes can never both append
 * the same seq (and the (game_id, seq) primary key refuses it even if they tried).
 */
export type GameStatus = 'open' | 'active' | 'finished';

export interface SeatRecord {
  seat: number;
  userId: string | null;
  username: string | null;
}

export interface GameRecord {
  id: string;
  type: string;
  rulesVersion: number;
  options: unknown;
  seed: string;
  status: GameStatus;
  seatCount: number;
  state: unknown;
  version: number;
  activeSeats: number[];
  result: unknown;
  createdById: string;
  createdAt: Date;
  updatedAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  seats: SeatRecord[];
}

export interface EventRecord {
  seq: number;
  seat: number | null;
  actorId: string | null;
  action: unknown;
  log: LogEntry[];
  irreversible: boolean;
  createdAt: Date;
}

type Tx = Prisma.TransactionClient;
const json = (value: unknown) => value as Prisma.InputJsonValue;
const withSeats = { seats: { orderBy: { seat: 'asc' }, include: { user: { select: { username: true } } } } } as const;

type GameRow = Prisma.GameGetPayload<{ include: typeof withSeats }>;

function toRecord(row: GameRow): GameRecord {
  const { seats, ...game } = row;
  return {
    ...game,
    state: game.state,
    result: game.result,
    seats: seats.map((seat) => ({ seat: seat.seat, userId: seat.userId, username: seat.user?.username ?? null })),
  };
}

export async function insertGame(
  db: Db,
  data: { type: string; rulesVersion: number; options: unknown; seed: string; seatCount: number; createdById: string },
): Promise<GameRecord> {
  const row = await db.game.create({
    data: {
      ...data,
      options: json(data.options),
      seats: { create: Array.from({ length: data.seatCount }, (_, seat) => ({ seat, userId: seat === 0 ? data.createdById : null })) },
    },
    include: withSeats,
  });
  return toRecord(row);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function findGame(db: Db | Tx, id: string): Promise<GameRecord | null> {
  if (!UUID.test(id)) return null;
  const row = await db.game.findUnique({ where: { id }, include: withSeats });
  return row ? toRecord(row) : null;
}

export interface GameListFilter {
  status?: GameStatus;
  /** Only games where this user holds a seat. */
  memberId?: string;
  /** Only active games where this user's seat is to act. */
  awaitingUserId?: string;
  limit: number;
  offset: number;
}

export async function listGames(db: Db, filter: GameListFilter): Promise<{ total: number; games: GameRecord[] }> {
  const where: Prisma.GameWhereInput = {};
  if (filter.status) where.status = filter.status;
  if (filter.memberId) where.seats = { some: { userId: filter.memberId } };
  let awaitingIds: string[] | undefined;
  if (filter.awaitingUserId) {
    // "Is my seat among the active seats?" needs the seat index per game: one SQL join.
    const rows = await db.$queryRaw<{ id: string }[]>`
      SELECT g.id FROM games g JOIN seats s ON s.game_id = g.id
      WHERE g.status = 'active' AND s.user_id = ${filter.awaitingUserId}::uuid AND s.seat = ANY(g.active_seats)`;
    awaitingIds = rows.map((row) => row.id);
    where.id = { in: awaitingIds };
  }
  const [total, rows] = await Promise.all([
    db.game.count({ where }),
    db.game.findMany({ where, include: withSeats, orderBy: [{ updatedAt: 'desc' }, { id: 'asc' }], take: filter.limit, skip: filter.offset }),
  ]);
  return { total, games: rows.map(toRecord) };
}

export async function listEvents(db: Db, gameId: string, after: number, limit: number): Promise<EventRecord[]> {
  const rows = await db.gameEvent.findMany({ where: { gameId, seq: { gt: after } }, orderBy: { seq: 'asc' }, take: limit });
  return rows.map((row) => ({ ...row, log: row.log as unknown as LogEntry[] }));
}

export async function findEvent(db: Db, gameId: string, seq: number): Promise<EventRecord | null> {
  const row = await db.gameEvent.findUnique({ where: { gameId_seq: { gameId, seq } } });
  return row ? { ...row, log: row.log as unknown as LogEntry[] } : null;
}

/** Operations allowed on a locked game inside its transaction. */
export interface LockedGame {
  setSeat(seat: number, userId: string | null): Promise<void>;
  /** Start: drop the unfilled seats, renumber the rest 0..n-1 in order, store the initial state. */
  start(data: { seatUserIds: string[]; state: unknown; activeSeats: number[] }): Promise<void>;
  /** Append event `seq` and move the game to its new state. */
  append(event: { seq: number; seat: number | null; actorId: string | null; action: unknown; log: LogEntry[]; irreversible: boolean }, next: { state: unknown; activeSeats: number[]; result: unknown }): Promise<void>;
  saveIdempotentResponse(data: { userId: string; key: string; requestHash: string; response: unknown }): Promise<void>;
}

export async function withGameLock<T>(db: Db, gameId: string, work: (game: GameRecord, locked: LockedGame) => Promise<T>): Promise<T> {
  return db.$transaction(
    async (tx) => {
      if (!UUID.test(gameId)) throw notFound('Game');
      const locked = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM games WHERE id = ${gameId}::uuid FOR UPDATE`;
      if (locked.length === 0) throw notFound('Game');
      const game = (await findGame(tx, gameId))!;
      return work(game, lockedOps(tx, gameId));
    },
    { maxWait: 20_000, timeout: 30_000 },
  );
}

function lockedOps(tx: Tx, gameId: string): LockedGame {
  return {
    async setSeat(seat, userId) {
      await tx.seat.update({ where: { gameId_seat: { gameId, seat } }, data: { userId, joinedAt: new Date() } });
    },
    async start({ seatUserIds, state, activeSeats }) {
      await tx.seat.deleteMany({ where: { gameId } });
      await tx.seat.createMany({ data: seatUserIds.map((userId, seat) => ({ gameId, seat, userId })) });
      const now = new Date();
      await tx.game.update({
        where: { id: gameId },
        data: { status: 'active', seatCount: seatUserIds.length, state: json(state), activeSeats, startedAt: now, updatedAt: now },
      });
    },
    async append(event, next) {
      await tx.gameEvent.create({ data: { gameId, ...event, action: json(event.action), log: json(event.log) } });
      const now = new Date();
      const over = next.result !== null;
      await tx.game.update({
        where: { id: gameId },
        data: {
          state: json(next.state),
          version: event.seq,
          activeSeats: next.activeSeats,
          updatedAt: now,
          ...(over ? { status: 'finished', result: json(next.result), finishedAt: now } : {}),
        },
      });
    },
    async saveIdempotentResponse({ userId, key, requestHash, response }) {
      await tx.idempotencyKey.create({ data: { userId, key, gameId, requestHash, response: json(response) } });
    },
  };
}

export async function findIdempotentResponse(db: Db, userId: string, key: string): Promise<{ gameId: string; requestHash: string; response: unknown } | null> {
  return db.idempotencyKey.findUnique({ where: { userId_key: { userId, key } }, select: { gameId: true, requestHash: true, response: true } });
}

export function isUniqueViolation(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002';
}
