import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CHAT_MAX_LENGTH, CHAT_PAGE_LIMIT, chatPage, chatStillReadable, chatTopicOf, ofChannel, openChatStream, postChatMessage, removeChatMessage, setAccountMuted, type ChatEvent } from '../../services/chat.js';
import type { ServiceContext } from '../../services/context.js';
import { followingAccess } from '../../services/stream-access.js';
import { optionalUser, requireUser } from '../auth.js';
import { GameId } from '../schemas.js';
import { serveSse } from '../sse.js';
import { body, errorResponses, ok } from './common.js';
import { subscribeTopic } from './integrations.js';

const Channel = Type.Union([Type.Literal('players'), Type.Literal('spectators')], {
  description: '`players`: the seated players (everyone reads it once the game is over); `spectators`: everyone else (players read it once the game is over)',
});
export const ChatMessageSchema = Type.Object({
  id: Type.Integer({ description: 'Orders the game\u2019s messages; pass as `before` to page back' }),
  gameId: Type.String({ format: 'uuid' }),
  channel: Channel,
  author: Type.String({ description: 'The author\u2019s username' }),
  text: Type.String({ description: 'Plain text, never HTML: render it as text' }),
  createdAt: Type.String({ format: 'date-time' }),
}, { $id: 'ChatMessage' });
const ChatQuery = Type.Object({
  channel: Channel,
  before: Type.Optional(Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, description: 'Only messages older than this id (the oldest you have)' })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: CHAT_PAGE_LIMIT, default: 50, description: 'Page size' })),
}, { additionalProperties: false });
const example = { id: 42, gameId: '8d0c4a52-4a3e-4a9e-9a57-5b1f0f6c2d11', channel: 'players', author: 'alice', text: 'Good luck, all!', createdAt: '2026-11-26T21:00:00.000Z' };

