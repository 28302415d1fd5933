import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { ServiceContext } from '../../services/context.js';
import { configureSeat, declineInvitation, detail, invitations, lobby } from '../../services/lobby.js';
import { resign } from '../../services/resign.js';
import { answerUndo, requestUndo, takeBack, undoRequestsOf } from '../../services/takebacks.js';
import { optionalUser, requireUser } from '../auth.js';
import { GameId, GameSeat, LobbyQuery, pageOf, SeatConfigBody } from '../schemas.js';
import { body, errorResponses, ok } from './common.js';
const UndoRequestParams = Type.Object({ id: Type.String({ format: 'uuid' }), requestId: Type.String({ format: 'uuid' }) });

/** Lobby, seats for bots and invitees, take-backs and resigning. */
export const asyncPlayRoutes = (ctx: ServiceContext): FastifyPluginAsyncTypebox => async (app) => {
  app.get('/v1/lobby', {
    schema: {
      tags: ['lobby'], operationId: 'listLobby', summary: 'Open games you can join: public ones with a free seat, and any with a seat held for you',
      description: 'Open games with a seat you may take, newest first, one page at a time (`limit`, `offset`, `total`); `type` filters by game type.',
      querystring: LobbyQuery,
      response: { 200: ok('One page of open games', Type.Ref('GamePage')), ...errorResponses(400, 401, 403) },
    },
  }, async (request) => lobby(ctx, requireUser(request), { type: request.query.type, ...pageOf(request.query) }));

  app.get('/v1/me/invitations', {
    schema: {
      tags: ['lobby'], operationId: 'listInvitations', summary: 'Open games with a seat reserved for you', description: 'Open games where a creator reserved a seat for you (join them with joinGame).',
      response: { 200: ok('Games you are invited to', Type.Array(Type.Ref('GameSummary'))), ...errorResponses(401, 403) },
    },
  }, async (request) => invitations(ctx, requireUser(request)));

  app.put('/v1/games/:id/seats/:seat', {
    schema: {
      tags: ['lobby'], operationId: 'configureSeat', summary: 'Creator: leave a seat open, give it to a bot, or reserve it for a named user (an invitation); the game starts when every seat is filled',
      description: 'Arranges one seat of an open game you created. A seat given to a bot counts as filled, so this may start the game. Your own seat can go to a bot too (you step out of the game): that is how a game of bots only is arranged, since leaving as its last person closes the game.',
      params: GameSeat, body: body(SeatConfigBody, { fill: 'bot', bot: 'random' }),
      response: {
        200: ok('The game with the seat arranged', Type.Ref('GameDetail')),
        ...errorResponses({ 400: ['INVALID_JSON'] }, 401, { 403: ['NOT_GAME_CREATOR'] }, 404, { 409: ['GAME_BUSY', 'GAME_NOT_OPEN', 'SEAT_TAKEN', 'ALREADY_SEATED'], 422: ['NO_SUCH_SEAT', 'UNKNOWN_BOT', 'UNKNOWN_USER'] }),
      },
    },
  }, async (request) => {
    const principal = requireUser(request);
    return detail(ctx, await configureSeat(ctx, principal, request.params.id, request.params.seat, request.body), principal);
  });

  app.post('/v1/games/:id/decline', {
    schema: {
      tags: ['lobby'], operationId: 'declineInvitation', params: GameId,
      summary: 'Decline your invitation to an open game: the seat held for you opens to anyone, and the creator sees that you declined',
      description: 'The seat reserved for you (PUT /v1/games/{id}/seats/{seat} with `reserved`) is no longer held: it is open as any seat, its `declinedBy` names you, and the game leaves your invitations. The creator may invite someone else to it.',
      response: {
        200: ok('The game with the seat open again', Type.Ref('GameDetail')),
        ...errorResponses(400, 401, 403, 404, { 409: ['GAME_BUSY', 'GAME_NOT_OPEN', 'NOT_INVITED'] }),
      },
    },
  }, async (request) => {
    const principal = requireUser(request);
    return detail(ctx, await declineInvitation(ctx, principal, request.params.id), principal);
  });

  app.post('/v1/games/:id/take-back', {
    schema: {
      tags: ['take-backs'], operationId: 'takeBack', params: GameId,
      summary: 'Take back your last move at once, while nobody else has moved since and it revealed nothing',
      description: 'Appends an `undo` event returning the game to the state before your last move. Past another player\'s move, ask with an undo request instead.',
      response: {
        201: ok('The move was taken back', Type.Ref('MoveResult')),
        ...errorResponses(400, 401, { 403: ['NOT_A_PLAYER'] }, 404, { 409: ['GAME_BUSY', 'GAME_NOT_ACTIVE', 'TAKE_BACK_NEEDS_APPROVAL'], 422: ['NOTHING_TO_TAKE_BACK', 'TAKE_BACK_NOT_ALLOWED'] }),
      },
    },
  }, async (request, reply) => reply.code(201).send(await takeBack(ctx, requireUser(request), request.params.id)));

  app.get('/v1/games/:id/undo-requests', {
    schema: {
      tags: ['take-backs'], operationId: 'listUndoRequests', summary: 'Recent undo requests of a game', params: GameId, description: 'The latest undo requests of the game with their status (open ones are void once the game moved on).',
      response: { 200: ok('Undo requests, newest first', Type.Array(Type.Ref('UndoRequest'))), ...errorResponses(400, 401, 403, 404) },
    },
  }, async (request) => undoRequestsOf(ctx, optionalUser(request), request.params.id));

  app.post('/v1/games/:id/undo-requests', {
    schema: {
      tags: ['take-backs'], operationId: 'requestUndo', summary: 'Ask the other players to let you take back your last move (and every move after it)', params: GameId,
      description: 'Opens an undo request; it is applied once every other player approves, and voided by any new move.',
      response: {
        201: ok('The open request', Type.Ref('UndoRequest')),
        ...errorResponses(400, 401, { 403: ['NOT_A_PLAYER'] }, 404, { 409: ['GAME_BUSY', 'GAME_NOT_ACTIVE'], 422: ['NOTHING_TO_TAKE_BACK', 'TAKE_BACK_NOT_ALLOWED'] }),
      },
    },
  }, async (request, reply) => reply.code(201).send(await requestUndo(ctx, requireUser(request), request.params.id)));

  for (const answer of ['approve', 'decline'] as const) {
    app.post(`/v1/games/:id/undo-requests/:requestId/${answer}`, {
      schema: {
        tags: ['take-backs'], operationId: answer === 'approve' ? 'approveUndoRequest' : 'declineUndoRequest',
        summary: answer === 'approve' ? 'Approve an undo request (applied once every other player approved)' : 'Decline an undo request',
        description: answer === 'approve' ? 'Records your approval; the last approval applies the undo.' : 'Declines the request: it is closed and nothing is taken back.',
        params: UndoRequestParams,
        response: {
          200: ok('The request after your answer', Type.Ref('UndoRequest')),
          ...errorResponses(400, 401, { 403: ['NOT_A_PLAYER', 'NOT_AN_APPROVER'] }, 404, { 409: ['GAME_BUSY', 'GAME_NOT_ACTIVE', 'UNDO_REQUEST_CLOSED'] }),
        },
      },
    }, async (request) => answerUndo(ctx, requireUser(request), request.params.id, request.params.requestId, answer === 'approve'));
  }

  app.post('/v1/games/:id/resign', {
    schema: {
      tags: ['take-backs'], operationId: 'resign', summary: 'Resign: a bot plays your seat on; a game with no person left is closed', params: GameId,
      description: 'Appends a `resign` event; a bot plays your seat on so the others\' game stays whole. When no person is left the game ends with `result.abandoned = true`.',
      response: { 200: ok('The game after your resignation', Type.Ref('GameDetail')), ...errorResponses(400, 401, { 403: ['NOT_A_PLAYER'] }, 404, { 409: ['GAME_BUSY', 'GAME_NOT_ACTIVE', 'ALREADY_RESIGNED'] }) },
    },
  }, async (request) => {
    const principal = requireUser(request);
    return detail(ctx, await resign(ctx, principal, request.params.id), principal);
  });
};
