import type { Principal } from '../auth/tokens.js';
import { badRequest, forbidden, notFound, ServiceError } from '../errors.js';
import { deleteChatMessage, insertChatMessage, listChatMessages, setUserMuted, type ChatChannel, type ChatMessageRecord } from '../store/chat.js';
import type { GameRecord } from '../store/games.js';
import { isUuid } from '../store/ids.js';
import type { ServiceContext } from './context.js';
import { loadGame, loadVisibleGame, maySee, seatOf } from './lobby.js';
import { accessLost, loadOncePerEvent, type StreamEnded } from './stream-access.js';

/**
 * Chat at the table. Each game has two channels:
 * - `players`: the seated players talk; once the game is over everyone who may see the game reads it;
 * - `spectators`: everyone else who may see the game (players read it once the game is over, so
 *   nobody at the table is told what onlookers think of their hand).
 * Admins read both. Messages are plain text (never HTML: clients render them as text), 1 to
 * CHAT_MAX_LENGTH characters, rate limited per account and address (`chat`, http/rate-limits.ts).
 * A muted account's messages are refused. Messages live apart from the game's log: moves, take-backs
 * and undo requests never touch them. Live delivery: pub/sub topic `chat:<gameId>`, heard by the
 * GraphQL subscription `chatMessages` and the SSE stream `/v1/games/{id}/chat/events`, which end
 * before the first event their subscriber may no longer read (chatStillReadable).
 */
export const CHAT_CHANNELS: readonly ChatChannel[] = ['players', 'spectators'];
export const CHAT_MAX_LENGTH = 500;
export const CHAT_PAGE_LIMIT = 100;

export interface ChatMessage {
  id: number;
  gameId: string;
  channel: ChatChannel;
  author: string;
  text: string;
  createdAt: string;
}

/** What travels through pub/sub for a game's chat: a new message, or the id of one an admin deleted. */
export type ChatEvent = { type: 'message'; message: ChatMessage } | { type: 'deleted'; id: number; channel: ChatChannel };

export const chatTopicOf = (gameId: string) => `chat:${gameId}`;

const over = (game: GameRecord) => game.status === 'finished' || game.status === 'aborted';

/** What the caller may do on a channel of a game they may see. */
export function chatAccess(game: GameRecord, principal: Principal | null, channel: ChatChannel): { read: boolean; write: boolean } {
  const seated = seatOf(game, principal) !== null;
  const admin = principal?.role === 'admin';
  if (channel === 'players') return { read: seated || admin || over(game), write: seated };
  // Spectators: anyone not seated; the players only once the game is over (and never write there).
  return { read: !seated || admin || over(game), write: principal !== null && !seated };
}

const view = (record: ChatMessageRecord): ChatMessage => ({
  id: record.id, gameId: record.gameId, channel: record.channel, author: record.username, text: record.text, createdAt: record.createdAt.toISOString(),
});

function checkChannel(channel: string): ChatChannel {
  if (!(CHAT_CHANNELS as readonly string[]).includes(channel)) throw badRequest('VALIDATION_FAILED', 'channel is "players" or "spectators".');
  return channel as ChatChannel;
}

/** Refuses a channel the caller may not read now, as the REST read does. */
function checkReadable(game: GameRecord, principal: Principal | null, channel: ChatChannel): void {
  if (!maySee(game, principal)) throw notFound('Game');
  if (!chatAccess(game, principal, channel).read) {
    throw forbidden('CHAT_CHANNEL_CLOSED', channel === 'players' ? 'The players\u2019 chat is open to the seated players until the game is over.' : 'Players read the spectators\u2019 chat once the game is over.');
  }
}

async function readable(ctx: ServiceContext, principal: Principal | null, gameId: string, channel: string): Promise<ChatChannel> {
  const checked = checkChannel(channel);
  checkReadable(await loadGame(ctx, gameId), principal, checked);
  return checked;
}

/**
 * Plain text: surrounding white space trimmed, 1 to CHAT_MAX_LENGTH characters (code points), line
 * breaks and tabs allowed, no other control characters. Markup is kept as typed and shown as text.
 */
export function checkChatText(text: string): string {
  const trimmed = text.trim();
  const length = [...trimmed].length;
  if (length === 0 || length > CHAT_MAX_LENGTH) throw badRequest('INVALID_CHAT_MESSAGE', `A chat message is 1 to ${CHAT_MAX_LENGTH} characters.`);
  // eslint-disable-next-line no-control-regex -- refusing control characters is the point
  if (/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029]/.test(trimmed)) throw badRequest('INVALID_CHAT_MESSAGE', 'A chat message is plain text: no control characters.');
  return trimmed;
}

