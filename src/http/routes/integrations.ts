import { Readable } from 'node:stream';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { SCOPES } from '../../auth/tokens.js';
import { accountTopicOf } from '../../graphql/updates.js';
import { apiTokens, createApiToken, revokeToken } from '../../services/api-tokens.js';
import { cursorTime, resumed } from '../../services/account-events.js';
import { endQueue, followingAccess } from '../../services/stream-access.js';
import { createStreamTicket, redeemStreamTicket, STREAM_TICKET_TTL_MS } from '../../services/stream-tickets.js';
import type { AccountEvent, ServiceContext } from '../../services/context.js';
import { DELIVERY_STATUSES, deliveriesOf, pingWebhook, redeliver, registerWebhook, removeWebhook, WEBHOOK_EVENTS, webhooksOf, type WebhookSettings } from '../../services/webhooks.js';
import { pageOf } from '../schemas.js';
import { DeliveriesQuery } from '../webhook-schemas.js';
import { requireUser } from '../auth.js';
import { serveSse } from '../sse.js';
import { body, errorResponses, ok } from './common.js';
const IdParam = Type.Object({ id: Type.String({ format: 'uuid' }) });
const ApiToken = Type.Object({
  id: Type.String({ format: 'uuid' }), name: Type.String(), scopes: Type.Array(Type.String()), createdAt: Type.String({ format: 'date-time' }),
  lastUsedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]), revokedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
const Webhook = Type.Object({ id: Type.String({ format: 'uuid' }), url: Type.String(), events: Type.Array(Type.String()), createdAt: Type.String({ format: 'date-time' }) });

/**
 * A queue of a topic's events (a user's account events, a game's chat) from the same pub/sub as
 * GraphQL subscriptions (Redis when configured, so any process can serve the stream). Mercurius's
 * PubSub fills a caller's queue.
 */
export async function subscribeTopic(app: FastifyInstance, topic: string): Promise<{ stream: Readable; close(): void }> {
  const stream = new Readable({ objectMode: true, read() {} });
  const pubsub = app.graphql.pubsub as unknown as { subscribe(topic: string, queue: Readable): Promise<void> };
  await pubsub.subscribe(topic, stream);
  return {
    stream,
    close: () => endQueue(stream),
  };
}

/** The `status` filter, validated by the schema already (the query's TypeBox is not the route's, so its type is not inferred). */
const deliveryStatus = (status: unknown) => DELIVERY_STATUSES.find((value) => value === status);

