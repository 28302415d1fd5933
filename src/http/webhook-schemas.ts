import { Type, type TSchema } from '@fastify/type-provider-typebox';
import { GameStatus } from './schemas.js';

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

export const webhookComponents = (): TSchema[] => [WebhookGame, ...Object.values(WEBHOOK_PAYLOADS)];

/** The OpenAPI 3.1 `webhooks` section: one POST per event, its body the payload's component. */
export function webhooksSection(): Record<string, unknown> {
  return Object.fromEntries(Object.entries(WEBHOOK_PAYLOADS).map(([event, schema]) => [event, {
    post: {
      operationId: `webhook_${event}`,
      summary: `${event}: ${schema.description}`,
      description: 'Sent as a POST to each of your webhooks that asked for this event, signed the Standard Webhooks way (`webhook-id`, `webhook-timestamp`, `webhook-signature`; `X-Event` names the event). '
        + 'Delivery is at least once and NOT ordered: retries and concurrent workers can deliver a later change first. Drop duplicates by `id` (the `webhook-id`), and order a game\'s deliveries by `game.version` (ignore one older than the newest you have).',
      tags: ['integrations'],
      security: [],
      requestBody: { required: true, content: { 'application/json': { schema: { $ref: `#/components/schemas/${schema.$id}` } } } },
      responses: { 200: { description: 'Any 2xx: delivered. Anything else, or no answer within the timeout: retried with exponential backoff' } },
    },
  }]));
}
