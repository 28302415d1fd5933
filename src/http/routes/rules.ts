import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { ServiceContext } from '../../services/context.js';
import { exportRecord, RECORD_FORMAT } from '../../services/record.js';
import { gamesByRules, migrateRules, rulesVersionUsage } from '../../services/rules-admin.js';
import { optionalUser, requireAdmin } from '../auth.js';
import { GameId, GameStatus } from '../schemas.js';
import { errorResponses } from './common.js';

const security = [{ bearerAuth: [] }];

export const RulesMigration = Type.Object({
  gameId: Type.String({ format: 'uuid' }), from: Type.Integer(), to: Type.Integer(),
  version: Type.Integer({ description: "The game's version after the move (the `rules` event), unchanged on a dry run" }),
  dryRun: Type.Boolean(), checkedEvents: Type.Integer(),
});

/** Versioned rules (admin listing and migration) and the public record of a finished game. */
export const rulesRoutes = (ctx: ServiceContext): FastifyPluginAsyncTypebox => async (app) => {
  app.get('/v1/games/:id/record', {
    schema: {
      tags: ['games'], summary: 'The public record of a finished game: seed, rules version and every action, to verify it independently', security, params: GameId,
      description: `Answers 409 GAME_NOT_FINISHED before the end (the seed is secret until then). Check it with \`npx tsx scripts/verify-record.ts record.json\`: the seed matches the seedCommitment published at creation, and replaying every event under the recorded rules gives the recorded final state and result. Format \`${RECORD_FORMAT}\`.`,
      response: {
        200: Type.Object({
          format: Type.Literal(RECORD_FORMAT), id: Type.String({ format: 'uuid' }), type: Type.String(), rulesVersion: Type.Integer(), seatCount: Type.Integer(), options: Type.Unknown(),
          seedCommitment: Type.String(), seed: Type.String(),
          events: Type.Array(Type.Object({
            seq: Type.Integer(), kind: Type.String(), seat: Type.Union([Type.Integer(), Type.Null()]), undoesSeq: Type.Union([Type.Integer(), Type.Null()]), action: Type.Unknown(),
          })),
          finalStateHash: Type.String({ description: 'SHA-256 of the canonical JSON of the final state' }), result: Type.Unknown(),
        }),
        ...errorResponses(400, 401, 404, 409),
      },
    },
  }, async (request) => exportRecord(ctx, optionalUser(request), request.params.id));

  app.get('/v1/admin/rules-versions', {
    schema: {
      tags: ['admin'], summary: 'How many games run under each rules version of each game type, by status', security,
      response: {
        200: Type.Array(Type.Object({
          type: Type.String(), rulesVersion: Type.Integer(), current: Type.Boolean({ description: 'The newest version of its game' }),
          served: Type.Boolean({ description: 'This server plays and replays games of this version' }), open: Type.Integer(), active: Type.Integer(), finished: Type.Integer(),
        })),
        ...errorResponses(401, 403),
      },
    },
  }, async (request) => {
    requireAdmin(request);
    return rulesVersionUsage(ctx);
  });

  app.get('/v1/admin/games', {
    schema: {
      tags: ['admin'], summary: 'Games of one type, optionally of one rules version and status, newest activity first', security,
      querystring: Type.Object({
        type: Type.String({ minLength: 1, maxLength: 64 }), rulesVersion: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })), status: Type.Optional(GameStatus),
        limit: Type.Integer({ minimum: 1, maximum: 100, default: 20 }), offset: Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 }),
      }, { additionalProperties: false }),
      response: { 200: Type.Object({ total: Type.Integer(), limit: Type.Integer(), offset: Type.Integer(), games: Type.Array(Type.Ref('GameSummary')) }), ...errorResponses(400, 401, 403) },
    },
  }, async (request) => gamesByRules(ctx, requireAdmin(request), request.query));

  app.post('/v1/admin/games/:id/migrate-rules', {
    schema: {
      tags: ['admin'], summary: "Move a game to its type's newest rules by replaying its log under them", security, params: GameId,
      querystring: Type.Object({ dryRun: Type.Boolean({ default: false, description: 'Check only; change nothing' }) }, { additionalProperties: false }),
      description: 'Refused, changing nothing: 409 ALREADY_NEWEST_RULES, 409 GAME_FINISHED, 422 MIGRATION_ILLEGAL_EVENT (`atEvent`, `rule`: the first event the new rules refuse), 422 MIGRATION_CHANGES_GAME (`atEvent`: an event whose log lines, or the state the game would be in, differ). Done, it appends a `rules` event to the log.',
      response: { 200: RulesMigration, ...errorResponses(400, 401, 403, 404, 409, 422) },
    },
  }, async (request) => migrateRules(ctx, requireAdmin(request), request.params.id, request.query.dryRun));
};