/** Third-party clients: personal API tokens, webhooks, and the account event stream (SSE). */
export const integrationRoutes = (ctx: ServiceContext, webhooks: WebhookSettings, onStream: (delta: 1 | -1) => void = () => {}): FastifyPluginAsyncTypebox => async (app) => {
  app.post('/v1/me/tokens', {
    config: { limit: 'api-token' },
    schema: {
      tags: ['integrations'], operationId: 'createApiToken', summary: 'Create a personal API token (shown once); needs a login token',
      description: 'A long-lived token for a program, limited to `scopes` (`read`: games, logs, lists; `play`: create, join, act, chat; `account`: e-mail address, notification settings, push subscriptions, webhooks; `admin`: admin endpoints, admins only; the README lists what each allows). Only its hash is stored.',
      body: body(Type.Object({ name: Type.String({ minLength: 1, maxLength: 100 }), scopes: Type.Array(Type.Union(SCOPES.map((scope) => Type.Literal(scope))), { minItems: 1, maxItems: SCOPES.length }) }, { additionalProperties: false }), { name: 'my bot', scopes: ['read', 'play'] }),
      response: {
        201: ok('The token, shown this once', Type.Intersect([ApiToken, Type.Object({ token: Type.String({ description: 'Send as "Authorization: Bearer <token>"; it is not shown again' }) })])),
        ...errorResponses({ 400: ['INVALID_JSON', 'INVALID_SCOPES'] }, 401, { 403: ['LOGIN_REQUIRED', 'ADMIN_ONLY'], 409: ['TOO_MANY_TOKENS'], 429: ['RATE_LIMITED'] }),
      },
    },
  }, async (request, reply) => reply.code(201).send(await createApiToken(ctx, requireUser(request), request.body)));

  app.get('/v1/me/tokens', {
    schema: {
      tags: ['integrations'], operationId: 'listApiTokens', summary: 'Your API tokens (never their values)', description: 'Your personal API tokens with their scopes and last use, revoked ones included.',
      response: { 200: ok('Your tokens', Type.Array(ApiToken)), ...errorResponses(401, 403) },
    },
  }, async (request) => apiTokens(ctx, requireUser(request)));

  app.delete('/v1/me/tokens/:id', {
    schema: {
      tags: ['integrations'], operationId: 'revokeApiToken', summary: 'Revoke an API token', params: IdParam, description: 'Revokes the token at once: it is refused from the next request on.',
      response: { 204: Type.Null({ description: 'Revoked' }), ...errorResponses(400, 401, 403, 404) },
    },
  }, async (request, reply) => {
    await revokeToken(ctx, requireUser(request), request.params.id);
    return reply.code(204).send(null);
  });

  app.post('/v1/me/webhooks', {
    config: { limit: 'webhook' },
    schema: {
      tags: ['integrations'], operationId: 'registerWebhook',
      summary: 'Register a webhook for your turn notifications',
      description: 'Deliveries are POSTs of JSON signed the Standard Webhooks way (https://www.standardwebhooks.com): `webhook-id` (the same on retries), `webhook-timestamp` and `webhook-signature: v1,<base64 HMAC-SHA256 of "id.timestamp.body", keyed with the base64 part of the secret returned here after whsec_>`, plus `X-Event`. Failed deliveries are retried with exponential backoff. Private, loopback and link-local targets are refused unless the operator allows them.',
      body: body(
        Type.Object({ url: Type.String({ maxLength: 2000 }), events: Type.Array(Type.Union(WEBHOOK_EVENTS.map((event) => Type.Literal(event))), { minItems: 1, maxItems: 4 }) }, { additionalProperties: false }),
        { url: 'https://bots.example.org/hooks/boardgames', events: ['your_turn', 'game_over'] },
      ),
      response: {
        201: ok('The webhook with its signing secret, shown this once', Type.Intersect([Webhook, Type.Object({ secret: Type.String({ description: 'Signing key (whsec_…) of the webhook-signature header; shown once' }) })])),
        ...errorResponses({ 400: ['INVALID_JSON', 'INVALID_WEBHOOK_URL', 'INVALID_WEBHOOK_EVENTS'] }, 401, 403, { 409: ['TOO_MANY_WEBHOOKS'], 422: ['UNSAFE_WEBHOOK_URL'], 429: ['RATE_LIMITED'] }),
      },
    },
  }, async (request, reply) => reply.code(201).send(await registerWebhook(ctx, webhooks, requireUser(request), request.body)));

  app.get('/v1/me/webhooks', {
    schema: {
      tags: ['integrations'], operationId: 'listWebhooks', summary: 'Your webhooks', description: 'Your registered webhooks (never their secrets).',
      response: { 200: ok('Your webhooks', Type.Array(Webhook)), ...errorResponses(401, 403) },
    },
  }, async (request) => webhooksOf(ctx, requireUser(request)));

  app.delete('/v1/me/webhooks/:id', {
    schema: {
      tags: ['integrations'], operationId: 'deleteWebhook', summary: 'Remove a webhook (and its delivery records)', params: IdParam, description: 'Stops deliveries to the webhook and forgets its delivery records.',
      response: { 204: Type.Null({ description: 'Removed' }), ...errorResponses(400, 401, 403, 404) },
    },
  }, async (request, reply) => {
    await removeWebhook(ctx, requireUser(request), request.params.id);
    return reply.code(204).send(null);
  });

  const DELIVERIES_NOTE = 'Deliveries are not ordered: retries and parallel workers can deliver a later change first; order a game\'s deliveries by `game.version` and drop duplicates by `id` (the `webhook-id`).';
  app.get('/v1/me/webhooks/:id/deliveries', {
    schema: {
      tags: ['integrations'], operationId: 'listWebhookDeliveries', summary: 'The deliveries of a webhook with their status, one page at a time', params: IdParam,
      description: `The deliveries of one of your webhooks, newest first, one page at a time (\`limit\`, \`offset\`; the answer has \`total\`), each with its attempts, the last HTTP status or error, and when the next attempt is due; \`status\` lists only the deliveries that stand so. Delivered and failed deliveries are kept RETENTION_WEBHOOK_DELIVERY_DAYS (30 by default). ${DELIVERIES_NOTE} Another account's webhook is 404, as a missing one.`,
      querystring: DeliveriesQuery,
      response: { 200: ok('A page of deliveries, newest first', Type.Ref('WebhookDeliveryPage')), ...errorResponses(400, 401, 403, 404) },
    },
  }, async (request) => deliveriesOf(ctx, requireUser(request), request.params.id, { ...pageOf(request.query), status: deliveryStatus(request.query.status) }));

  app.post('/v1/me/webhooks/:id/deliveries/:deliveryId/redeliver', {
    config: { limit: 'webhook-send' },
    schema: {
      tags: ['integrations'], operationId: 'redeliverWebhookDelivery',
      params: Type.Object({ id: Type.String({ format: 'uuid' }), deliveryId: Type.String({ format: 'uuid', description: 'The delivery (its `webhook-id`)' }) }),
      summary: 'Send a delivered or failed delivery again',
      description: `Puts the delivery back in the outbox, due now, with a new round of attempts (retried with backoff as any delivery, and sent after a restart if the server stops first): the same message, with the same \`webhook-id\` and body, signed anew with the attempt's \`webhook-timestamp\`. A receiver that drops ids it has processed drops it too: redeliver what it did not process. A pending delivery is refused (409 \`DELIVERY_PENDING\`: its attempts are under way). ${DELIVERIES_NOTE}`,
      response: {
        202: ok('The delivery, pending again', Type.Ref('WebhookDelivery')),
        ...errorResponses(400, 401, 403, 404, { 409: ['DELIVERY_PENDING'], 429: ['RATE_LIMITED'] }),
      },
    },
  }, async (request, reply) => reply.code(202).send(await redeliver(ctx, requireUser(request), request.params.id, request.params.deliveryId)));

  app.post('/v1/me/webhooks/:id/ping', {
    config: { limit: 'webhook-send' },
    schema: {
      tags: ['integrations'], operationId: 'pingWebhook', params: IdParam,
      summary: 'Send a test delivery (a `ping` event) to a webhook',
      description: 'Writes a `ping` delivery (body: the WebhookPing component; `X-Event: ping`) for the webhook, whatever events it asked for, and the delivery worker sends it to its URL at once, signed like every delivery (Standard Webhooks headers) and retried the same way. Follow it in the deliveries list.',
      response: {
        202: ok('The ping delivery, pending', Type.Ref('WebhookDelivery')),
        ...errorResponses(400, 401, 403, 404, { 429: ['RATE_LIMITED'] }),
      },
    },
  }, async (request, reply) => reply.code(202).send(await pingWebhook(ctx, requireUser(request), request.params.id)));

  app.post('/v1/me/stream-tickets', {
    schema: {
      tags: ['integrations'], operationId: 'createStreamTicket',
      summary: 'A single-use ticket that opens your event stream without an Authorization header (for EventSource)',
      description: `Browsers' native EventSource cannot send \`Authorization\`: ask for a ticket with your token, then open \`GET /v1/me/events?ticket=<ticket>\`. A ticket opens the stream once, within ${STREAM_TICKET_TTL_MS / 1000} s, with the \`read\` scope; a second use is refused (401 INVALID_TICKET). EventSource reconnects to the same URL, so the ticket is spent then: on \`error\`, close it and open a new one with a new ticket and \`&lastEventId=\` (the last event's id) to resume.`,
      response: {
        201: ok('The ticket', Type.Object({ ticket: Type.String({ description: 'Pass as ?ticket= once' }), expiresAt: Type.String({ format: 'date-time' }) }, { examples: [{ ticket: 'st_Zq3…', expiresAt: '2026-11-27T01:00:00.000Z' }] })),
        // A body is not needed, but one that is sent must be JSON.
        ...errorResponses({ 400: ['INVALID_JSON'] }, 401, 403),
      },
    },
  }, async (request, reply) => reply.code(201).send(await createStreamTicket(ctx, requireUser(request))));

  app.get('/v1/me/events', {
    schema: {
      tags: ['integrations'], operationId: 'streamAccountEvents',
      summary: 'Your account event stream (Server-Sent Events): `your_turn` and `game_updated` for every game you sit in',
      description: 'Each event is `event: your_turn|game_updated`, `id: <ms>-<gameId>:<version>` (e.g. `1732363200123-8d0c4a52-4a3e-4a9e-9a57-5b1f0f6c2d11:7`) and `data` an AccountEventData. A comment line is sent every 25 s to keep the connection open. '
        + 'Sign in with `Authorization`, or (EventSource in a browser) with `?ticket=` from `POST /v1/me/stream-tickets`. '
        + 'Reconnect with `Last-Event-ID` (EventSource does it by itself) or `?lastEventId=` to resume: first every event you missed, oldest first, replayed from the games\' logs (of the id\'s game exactly those after its version; of your other games those written since the id\'s time, from 10 s further back), then the live events. '
        + 'The window: up to RESUME_EVENTS_PER_GAME missed events per game (default 100) and RESUME_WINDOW_MINUTES back (default 60). Beyond it you get `event: gap` (data a StreamGapData, no id): for a game, its events `fromVersion` to `version` were not delivered one by one and its newest event follows; with `gameId` null, the id was too old and each changed game\'s newest event follows. Reload what a gap names (the game, or its `/log`). '
        + 'A replayed event\'s `deadline` is null except for a game\'s newest event. Delivery is at least once; `gameId` + `version` tell duplicates apart, and order a game\'s events. '
        + 'The stream follows its credential: when your account is disabled, or the token it was opened with (or that asked for its ticket) is revoked or expires, it sends `event: closed` with `data: {"reason": "ACCOUNT_DISABLED"|"TOKEN_REVOKED"|"TOKEN_EXPIRED", "message"}` and ends, before any further event: do not reconnect with the same token then.',
      headers: Type.Object({ 'last-event-id': Type.Optional(Type.String({ maxLength: 200, description: 'The id of the last event you received: resume after it' })) }),
      querystring: Type.Object({
        lastEventId: Type.Optional(Type.String({ maxLength: 200, description: 'Same as the Last-Event-ID header, for a first connection that cannot set headers' })),
        ticket: Type.Optional(Type.String({ maxLength: 200, description: 'A ticket from POST /v1/me/stream-tickets, instead of Authorization (single use, 60 s)' })),
      }, { additionalProperties: false }),
      response: {
        200: {
          description: 'An endless Server-Sent Events stream; each `your_turn`/`game_updated` event\'s `data` is an AccountEventData, each `gap` event\'s a StreamGapData (the schema\'s `contentSchema`)',
          content: {
            'text/event-stream': {
              // JSON Schema 2020-12's contentSchema: the string's content, here the data of each event.
              schema: { type: 'string', contentSchema: { oneOf: [Type.Ref('AccountEventData'), Type.Ref('StreamGapData')] } },
              example: 'event: your_turn\nid: 1732363200123-8d0c4a52-4a3e-4a9e-9a57-5b1f0f6c2d11:7\ndata: {"type":"game_updated","gameId":"8d0c4a52-4a3e-4a9e-9a57-5b1f0f6c2d11","gameType":"urbanization","version":7,"status":"active","yourTurn":true,"deadline":null,"cursor":"1732363200123-8d0c4a52-4a3e-4a9e-9a57-5b1f0f6c2d11:7"}\n\n'
                + 'event: gap\ndata: {"type":"gap","gameId":"0b6f2c1e-3d4a-4f5b-8c7d-9e0f1a2b3c4d","gameType":"guild-town","fromVersion":12,"version":140}\n\n',
            },
          },
        },
        ...errorResponses({ 400: ['INVALID_EVENT_ID'], 401: ['UNAUTHENTICATED', 'INVALID_TOKEN', 'INVALID_TICKET', 'ACCOUNT_DISABLED'] }, 403),
      },
    },
  }, async (request, reply) => {
    const ticket = request.query.ticket;
    const principal = request.principal === null && ticket !== undefined ? await redeemStreamTicket(ctx, ticket) : requireUser(request);
    const after = request.headers['last-event-id'] ?? request.query.lastEventId;
    if (after !== undefined) cursorTime(after);
    const events = await subscribeTopic(app, accountTopicOf(principal.userId));
    const live = followingAccess(ctx, principal, resumed(ctx, principal.userId, after, events.stream as AsyncIterable<AccountEvent>), events.close);
    await serveSse(request, reply, (async function* () {
      for await (const event of live) yield event.type === 'gap' ? { event: 'gap', data: event } : { event: event.turnStarted ? 'your_turn' : 'game_updated', id: event.cursor, data: event };
    })(), () => events.close(), onStream);
  });
};
