import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { replayAt } from '../../services/admin-games.js';
import type { ServiceContext } from '../../services/context.js';
import { optionalUser } from '../auth.js';
import { GameId, logKeyFields, MAX_SEQ } from '../schemas.js';
import { errorResponses, ok } from './common.js';

/** Replays of finished games, as the caller's seat saw them (services/admin-games.ts#replayAt). */
export const replayRoutes = (ctx: ServiceContext): FastifyPluginAsyncTypebox => async (app) => {
  app.get('/v1/games/:id/replay', {
    schema: {
      tags: ['games'], operationId: 'getGameReplay', params: GameId,
      summary: 'A finished game as your seat saw it right after event `at` (spectators: the public view)',
      description: "Step through a game that is over (finished or aborted): your seat's view after event `at` (default: the end) and the log lines your seat could read up to then, each with its event's `seq`; without a seat, or without a token, the spectators' view and public lines. Never more than that seat saw at the time.",
      querystring: Type.Object({ at: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_SEQ, description: 'Event seq (0: the start; default: the last event)' })) }, { additionalProperties: false }),
      response: {
        200: ok('The view after event `at`', Type.Object({
          gameType: Type.String({ description: 'The game type: which view `view` is' }),
          at: Type.Integer({ description: 'The event the view is right after' }),
          version: Type.Integer({ description: "The game's last event" }),
          seat: Type.Union([Type.Integer(), Type.Null()], { description: 'Your seat (null: the public view)' }),
          view: Type.Unsafe<unknown>({ description: "The seat's view (game-specific, like GET /v1/games/{id})" }),
          log: Type.Array(Type.Object({ seq: Type.Integer(), message: Type.String(), ...logKeyFields, data: Type.Optional(Type.Unknown()) })),
        })),
        ...errorResponses(400, { 401: ['INVALID_TOKEN'] }, 403, 404, { 409: ['GAME_NOT_FINISHED', 'GAME_TYPE_UNAVAILABLE', 'RULES_VERSION_UNSUPPORTED'], 422: ['NO_SUCH_VERSION'] }),
      },
    },
  }, async (request) => replayAt(ctx, optionalUser(request), request.params.id, request.query.at));
};
