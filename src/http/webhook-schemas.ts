import { Type, type TSchema } from '@fastify/type-provider-typebox';
import { DELIVERY_EVENTS, DELIVERY_STATUSES, WEBHOOK_EVENTS } from '../services/webhooks.js';
import { Type as PlainType } from '@sinclair/typebox';
import { GameStatus, pageQuery } from './schemas.js';

/** A string of a fixed set, published as a plain JSON Schema `enum` (generated clients get a union of literals). */
const stringEnum = <T extends string>(values: readonly T[], options: { description?: string } = {}) => Type.Unsafe<T>({ type: 'string', enum: [...values], ...options });

/**
 * The bodies of webhook deliveries (services/progress.ts#writeOutbox, services/deadlines.ts), published
 * as components and in the document's OpenAPI 3.1 `webhooks` section. Each delivery is the outbox row's
 * payload with the delivery's `id` (also the `webhook-id` header) and `createdAt`.
 */
const WebhookGame = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    type: Type.String({ description: 'The game type' }),
    version: Type.Integer({ description: 'The game\'s version when the delivery was written: deliveries are not ordered, so order and de-duplicate by `game.id` + `version`' }),
    status: GameStatus,
    activeSeats: Type.Array(Type.Integer()),
  },
  { $id: 'WebhookGame', description: 'The game as of the change that wrote the delivery' },
);

const envelope = (event: string, fields: Record<string, TSchema>, id: string, description: string): TSchema & { $id: string; description: string } =>
  Type.Object(
    {
      id: Type.String({ format: 'uuid', description: 'The delivery\'s id, the same as the `webhook-id` header and on every retry: drop duplicates by it' }),
      event: Type.Literal(event),
      game: Type.Ref('WebhookGame'),
      ...fields,
      createdAt: Type.String({ format: 'date-time', description: 'When the delivery was written (with the change)' }),
    },
    { $id: id, description },
  ) as unknown as TSchema & { $id: string; description: string };

const deadline = Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description: 'When the seat\'s time runs out; null: no time control' });

export const WEBHOOK_PAYLOADS = {
  your_turn: envelope('your_turn', { seat: Type.Integer({ description: 'Your seat, now to act' }), deadline }, 'WebhookYourTurn', 'It is your seat\'s turn'),
  game_started: envelope('game_started', {}, 'WebhookGameStarted', 'A game you sit in started (version 1)'),
  game_over: envelope('game_over', { result: Type.Unknown({ description: 'The game\'s result (GameResult); null for an aborted game' }) }, 'WebhookGameOver', 'A game you sit in finished or was aborted'),
  deadline_near: envelope('deadline_near', { seat: Type.Integer(), deadline }, 'WebhookDeadlineNear', 'Your seat\'s deadline is near and you have not moved'),
} as const;

/** The test delivery (POST /v1/me/webhooks/{id}/ping): about the webhook, not a game. */
const WebhookPing = Type.Object(
  {
    id: Type.String({ format: 'uuid', description: 'The delivery\'s id, the same as the `webhook-id` header' }),
    event: Type.Literal('ping'),
    webhook: Type.Object({ id: Type.String({ format: 'uuid' }), url: Type.String(), events: Type.Array(stringEnum(WEBHOOK_EVENTS)) }, { description: 'The webhook pinged' }),
    createdAt: Type.String({ format: 'date-time', description: 'When the ping was asked for' }),
  },
  { $id: 'WebhookPing', description: 'A test delivery you asked for: answer 2xx (check the signature as for any delivery)' },
);

export const DeliveryStatus = stringEnum(DELIVERY_STATUSES, { description: '`pending`: not delivered yet, an attempt is due at `nextAttemptAt`; `delivered`: the receiver answered 2xx; `failed`: every attempt failed, no more are made (redeliver to try again)' });

/** The deliveries list's query (built with the TypeBox of `pageQuery`, whose optional marks it reads). */
export const DeliveriesQuery = PlainType.Object({ ...pageQuery, status: PlainType.Optional(PlainType.Unsafe<(typeof DELIVERY_STATUSES)[number]>({ ...DeliveryStatus })) }, { additionalProperties: false });

/** One delivery of a webhook and its attempts (GET /v1/me/webhooks/{id}/deliveries, redeliver, ping). */
const WebhookDelivery = Type.Object(
  {
    id: Type.String({ format: 'uuid', description: 'The delivery\'s id: the `webhook-id` header and the body\'s `id`' }),
    event: stringEnum(DELIVERY_EVENTS, { description: 'What it tells about; `ping` for a test delivery' }),
    status: Type.Ref('WebhookDeliveryStatus'),
    attempts: Type.Integer({ description: 'Attempts made (in this round: a redelivery starts a new one)' }),
    lastStatus: Type.Union([Type.Integer(), Type.Null()], { description: 'The HTTP status of the last attempt, if it got an answer' }),
    lastError: Type.Union([Type.String(), Type.Null()], { description: 'Why the last attempt failed, if it did' }),
    createdAt: Type.String({ format: 'date-time', description: 'When the delivery was written' }),
    deliveredAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description: 'When the receiver accepted it' }),
    nextAttemptAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description: 'When the next attempt is due (pending deliveries only)' }),
  },
  { $id: 'WebhookDelivery', description: 'One delivery of a webhook and its attempts' },
);

const WebhookDeliveryPage = Type.Object(
  {
    items: Type.Array(Type.Ref('WebhookDelivery')),
    total: Type.Integer({ description: 'Deliveries listed over all pages (of the `status` asked for)' }),
    limit: Type.Integer(),
    offset: Type.Integer(),
  },
  { $id: 'WebhookDeliveryPage', description: 'One page of a webhook\'s deliveries, newest first' },
);

export const webhookComponents = (): TSchema[] => [
  WebhookGame, ...Object.values(WEBHOOK_PAYLOADS), WebhookPing,
  Type.Unsafe({ ...DeliveryStatus, $id: 'WebhookDeliveryStatus' }), WebhookDelivery, WebhookDeliveryPage,
];

/** The OpenAPI 3.1 `webhooks` section: one POST per event, its body the payload's component. */
export function webhooksSection(): Record<string, unknown> {
  const payloads: [string, { $id: string; description: string }, string][] = [
    ...Object.entries(WEBHOOK_PAYLOADS).map(([event, schema]): [string, typeof schema, string] => [event, schema, 'Sent as a POST to each of your webhooks that asked for this event']),
    ['ping', { $id: 'WebhookPing', description: 'A test delivery you asked for' }, 'Sent as a POST to one webhook when you ask for a test (POST /v1/me/webhooks/{id}/ping), whatever events it asked for'],
  ];
  return Object.fromEntries(payloads.map(([event, schema, sent]) => [event, {
    post: {
      operationId: `webhook_${event}`,
      summary: `${event}: ${schema.description}`,
      description: `${sent}, ` + 'signed the Standard Webhooks way (`webhook-id`, `webhook-timestamp`, `webhook-signature`; `X-Event` names the event). '
        + 'Delivery is at least once and NOT ordered: retries and concurrent workers can deliver a later change first. Drop duplicates by `id` (the `webhook-id`), and order a game\'s deliveries by `game.version` (ignore one older than the newest you have).',
      tags: ['integrations'],
      security: [],
      requestBody: { required: true, content: { 'application/json': { schema: { $ref: `#/components/schemas/${schema.$id}` } } } },
      responses: { 200: { description: 'Any 2xx: delivered. Anything else, or no answer within the timeout: retried with exponential backoff' } },
    },
  }]));
}