/** Chat at the table (services/chat.ts): paging, posting, the live stream, and the admin's moderation. */
export const chatRoutes = (ctx: ServiceContext, onStream: (delta: 1 | -1) => void = () => {}): FastifyPluginAsyncTypebox => async (app) => {
  app.addSchema(ChatMessageSchema);

  app.get('/v1/games/:id/chat', {
    schema: {
      tags: ['chat'], operationId: 'listChatMessages', params: GameId, querystring: ChatQuery,
      summary: 'A page of a game\u2019s chat channel, newest first',
      description: 'Messages of one channel, newest first; page back with `before` (the smallest `id` you have) while `hasMore`. Deleted messages are left out.',
      response: {
        200: ok('One page of messages, newest first', Type.Object({ items: Type.Array(Type.Ref('ChatMessage')), hasMore: Type.Boolean({ description: 'Older messages exist' }) }), { items: [example], hasMore: false }),
        ...errorResponses(400, 401, { 403: ['CHAT_CHANNEL_CLOSED'] }, 404),
      },
    },
  }, async (request) => chatPage(ctx, optionalUser(request), request.params.id, request.query.channel, request.query.before ?? null, request.query.limit ?? 50));

  app.post('/v1/games/:id/chat', {
    config: { limit: 'chat' },
    schema: {
      tags: ['chat'], operationId: 'postChatMessage', params: GameId,
      summary: 'Post a chat message (seated players in `players`, anyone else in `spectators`)',
      description: `Plain text of 1 to ${CHAT_MAX_LENGTH} characters (trimmed; line breaks allowed, no other control characters); markup is kept as typed and shown as text. Live subscribers hear it at once. Refused for a muted account (403 ACCOUNT_MUTED).`,
      body: body(Type.Object({ channel: Channel, text: Type.String({ maxLength: CHAT_MAX_LENGTH * 4 }) }, { additionalProperties: false }), { channel: 'players', text: 'Good luck, all!' }),
      response: {
        201: ok('The message as stored', Type.Ref('ChatMessage'), example),
        ...errorResponses({ 400: ['INVALID_JSON', 'INVALID_CHAT_MESSAGE'] }, 401, { 403: ['CHAT_CHANNEL_CLOSED', 'ACCOUNT_MUTED'] }, 404, { 429: ['RATE_LIMITED'] }),
      },
    },
  }, async (request, reply) => reply.code(201).send(await postChatMessage(ctx, requireUser(request), request.params.id, request.body.channel, request.body.text)));

  app.get('/v1/games/:id/chat/events', {
    schema: {
      tags: ['chat'], operationId: 'streamChat', params: GameId,
      querystring: Type.Object({ channel: Channel }, { additionalProperties: false }),
      summary: 'A chat channel live (Server-Sent Events): `chat_message` and `chat_message_deleted`',
      description: 'Each new message is `event: chat_message` with `id: <message id>` and `data: <ChatMessage>`; a message an admin deleted is `event: chat_message_deleted` with `data: {"id","channel"}`. Read earlier messages with listChatMessages. A comment line is sent every 25 s to keep the connection open. Access is checked when the stream opens and again before each event: once you may no longer read the channel (you left a private game, took a seat while reading the spectators\u2019 chat), your account is disabled, or the token you opened it with is revoked or expires, the stream sends `event: closed` with `data: {"reason": "ACCESS_LOST"|"TOKEN_REVOKED"|"TOKEN_EXPIRED"|"ACCOUNT_DISABLED", "message"}` (ACCESS_LOST adds `refusal`: the code the REST read now answers) and ends: do not reconnect then.',
      response: {
        200: { description: 'An endless Server-Sent Events stream', content: { 'text/event-stream': { schema: Type.String(), example: `event: chat_message\nid: 42\ndata: ${JSON.stringify(example)}\n\n` } } },
        ...errorResponses(400, 401, { 403: ['CHAT_CHANNEL_CLOSED'] }, 404),
      },
    },
  }, async (request, reply) => {
    const principal = optionalUser(request);
    // Subscribed before the check's read: nothing posted meanwhile is missed.
    const events = await subscribeTopic(app, chatTopicOf(request.params.id));
    let channel;
    try {
      channel = await openChatStream(ctx, principal, request.params.id, request.query.channel);
    } catch (error) {
      events.close();
      throw error;
    }
    const live = followingAccess(ctx, principal, ofChannel(events.stream as AsyncIterable<ChatEvent>, channel), events.close, (event) => chatStillReadable(ctx, principal, request.params.id, channel, event));
    await serveSse(request, reply, (async function* () {
      for await (const event of live) {
        yield event.type === 'message' ? { event: 'chat_message', id: String(event.message.id), data: event.message } : { event: 'chat_message_deleted', data: { id: event.id, channel: event.channel } };
      }
    })(), () => events.close(), onStream);
  });

  app.delete('/v1/admin/chat/:messageId', {
    schema: {
      tags: ['admin'], operationId: 'adminDeleteChatMessage', params: Type.Object({ messageId: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }) }),
      summary: 'Delete a chat message (hidden from everyone from now on)',
      description: 'The message leaves every page and live subscribers get `chat_message_deleted`. The row is kept for the record. Logged with the admin\u2019s id.',
      response: { 204: Type.Null({ description: 'Deleted' }), ...errorResponses(400, 401, { 403: ['ADMIN_ONLY'] }, 404) },
    },
  }, async (request, reply) => {
    await removeChatMessage(ctx, requireUser(request), request.params.messageId);
    return reply.code(204).send(null);
  });

  const MutedUser = Type.Object({
    id: Type.String({ format: 'uuid' }), username: Type.String(),
    mutedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description: 'Since when its chat messages are refused (null: not muted)' }),
  });
  for (const muted of [true, false]) {
    app.post(`/v1/admin/users/:id/${muted ? 'mute' : 'unmute'}`, {
      schema: {
        tags: ['admin'], operationId: muted ? 'adminMuteUser' : 'adminUnmuteUser', params: Type.Object({ id: Type.String({ format: 'uuid' }) }),
        summary: muted ? 'Mute an account: its chat messages are refused until it is unmuted' : 'Unmute an account',
        description: muted ? 'Every chat message of the account is refused (403 `ACCOUNT_MUTED`), in REST and GraphQL, until an admin unmutes it; it still plays. Muting a muted account changes nothing. Logged with the admin\u2019s id.' : 'The account may chat again. Logged with the admin\u2019s id.',
        response: { 200: ok('The account', MutedUser), ...errorResponses(400, 401, { 403: ['ADMIN_ONLY'] }, 404) },
      },
    }, async (request) => setAccountMuted(ctx, requireUser(request), request.params.id, muted));
  }
};
