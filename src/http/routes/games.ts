import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { ServiceContext } from '../../services/context.js';
import { gameTypes } from '../../services/definitions.js';
import { gameLog, LOG_PAGE_LIMIT } from '../../services/history.js';
import { createGame, detail, joinGame, leaveGame, listGames, loadVisibleGame, startGame } from '../../services/lobby.js';
import { legalActions, submitAction } from '../../services/play.js';
import { optionalUser, requireUser } from '../auth.js';
import { CreateGameBody, GameId, IdempotencyHeaders, JoinGameBody, ListGamesQuery, SubmitActionBody, SubmitActionResult } from '../schemas.js';
import { errorResponses } from './common.js';

const security = [{ bearerAuth: [] }];

export const gameRoutes = (ctx: ServiceContext): FastifyPluginAsyncTypebox => async (app) => {
  app.get('/v1/game-types', {
    schema: {
      tags: ['games'], summary: 'The games this server runs, with their option and action schemas',
      response: {
        200: Type.Array(Type.Object({
          id: Type.String(), title: Type.String(), rulesVersion: Type.Integer(),
          players: Type.Object({ min: Type.Integer(), max: Type.Integer() }), optionsSchema: Type.Unknown(), actionSchema: Type.Unknown(),
        })),
      },
    },
  }, async () => gameTypes(ctx));

  app.post('/v1/games', {
    schema: { tags: ['games'], summary: 'Create a game; you take seat 0', security, body: CreateGameBody, response: { 201: Type.Ref('GameDetail'), ...errorResponses(400, 401) } },
  }, async (request, reply) => {
    const principal = requireUser(request, 'play');
    const game = await createGame(ctx, principal, request.body);
    return reply.code(201).send(detail(ctx, game, principal));
  });

  app.get('/v1/games', {
    schema: {
      tags: ['games'], summary: 'List games (filters: status, mine, awaitingMe), newest activity first', security, querystring: ListGamesQuery,
      response: { 200: Type.Object({ total: Type.Integer(), limit: Type.Integer(), offset: Type.Integer(), games: Type.Array(Type.Ref('GameSummary')) }), ...errorResponses(400, 401) },
    },
  }, async (request) => listGames(ctx, requireUser(request, 'read'), request.query));

  app.get('/v1/games/:id', {
    schema: {
      tags: ['games'], summary: "A game with your seat's view of it (spectator view without a seat or token)", security, params: GameId,
      response: { 200: Type.Ref('GameDetail'), ...errorResponses(400, 401, 404, 409) },
    },
  }, async (request) => {
    const principal = optionalUser(request);
    return detail(ctx, await loadVisibleGame(ctx, request.params.id, principal), principal);
  });

  app.post('/v1/games/:id/join', {
    schema: { tags: ['games'], summary: 'Take a seat (the first free one unless `seat` is given); the game starts when full', security, params: GameId, body: JoinGameBody, response: { 200: Type.Ref('GameDetail'), ...errorResponses(400, 401, 404, 409, 422) } },
    // The body is optional: no body means "the first free seat".
    preValidation: async (request) => {
      request.body ??= {};
    },
  }, async (request) => {
    const principal = requireUser(request, 'play');
    return detail(ctx, await joinGame(ctx, principal, request.params.id, request.body.seat), principal);
  });

  app.post('/v1/games/:id/start', {
    schema: { tags: ['games'], summary: "Start with the players seated so far (creator only; at least the game's minimum)", security, params: GameId, response: { 200: Type.Ref('GameDetail'), ...errorResponses(400, 401, 403, 404, 409) } },
  }, async (request) => {
    const principal = requireUser(request, 'play');
    return detail(ctx, await startGame(ctx, principal, request.params.id), principal);
  });

  app.post('/v1/games/:id/leave', {
    schema: { tags: ['games'], summary: 'Give up your seat before the game starts', security, params: GameId, response: { 200: Type.Ref('GameDetail'), ...errorResponses(400, 401, 404, 409) } },
  }, async (request) => {
    const principal = requireUser(request, 'play');
    return detail(ctx, await leaveGame(ctx, principal, request.params.id), principal);
  });

  app.get('/v1/games/:id/legal-actions', {
    schema: {
      tags: ['play'], summary: 'The actions your seat may take now (empty when it is not your turn)', security, params: GameId,
      response: { 200: Type.Object({ version: Type.Integer(), seat: Type.Integer(), actions: Type.Array(Type.Unknown()) }), ...errorResponses(400, 401, 403, 404, 409) },
    },
  }, async (request) => legalActions(ctx, requireUser(request, 'read'), request.params.id));

  app.post('/v1/games/:id/actions', {
    schema: {
      tags: ['play'], security, params: GameId, headers: IdempotencyHeaders, body: SubmitActionBody,
      summary: 'Submit an action for your seat',
      description: '201 with the new version, your view and your log entries. 400 INVALID_ACTION (not an action of this game), 403 NOT_A_PLAYER, 409 STALE_VERSION / GAME_NOT_ACTIVE, 422 NOT_YOUR_TURN or RULE_VIOLATION/<rule>. None of these change anything. A retry with the same Idempotency-Key returns the first answer (header Idempotent-Replayed: true).',
      response: { 201: SubmitActionResult, ...errorResponses(400, 401, 403, 404, 409, 422) },
    },
  }, async (request, reply) => {
    const result = await submitAction(ctx, requireUser(request, 'play'), {
      gameId: request.params.id,
      action: request.body.action,
      expectedVersion: request.body.expectedVersion,
      idempotencyKey: request.headers['idempotency-key'],
    });
    const { replayed, ...answer } = result;
    if (replayed) reply.header('idempotent-replayed', 'true');
    return reply.code(201).send(answer);
  });

  app.get('/v1/games/:id/log', {
    schema: {
      tags: ['play'], summary: 'Events after `after`, with the log entries your seat may read', security, params: GameId,
      querystring: Type.Object({ after: Type.Integer({ minimum: 0, default: 0 }), limit: Type.Integer({ minimum: 1, maximum: LOG_PAGE_LIMIT, default: LOG_PAGE_LIMIT }) }, { additionalProperties: false }),
      response: { 200: Type.Object({ version: Type.Integer(), events: Type.Array(Type.Ref('PlayerEvent')) }), ...errorResponses(400, 401, 404) },
    },
  }, async (request) => gameLog(ctx, optionalUser(request), request.params.id, request.query.after, request.query.limit));
};
