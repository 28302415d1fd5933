import type { Db } from './db.js';

/** Chat messages (services/chat.ts): a table of their own, which no game write touches. */
export type ChatChannel = 'players' | 'spectators';

export interface ChatMessageRecord {
  id: number;
  gameId: string;
  channel: ChatChannel;
  userId: string;
  username: string;
  text: string;
  createdAt: Date;
  deletedAt: Date | null;
}

interface Row {
  id: bigint;
  game_id: string;
  channel: ChatChannel;
  user_id: string;
  username: string;
  text: string;
  created_at: Date;
  deleted_at: Date | null;
}

const record = (row: Row): ChatMessageRecord => ({
  id: Number(row.id), gameId: row.game_id, channel: row.channel, userId: row.user_id, username: row.username, text: row.text, createdAt: row.created_at, deletedAt: row.deleted_at,
});

/**
 * Stores a message unless its author is muted, in one statement (a mute committed before it is
 * never missed); null when muted.
 */
export async function insertChatMessage(db: Db, message: { gameId: string; channel: ChatChannel; userId: string; text: string; at: Date }): Promise<ChatMessageRecord | null> {
  const rows = await db.$queryRaw<Row[]>`
    INSERT INTO chat_messages (game_id, channel, user_id, text, created_at)
    SELECT ${message.gameId}::uuid, ${message.channel}::chat_channel, u.id, ${message.text}, ${message.at}
    FROM users u WHERE u.id = ${message.userId}::uuid AND u.muted_at IS NULL
    RETURNING id, game_id, channel, user_id, (SELECT username::text FROM users WHERE id = user_id) AS username, text, created_at, deleted_at`;
  return rows[0] ? record(rows[0]) : null;
}

/** Up to `limit` messages of a channel before the message `before` (all when null), newest first; deleted ones left out. */
export async function listChatMessages(db: Db, gameId: string, channel: ChatChannel, before: number | null, limit: number): Promise<ChatMessageRecord[]> {
  const rows = await db.$queryRaw<Row[]>`
    SELECT m.id, m.game_id, m.channel, m.user_id, u.username::text AS username, m.text, m.created_at, m.deleted_at
    FROM chat_messages m JOIN users u ON u.id = m.user_id
    WHERE m.game_id = ${gameId}::uuid AND m.channel = ${channel}::chat_channel AND m.deleted_at IS NULL
      AND m.id < ${before ?? Number.MAX_SAFE_INTEGER}
    ORDER BY m.id DESC LIMIT ${limit}`;
  return rows.map(record);
}

/** Marks a message deleted; null when there is no such message (or it was deleted already). */
export async function deleteChatMessage(db: Db, id: number, by: string, at: Date): Promise<ChatMessageRecord | null> {
  const rows = await db.$queryRaw<Row[]>`
    UPDATE chat_messages m SET deleted_at = ${at}, deleted_by_id = ${by}::uuid
    FROM users u WHERE m.id = ${id} AND m.deleted_at IS NULL AND u.id = m.user_id
    RETURNING m.id, m.game_id, m.channel, m.user_id, u.username::text AS username, m.text, m.created_at, m.deleted_at`;
  return rows[0] ? record(rows[0]) : null;
}

/** Mutes (at a time) or unmutes (null) an account; null when there is no such account. */
export async function setUserMuted(db: Db, userId: string, at: Date | null): Promise<{ id: string; username: string; mutedAt: Date | null } | null> {
  const rows = await db.$queryRaw<{ id: string; username: string; muted_at: Date | null }[]>`
    UPDATE users SET muted_at = CASE WHEN ${at}::timestamptz IS NULL THEN NULL ELSE COALESCE(muted_at, ${at}::timestamptz) END
    WHERE id = ${userId}::uuid RETURNING id, username::text AS username, muted_at`;
  return rows[0] ? { id: rows[0].id, username: rows[0].username, mutedAt: rows[0].muted_at } : null;
}
