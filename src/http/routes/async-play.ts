import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { ServiceContext } from '../../services/context.js';
import { configureSeat, detail, invitations, lobby } from '../../services/lobby.js';
import { resign } from '../../services/resign.js';
import { answerUndo, requestUndo, takeBack, undoRequestsOf } from '../../services/takebacks.js';
import { optionalUser, requireUser } from '../auth.js';
import { GameId, GameSeat, SeatConfigBody, SubmitActionResult } from '../schemas.js';
import { errorResponses } from './common.js';

const security = [{ bearerAuth: [] }];
const UndoRequestParams = Type.Object({ id: Type.String({ format: 'uuid' }), requestId: Type.String({ format: 'uuid' }) });

/** Lobby, seats for bots and invitees, take-backs and resigning. */
export const asyncPlayRoutes = (ctx: ServiceContext): FastifyPluginAsyncTypebox => async (app) => {
  app.get('/v1/lobby', {
    schema: {
      tags: ['lobby'], summary: 'Open games you can join: public ones with a free seat, and any with a seat held for you', security,
      querystring: Type.Object({ type: Type.Optional(Type.String({ maxLength: 64 })), limit: Type.Integer({ minimum: 1, maximum: 100, default: 20 }), offset: Type.Integer({ minimum: 0, default: 0 }) }, { additionalProperties: false }),
      response: { 200: Type.Object({ total: Type.Integer(), limit: Type.Integer(), offset: Type.Integer(), games: Type.Array(Type.Ref('GameSummary')) }), ...errorResponses(400, 401) },
    },
  }, async (request) => lobby(ctx, requireUser(request, 'read'), request.query));

  app.get('/v1/me/invitations', {
    schema: { tags: ['lobby'], summary: 'Open games with a seat reserved for you', security, response: { 200: Type.Array(Type.Ref('GameSummary')), ...errorResponses(401) } },
  }, async (request) => invitations(ctx, requireUser(request, 'read')));

  app.put('/v1/games/:id/seats/:seat', {
    schema: {
      tags: ['lobby'], summary: 'Creator: leave a seat open, give it to a bot, or reserve it for a named user (an invitation); the game starts when every seat is filled', security,
      params: GameSeat, body: SeatConfigBody, response: { 200: Type.Ref('GameDetail'), ...errorResponses(400, 401, 403, 404, 409, 422) },
    },
  }, async (request) => {
    const principal = requireUser(request, 'play');
    return detail(ctx, await configureSeat(ctx, principal, request.params.id, request.params.seat, request.body), principal);
  });

  app.post('/v1/games/:id/take-back', {
    schema: {
      tags: ['take-backs'], security, params: GameId,
      summary: 'Take back your last move at once, while nobody else has moved since and it revealed nothing',
      description: '409 TAKE_BACK_NEEDS_APPROVAL when another player moved since (ask with an undo request); 422 TAKE_BACK_NOT_ALLOWED past hidden information or randomness; 422 NOTHING_TO_TAKE_BACK.',
      response: { 201: SubmitActionResult, ...errorResponses(400, 401, 403, 404, 409, 422) },
    },
  }, async (request, reply) => reply.code(201).send(await takeBack(ctx, requireUser(request, 'play'), request.params.id)));

  app.get('/v1/games/:id/undo-requests', {
    schema: { tags: ['take-backs'], summary: 'Recent undo requests of a game', security, params: GameId, response: { 200: Type.Array(Type.Ref('UndoRequest')), ...errorResponses(400, 401, 404) } },
  }, async (request) => undoRequestsOf(ctx, optionalUser(request), request.params.id));

  app.post('/v1/games/:id/undo-requests', {
    schema: {
      tags: ['take-backs'], summary: 'Ask the other players to let you take back your last move (and every move after it)', security, params: GameId,
      response: { 201: Type.Ref('UndoRequest'), ...errorResponses(400, 401, 403, 404, 409, 422) },
    },
  }, async (request, reply) => reply.code(201).send(await requestUndo(ctx, requireUser(request, 'play'), request.params.id)));

  for (const answer of ['approve', 'decline'] as const) {
    app.post(`/v1/games/:id/undo-requests/:requestId/${answer}`, {
      schema: {
        tags: ['take-backs'], summary: answer === 'approve' ? 'Approve an undo request (applied once every other player approved)' : 'Decline an undo request', security,
        params: UndoRequestParams, response: { 200: Type.Ref('UndoRequest'), ...errorResponses(400, 401, 403, 404, 409) },
      },
    }, async (request) => answerUndo(ctx, requireUser(request, 'play'), request.params.id, request.params.requestId, answer === 'approve'));
  }

  app.post('/v1/games/:id/resign', {
    schema: { tags: ['take-backs'], summary: 'Resign: a bot plays your seat on; a game with no person left is closed', security, params: GameId, response: { 200: Type.Ref('GameDetail'), ...errorResponses(400, 401, 403, 404, 409) } },
  }, async (request) => {
    const principal = requireUser(request, 'play');
    return detail(ctx, await resign(ctx, principal, request.params.id), principal);
  });
};
