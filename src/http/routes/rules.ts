import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { ServiceContext } from '../../services/context.js';
import { exportRecord, RECORD_FORMAT } from '../../services/record.js';
import { migrateRules, rulesVersionUsage } from '../../services/rules-admin.js';
import { optionalUser, requireUser } from '../auth.js';
import { GameId } from '../schemas.js';
import { errorResponses, ok,  } from './common.js';

const adminErrors = errorResponses(400, 401, { 403: ['ADMIN_ONLY'] });

/** Versioned rules (admin listing and migration) and the public record of a finished game. */
export const rulesRoutes = (ctx: ServiceContext): FastifyPluginAsyncTypebox => async (app) => {
  app.get('/v1/games/:id/record', {
    schema: {
      tags: ['games'], operationId: 'getGameRecord', params: GameId,
      summary: 'The public record of a game that is over (finished, or aborted after its start): seeds, rules version and every action, to verify it independently',
      description: `Provably fair dealing (docs/fairness.md): from creation every game shows \`seedCommitment\` (SHA-256 of its server seed), and before the start each player may add a client seed (setClientSeed); once the game is over this record reveals the server seed with everything needed to replay the game. Check it without this server with the verifier of the \`boardgame-rules\` package: \`npx boardgame-rules verify record.json\`. It checks that the seed matches the commitment, derives the deal seed from it and the client seeds, and replays every event under the recorded rules version to the recorded final state hash and result. Format \`${RECORD_FORMAT}\`.`,
      response: {
        200: ok('The record', Type.Ref('GameRecord')),
        ...errorResponses(400, { 401: ['INVALID_TOKEN'] }, 404, { 409: ['GAME_NOT_FINISHED'] }),
      },
    },
  }, async (request) => exportRecord(ctx, optionalUser(request), request.params.id));

  app.get('/v1/admin/rules-versions', {
    schema: {
      tags: ['admin'], operationId: 'adminRulesVersionUsage',
      summary: 'How many games run under each rules version of each game type, by status',
      description: 'One row per game type and rules version that any stored game uses, with whether it is the newest version and whether this server still serves it.',
      response: {
        200: ok('Games per type and rules version', Type.Array(Type.Object({
          type: Type.String(), rulesVersion: Type.Integer(), current: Type.Boolean({ description: 'The newest version of its game' }),
          served: Type.Boolean({ description: 'This server plays and replays games of this version' }), open: Type.Integer(), active: Type.Integer(), finished: Type.Integer(), aborted: Type.Integer(),
        }))),
        ...adminErrors,
      },
    },
  }, async (request) => {
    requireUser(request);
    return rulesVersionUsage(ctx);
  });

  app.post('/v1/admin/games/:id/migrate-rules', {
    schema: {
      tags: ['admin'], operationId: 'adminMigrateGameRules', params: GameId,
      summary: "Move a game to its type's newest rules by replaying its log under them",
      description: 'Replays the whole log under the newest rules version with the same seed. Refused, changing nothing, unless every event is legal, reads the same (its log lines) and the game ends up exactly where it is; done, the log gets a `rules` event and the next moves follow the new rules. An open game simply takes the newest version. `dryRun=true` checks only.',
      querystring: Type.Object({ dryRun: Type.Optional(Type.Boolean({ default: false, description: 'Check only; change nothing' })) }, { additionalProperties: false }),
      response: {
        200: ok('The migration', Type.Object({
          gameId: Type.String({ format: 'uuid' }), from: Type.Integer(), to: Type.Integer(),
          version: Type.Integer({ description: "The game's version after the move (the `rules` event), unchanged on a dry run" }),
          dryRun: Type.Boolean(), checkedEvents: Type.Integer(),
        })),
        ...adminErrors, ...errorResponses(404, { 409: ['GAME_BUSY', 'ALREADY_NEWEST_RULES', 'GAME_FINISHED', 'RULES_VERSION_UNSUPPORTED', 'GAME_TYPE_UNAVAILABLE'], 422: ['MIGRATION_ILLEGAL_EVENT', 'MIGRATION_CHANGES_GAME'] }),
      },
    },
  }, async (request) => migrateRules(ctx, requireUser(request), request.params.id, request.query.dryRun ?? false));
};
