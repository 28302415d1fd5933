import mercurius, { type IResolvers } from 'mercurius';
import type { Scope } from '../auth/tokens.js';
import { ServiceError } from '../errors.js';
import { cursorTime, resumed } from '../services/account-events.js';
import { apiTokens, createApiToken, revokeToken } from '../services/api-tokens.js';
import type { AccountEvent, ServiceContext } from '../services/context.js';
import { configureSeat, declineInvitation, detail, invitations, lobby, type SeatConfig } from '../services/lobby.js';
import { resign } from '../services/resign.js';
import { answerUndo, requestUndo, takeBack, undoRequestsOf } from '../services/takebacks.js';
import { changeEmail, changePreferences, preferencesOf, type MailSettings } from '../services/notifications.js';
import { deliveriesOf, pingWebhook, redeliver, registerWebhook, removeWebhook, webhooksOf, type WebhookSettings } from '../services/webhooks.js';
import { offsetConnection, offsetPage } from './connections.js';
import { refusingSubscription, subscriptionWithCodes, user, who, type Context } from './context.js';
import { endQueue, followingAccess } from '../services/stream-access.js';
import type { Readable } from 'node:stream';
import { accountTopicOf } from './updates.js';

const { withFilter } = mercurius;

/** Lobby, take-backs, resigning, API tokens, webhooks and the account subscriptions: as REST serves them. */
export function asyncPlayResolvers(ctx: ServiceContext, webhooks: WebhookSettings, mail: MailSettings): IResolvers {
  const seatConfig = (args: { fill: 'open' | 'bot' | 'reserved'; bot?: string | null; username?: string | null }): SeatConfig => {
    if (args.fill === 'bot') return { fill: 'bot', bot: args.bot ?? undefined };
    if (args.fill === 'reserved') {
      if (!args.username) throw new ServiceError(400, 'VALIDATION_FAILED', 'A reserved seat needs the username of the invited player.');
      return { fill: 'reserved', username: args.username };
    }
    return { fill: 'open' };
  };
  /** Account events of the caller, optionally only those where it became their turn. */
  const accountSubscription = (onlyTurns: boolean) => {
    // `after` (accountEvents only): first what was missed since that cursor, then the live events.
    const subscribe = (_root: unknown, args: { after?: string | null }, context: Context) =>
      refusingSubscription(async () => {
        const principal = user(context);
        if (args.after != null) cursorTime(args.after);
        const live = (await context.pubsub.subscribe(accountTopicOf(principal.userId))) as Readable & AsyncIterable<AccountEvent>;
        // No gap events here (AccountEvent has no such shape): a game beyond the window gets its newest event, as before.
        const events = (async function* () {
          for await (const event of resumed(ctx, principal.userId, args.after ?? undefined, live)) if (event.type !== 'gap') yield event;
        })();
        // Ends when the account is disabled or its token is revoked or expires (services/stream-access.ts).
        return subscriptionWithCodes(followingAccess(ctx, principal, events, () => endQueue(live)));
      });
    return { subscribe: onlyTurns ? withFilter(subscribe, (event: AccountEvent) => event.turnStarted) : subscribe, resolve: (event: AccountEvent) => event };
  };
  return {
    Query: {
      lobby: async (_root, args: { type?: string | null; first: number; after?: string | null }, context: Context) => {
        const paging = offsetPage(args.first, args.after, 100);
        const { total, games } = await lobby(ctx, user(context), { type: args.type ?? undefined, ...paging });
        return offsetConnection(games, paging.offset, total);
      },
      invitations: (_root, _args, context: Context) => invitations(ctx, user(context)),
      undoRequests: (_root, { gameId }: { gameId: string }, context: Context) => undoRequestsOf(ctx, who(context), gameId),
      apiTokens: (_root, _args, context: Context) => apiTokens(ctx, user(context)),
      webhooks: (_root, _args, context: Context) => webhooksOf(ctx, user(context)),
      notificationPreferences: (_root, _args, context: Context) => preferencesOf(ctx, mail, user(context)),
      webhookDeliveries: async (_root, args: { webhookId: string; first: number; after?: string | null; status?: 'pending' | 'delivered' | 'failed' | null }, context: Context) => {
        const paging = offsetPage(args.first, args.after, 50);
        const page = await deliveriesOf(ctx, user(context), args.webhookId, { ...paging, status: args.status ?? undefined });
        return offsetConnection(page.items, paging.offset, page.total);
      },
    },
    Mutation: {
      configureSeat: async (_root, args: { gameId: string; seat: number; fill: 'open' | 'bot' | 'reserved'; bot?: string | null; username?: string | null }, context: Context) => {
        const principal = user(context);
        return detail(ctx, await configureSeat(ctx, principal, args.gameId, args.seat, seatConfig(args)), principal);
      },
      declineInvitation: async (_root, { gameId }: { gameId: string }, context: Context) => {
        const principal = user(context);
        return detail(ctx, await declineInvitation(ctx, principal, gameId), principal);
      },
      takeBack: async (_root, { gameId }: { gameId: string }, context: Context) => ({ ...(await takeBack(ctx, user(context), gameId)), gameId }),
      requestUndo: (_root, { gameId }: { gameId: string }, context: Context) => requestUndo(ctx, user(context), gameId),
      answerUndo: (_root, args: { gameId: string; requestId: string; approve: boolean }, context: Context) =>
        answerUndo(ctx, user(context), args.gameId, args.requestId, args.approve),
      resign: async (_root, { gameId }: { gameId: string }, context: Context) => {
        const principal = user(context);
        return detail(ctx, await resign(ctx, principal, gameId), principal);
      },
      createApiToken: (_root, args: { name: string; scopes: Scope[] }, context: Context) => {
        if (args.name.length < 1 || args.name.length > 100) throw new ServiceError(400, 'VALIDATION_FAILED', 'A token name is 1 to 100 characters.');
        return createApiToken(ctx, user(context), args);
      },
      revokeApiToken: async (_root, { id }: { id: string }, context: Context) => {
        await revokeToken(ctx, user(context), id);
        return true;
      },
      registerWebhook: (_root, args: { url: string; events: string[] }, context: Context) => {
        if (args.url.length > 2000) throw new ServiceError(400, 'VALIDATION_FAILED', 'A webhook URL is at most 2000 characters.');
        return registerWebhook(ctx, webhooks, user(context), args);
      },
      deleteWebhook: async (_root, { id }: { id: string }, context: Context) => {
        await removeWebhook(ctx, user(context), id);
        return true;
      },
      pingWebhook: (_root, { id }: { id: string }, context: Context) => pingWebhook(ctx, user(context), id),
      redeliverWebhookDelivery: (_root, args: { webhookId: string; deliveryId: string }, context: Context) => redeliver(ctx, user(context), args.webhookId, args.deliveryId),
      setEmail: (_root, { email }: { email?: string | null }, context: Context) => {
        if (typeof email === 'string' && email.length > 254) throw new ServiceError(400, 'INVALID_EMAIL', 'An e-mail address is at most 254 characters.');
        return changeEmail(ctx, mail, user(context), email ?? null);
      },
      setNotificationPreferences: (_root, args: { emailMode?: string | null; digestHours?: number | null; timeZone?: string | null }, context: Context) =>
        changePreferences(ctx, mail, user(context), { emailMode: args.emailMode ?? undefined, digestHours: args.digestHours ?? undefined, timeZone: args.timeZone }),
    },
    Subscription: {
      myTurn: accountSubscription(true),
      accountEvents: accountSubscription(false),
    },
  };
}
