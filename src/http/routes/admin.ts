import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { ServiceContext } from '../../services/context.js';
import { adminGame, adminStateAt, verifyGame } from '../../services/history.js';
import { requireAdmin } from '../auth.js';
import { GameId } from '../schemas.js';
import { errorResponses } from './common.js';

const security = [{ bearerAuth: [] }];

export const adminRoutes = (ctx: ServiceContext): FastifyPluginAsyncTypebox => async (app) => {
  app.get('/v1/admin/games/:id', {
    schema: {
      tags: ['admin'], summary: 'Everything about a game: full state, seed, full log with hidden entries', security, params: GameId,
      response: { 200: Type.Object({}, { additionalProperties: true }), ...errorResponses(400, 401, 403, 404, 409) },
    },
  }, async (request) => {
    requireAdmin(request);
    return adminGame(ctx, request.params.id);
  });

  app.get('/v1/admin/games/:id/state', {
    schema: {
      tags: ['admin'], summary: 'The full state right after event `at` (0 = initial), rebuilt by replaying the log', security, params: GameId,
      querystring: Type.Object({ at: Type.Integer({ minimum: 0 }) }, { additionalProperties: false }),
      response: { 200: Type.Object({ version: Type.Integer(), state: Type.Unknown() }), ...errorResponses(400, 401, 403, 404, 409, 422) },
    },
  }, async (request) => {
    requireAdmin(request);
    return adminStateAt(ctx, request.params.id, request.query.at);
  });

  app.post('/v1/admin/games/:id/verify', {
    schema: {
      tags: ['admin'], summary: 'Replay the whole log and compare with the stored state; reports the first divergence', security, params: GameId,
      response: {
        200: Type.Object({
          ok: Type.Boolean(), version: Type.Integer(), checkedEvents: Type.Integer(),
          divergence: Type.Union([Type.Object({ atEvent: Type.Integer(), reason: Type.String() }), Type.Null()]),
        }),
        ...errorResponses(400, 401, 403, 404, 409),
      },
    },
  }, async (request) => {
    requireAdmin(request);
    return verifyGame(ctx, request.params.id);
  });
};
