import type { IResolvers } from 'mercurius';
import { badRequest } from '../errors.js';
import { CHAT_PAGE_LIMIT, chatPage, chatStillReadable, chatTopicOf, ofChannel, openChatStream, postChatMessage, removeChatMessage, setAccountMuted, type ChatEvent } from '../services/chat.js';
import { endQueue, followingAccess } from '../services/stream-access.js';
import type { Readable } from 'node:stream';
import type { ServiceContext } from '../services/context.js';
import { checkFirst } from './connections.js';
import { refusingSubscription, subscriptionWithCodes, user, who, type Context } from './context.js';

/** A message id as GraphQL passes it (ID: a string of digits). */
function messageId(name: string, value: string): number {
  const id = /^\d{1,15}$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(id) || id < 1) throw badRequest('VALIDATION_FAILED', `${name} is a chat message id.`);
  return id;
}

/** Chat at the table: the same use cases as REST (routes/chat.ts). */
export function chatResolvers(ctx: ServiceContext): IResolvers {
  return {
    Query: {
      chat: (_root, args: { gameId: string; channel: string; first: number; before?: string | null }, context: Context) =>
        chatPage(ctx, who(context), args.gameId, args.channel, args.before == null ? null : messageId('before', args.before), checkFirst(args.first, CHAT_PAGE_LIMIT))
          .then(({ items, hasMore }) => ({ messages: items, hasMore })),
    },
    Mutation: {
      postChatMessage: (_root, args: { gameId: string; channel: string; text: string }, context: Context) =>
        postChatMessage(ctx, user(context), args.gameId, args.channel, args.text),
      adminDeleteChatMessage: async (_root, args: { id: string }, context: Context) => {
        await removeChatMessage(ctx, user(context), messageId('id', args.id));
        return true;
      },
      adminMuteUser: (_root, args: { id: string; muted: boolean }, context: Context) => setAccountMuted(ctx, user(context), args.id, args.muted),
    },
    Subscription: {
      chatMessages: {
        subscribe: (_root: unknown, { gameId, channel }: { gameId: string; channel: string }, context: Context) =>
          refusingSubscription(async () => {
            // Subscribed before the access check's read: a message posted meanwhile is not missed.
            const live = (await context.pubsub.subscribe(chatTopicOf(gameId))) as Readable & AsyncIterableIterator<ChatEvent>;
            try {
              const principal = who(context);
              const checked = await openChatStream(ctx, principal, gameId, channel);
              return subscriptionWithCodes(followingAccess(ctx, principal, ofChannel(live, checked), () => endQueue(live), (event) => chatStillReadable(ctx, principal, gameId, checked, event)));
            } catch (error) {
              await live.return?.();
              throw error;
            }
          }),
        resolve: (event: ChatEvent) => (event.type === 'message' ? { type: 'message', message: event.message, deletedId: null } : { type: 'deleted', message: null, deletedId: String(event.id) }),
      },
    },
  };
}
