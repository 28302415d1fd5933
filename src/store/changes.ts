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

export interface MissedEvent {
  gameId: string;
  seq: number;
  createdAt: Date;
  /** How many events of this game were missed in all (the rows are its newest `perGame`). */
  missed: number;
}

const NO_GAME = '00000000-0000-0000-0000-000000000000';

/**
 * The events of `gameIds` a client missed, oldest first: of the game it last heard of (`seen`), those
 * after the version it heard; of the others, those written after `since`. At most the newest `perGame`
 * of each game, each row telling how many were missed in all.
 */
export async function missedEventsOf(db: Db, gameIds: string[], seen: { gameId: string; version: number } | null, since: Date, perGame: number): Promise<MissedEvent[]> {
  if (gameIds.length === 0) return [];
  return db.$queryRaw<MissedEvent[]>`
    SELECT "gameId", seq, "createdAt", missed FROM (
      SELECT e.game_id AS "gameId", e.seq, e.created_at AS "createdAt",
        count(*) OVER (PARTITION BY e.game_id)::int AS missed,
        row_number() OVER (PARTITION BY e.game_id ORDER BY e.seq DESC) AS newest
      FROM game_events e
      WHERE e.game_id = ANY(${gameIds}::uuid[])
        AND CASE WHEN e.game_id = ${seen?.gameId ?? NO_GAME}::uuid THEN e.seq > ${seen?.version ?? 0} ELSE e.created_at > ${since} END
    ) m WHERE newest <= ${perGame}
    ORDER BY "createdAt", "gameId", seq`;
}

/** Stream tickets (services/stream-tickets.ts): only the ticket's hash is stored. */
/** The credential a ticket stands for: the API token that asked for it, or when the login token that did expires. */
export interface TicketCredential {
  apiTokenId: string | null;
  credentialExpiresAt: Date | null;
}

export async function insertStreamTicket(db: Db, ticketHash: string, userId: string, expiresAt: Date, credential: TicketCredential): Promise<void> {
  // Tickets never used are swept when their owner asks for the next one.
  await db.$executeRaw`DELETE FROM stream_tickets WHERE user_id = ${userId}::uuid AND expires_at < now()`;
  await db.$executeRaw`INSERT INTO stream_tickets (ticket_hash, user_id, expires_at, api_token_id, credential_expires_at)
    VALUES (${ticketHash}, ${userId}::uuid, ${expiresAt}, ${credential.apiTokenId}::uuid, ${credential.credentialExpiresAt}::timestamptz)`;
}

/** Takes a ticket (one use: it is deleted, whoever asks first); null when unknown or already used. */
type TakenTicket = { userId: string; username: string; role: 'player' | 'admin'; expiresAt: Date } & TicketCredential;
export async function takeStreamTicket(db: Db, ticketHash: string): Promise<TakenTicket | null> {
  const rows = await db.$queryRaw<TakenTicket[]>`
    DELETE FROM stream_tickets t USING users u WHERE t.ticket_hash = ${ticketHash} AND u.id = t.user_id
    RETURNING u.id AS "userId", u.username::text AS username, u.role::text AS role, t.expires_at AS "expiresAt",
      t.api_token_id::text AS "apiTokenId", t.credential_expires_at AS "credentialExpiresAt"`;
  return rows[0] ?? null;
}
