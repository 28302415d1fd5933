import type { GameStatus } from './games.js';
import type { Db } from './db.js';

export interface ChangedSeat {
  gameId: string;
  type: string;
  version: number;
  status: GameStatus;
  activeSeats: number[];
  deadline: Date | null;
  updatedAt: Date;
  seat: number;
  bot: string | null;
}

/** The games a user holds a seat in that changed after `since`, oldest change first (at most `limit`). */
export async function seatsChangedSince(db: Db, userId: string, since: Date, limit: number): Promise<ChangedSeat[]> {
  return db.$queryRaw<ChangedSeat[]>`
    SELECT g.id AS "gameId", g.type, g.version, g.status::text AS status, g.active_seats AS "activeSeats", g.deadline, g.updated_at AS "updatedAt", s.seat, s.bot
    FROM seats s JOIN games g ON g.id = s.game_id
    WHERE s.user_id = ${userId}::uuid AND g.updated_at > ${since}
    ORDER BY g.updated_at, g.id
    LIMIT ${limit}`;
}