/** Newest first, `limit` messages before message `before` (from the newest when absent); `hasMore` says whether older ones exist. */
export async function chatPage(ctx: ServiceContext, principal: Principal | null, gameId: string, channel: string, before: number | null, limit: number) {
  const checked = await readable(ctx, principal, gameId, channel);
  const rows = await listChatMessages(ctx.db, gameId, checked, before, limit + 1);
  return { items: rows.slice(0, limit).map(view), hasMore: rows.length > limit };
}

/** The caller may read the channel when a live stream opens (chatStillReadable checks each event after). */
export const openChatStream = (ctx: ServiceContext, principal: Principal | null, gameId: string, channel: string): Promise<ChatChannel> => readable(ctx, principal, gameId, channel);

const eventKey = (event: ChatEvent) => (event.type === 'message' ? `message:${event.message.id}` : `deleted:${event.id}`);

/**
 * Null while a stream's subscriber may still read the channel as this event is delivered, else why
 * not (a player who left a private game, a spectator who took a seat…): against the game loaded
 * once per event and process for all its subscribers, after the event was published, so a seat
 * change committed before the message was posted is seen.
 */
export async function chatStillReadable(ctx: ServiceContext, principal: Principal | null, gameId: string, channel: ChatChannel, event: ChatEvent): Promise<StreamEnded | null> {
  try {
    checkReadable(await loadOncePerEvent(ctx, `chat:${gameId}:${eventKey(event)}`, () => loadGame(ctx, gameId)), principal, channel);
    return null;
  } catch (error) {
    if (error instanceof ServiceError && error.status < 500) return accessLost(error);
    throw error;
  }
}

export async function postChatMessage(ctx: ServiceContext, principal: Principal, gameId: string, channel: string, text: string): Promise<ChatMessage> {
  const checked = checkChannel(channel);
  const body = checkChatText(text);
  const game = await loadVisibleGame(ctx, gameId, principal);
  if (!chatAccess(game, principal, checked).write) {
    throw forbidden('CHAT_CHANNEL_CLOSED', checked === 'players' ? 'Only the seated players write in the players\u2019 chat.' : 'Players do not write in the spectators\u2019 chat.');
  }
  const stored = await insertChatMessage(ctx.db, { gameId, channel: checked, userId: principal.userId, text: body, at: ctx.now() });
  if (!stored) throw forbidden('ACCOUNT_MUTED', 'An admin has muted your account: your chat messages are refused until it is unmuted.');
  const message = view(stored);
  ctx.events.chat(gameId, { type: 'message', message });
  return message;
}

/** Admin: the message is hidden from everyone from now on (subscribers are told). */
export async function removeChatMessage(ctx: ServiceContext, principal: Principal, id: number): Promise<void> {
  const deleted = await deleteChatMessage(ctx.db, id, principal.userId, ctx.now());
  if (!deleted) throw notFound('Chat message');
  ctx.log.info(`chat message ${id} of game ${deleted.gameId} by ${deleted.username} deleted by admin ${principal.userId}`);
  ctx.events.chat(deleted.gameId, { type: 'deleted', id, channel: deleted.channel });
}

/** Admin: mute (or unmute) an account; muting a muted account keeps its first time. */
export async function setAccountMuted(ctx: ServiceContext, principal: Principal, userId: string, muted: boolean) {
  if (!isUuid(userId)) throw notFound('User');
  const row = await setUserMuted(ctx.db, userId, muted ? ctx.now() : null);
  if (!row) throw notFound('User');
  ctx.log.info(`account ${userId} (${row.username}) ${muted ? 'muted' : 'unmuted'} by admin ${principal.userId}`);
  return { id: row.id, username: row.username, mutedAt: row.mutedAt?.toISOString() ?? null };
}

/** Whether an event of the chat topic belongs to the channel a subscriber listens to. */
export const onChannel = (event: ChatEvent, channel: ChatChannel) => (event.type === 'message' ? event.message.channel : event.channel) === channel;

/** Only the events of one channel, from the game's chat topic; leaves the topic when the subscriber does. */
export async function* ofChannel(live: AsyncIterable<ChatEvent> & { return?(): unknown }, channel: ChatChannel): AsyncGenerator<ChatEvent> {
  try {
    for await (const event of live) if (onChannel(event, channel)) yield event;
  } finally {
    await live.return?.();
  }
}
