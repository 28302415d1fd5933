import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { ServiceContext } from '../../services/context.js';
import { adminGame, adminStateAt, verifyGame } from '../../services/history.js';
import { requireAdmin } from '../auth.js';
import { GameId, MAX_SEQ } from '../schemas.js';
import { bearer as security, errorResponses, ok } from './common.js';

const adminErrors = errorResponses(400, 401, { 403: ['ADMIN_ONLY'] }, 404, { 409: ['GAME_TYPE_UNAVAILABLE'] });

export const adminRoutes = (ctx: ServiceContext): FastifyPluginAsyncTypebox => async (app) => {
  app.get('/v1/admin/games/:id', {
    schema: {
      tags: ['admin'], operationId: 'adminGetGame', summary: 'Everything about a game: full state, seed, full log with hidden entries', security, params: GameId,
      description: 'For audits: the stored game row with its full (unredacted) state, seed and every event with every log entry. Needs an admin account (and the `admin` scope on an API token).',
      response: { 200: ok('The whole game', Type.Object({}, { additionalProperties: true })), ...adminErrors },
    },
  }, async (request) => {
    requireAdmin(request);
    return adminGame(ctx, request.params.id);
  });

  app.get('/v1/admin/games/:id/state', {
    schema: {
      tags: ['admin'], operationId: 'adminGetStateAt', summary: 'The full state right after event `at` (0 = initial), rebuilt by replaying the log', security, params: GameId,
      description: 'Time travel: replays the log from the seed up to event `at` and answers the full state there.',
      querystring: Type.Object({ at: Type.Integer({ minimum: 0, maximum: MAX_SEQ, description: 'Event seq (0: the state at the start)' }) }, { additionalProperties: false }),
      response: {
        200: ok('The state after event `at`', Type.Object({ version: Type.Integer(), state: Type.Unsafe<unknown>({ type: 'object', additionalProperties: true, description: "The engine's full state (game-specific)" }) })),
        ...adminErrors, ...errorResponses({ 422: ['GAME_NOT_STARTED', 'NO_SUCH_VERSION'] }),
      },
    },
  }, async (request) => {
    requireAdmin(request);
    return adminStateAt(ctx, request.params.id, request.query.at);
  });

  app.post('/v1/admin/games/:id/verify', {
    schema: {
      tags: ['admin'], operationId: 'adminVerifyGame', summary: 'Replay the whole log and compare with the stored state; reports the first divergence', security, params: GameId,
      description: 'Replays every event from the seed and compares the result (and every stored state hash) with what is stored.',
      response: {
        200: ok('The verdict', Type.Object({
          ok: Type.Boolean(), version: Type.Integer(), checkedEvents: Type.Integer(),
          divergence: Type.Union([Type.Object({ atEvent: Type.Integer(), reason: Type.String() }), Type.Null()]),
        }), { ok: true, version: 42, checkedEvents: 42, divergence: null }),
        ...adminErrors,
      },
    },
  }, async (request) => {
    requireAdmin(request);
    return verifyGame(ctx, request.params.id);
  });
};
