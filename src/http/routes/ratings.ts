import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { ServiceContext } from '../../services/context.js';
import { leaderboard, profile, recomputeRatings } from '../../services/ratings.js';
import { requireUser } from '../auth.js';
import { pageOf, pageQuery } from '../schemas.js';
import { errorResponses, ok, publicErrors } from './common.js';

const Rating = {
  rating: Type.Number({ description: 'The rating shown: 1500 + 48 × (mu - 3 sigma), at least 0 (1500 for a newcomer; grows as the system grows sure of the player)' }),
  mu: Type.Number({ description: 'openskill skill estimate (starts at 25)' }),
  sigma: Type.Number({ description: 'Its uncertainty (starts at 8.33)' }),
  games: Type.Integer({ description: 'Rated games played' }),
};
const ratingExample = { rating: 2095.68, mu: 27.9, sigma: 5.16, games: 14 };

/** Leaderboards, profiles and the admin's recomputation of ratings (services/ratings.ts). */
export const ratingRoutes = (ctx: ServiceContext): FastifyPluginAsyncTypebox => async (app) => {
  app.get('/v1/game-types/:type/leaderboard', {
    schema: {
      tags: ['ratings'], operationId: 'getLeaderboard',
      summary: 'The best-rated players of a game type',
      description: 'Accounts with a rating in this game type, best `rating` (1500 + 48 × (mu - 3 sigma)) first, one page at a time. Ratings change when rated games finish (not games with a bot seat, shorter than the server\'s minimum, abandoned or aborted; a resignation counts as last place).',
      params: Type.Object({ type: Type.String({ minLength: 1, maxLength: 64, description: 'A game type id (GET /v1/game-types)' }) }),
      // An explicit empty `required`: without one, @fastify/swagger documents every query parameter as required.
      querystring: Type.Object({ ...pageQuery }, { additionalProperties: false, required: [] }),
      response: {
        200: ok('One page of the leaderboard', Type.Object({
          items: Type.Array(Type.Object({ rank: Type.Integer({ description: '1 = best' }), username: Type.String(), gameType: Type.String(), ...Rating })),
          total: Type.Integer(), limit: Type.Integer(), offset: Type.Integer(),
        }), { items: [{ rank: 1, username: 'ann', gameType: 'urbanization', ...ratingExample }], total: 1, limit: 20, offset: 0 }),
        ...publicErrors(), ...errorResponses(400, { 404: ['NOT_FOUND'] }),
      },
    },
  }, async (request) => leaderboard(ctx, request.params.type, pageOf(request.query)));

  app.get('/v1/users/:username/profile', {
    schema: {
      tags: ['ratings'], operationId: 'getProfile',
      summary: 'A player\'s profile: ratings per game type and latest games with results',
      description: 'Ratings per game type, and the latest 20 public games of the player that are over (finished or aborted), newest first, with the player\'s seat, score, place, whether they won, their rating before and after (rated games) and the replay to open.',
      params: Type.Object({ username: Type.String({ minLength: 1, maxLength: 64 }) }),
      response: {
        200: ok('The profile', Type.Object({
          username: Type.String(),
          createdAt: Type.String({ format: 'date-time' }),
          ratings: Type.Array(Type.Object({ gameType: Type.String(), ...Rating })),
          recentGames: Type.Array(Type.Object({
            gameId: Type.String({ format: 'uuid' }), type: Type.String(), status: Type.Union([Type.Literal('finished'), Type.Literal('aborted')]),
            finishedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]), seat: Type.Integer(),
            players: Type.Array(Type.Union([Type.String(), Type.Null()]), { description: 'Usernames by seat (null: a bot or nobody)' }),
            bots: Type.Array(Type.Union([Type.String(), Type.Null()]), { description: 'The bot that played each seat, by its name (`easy`, `medium`…: shown as "Medium bot"; null: a person or nobody)' }),
            score: Type.Union([Type.Number(), Type.Null()]), won: Type.Union([Type.Boolean(), Type.Null()], { description: 'null: no result (aborted or abandoned)' }),
            place: Type.Union([Type.Integer(), Type.Null()], { description: '1 = first (the rated place when rated: a resignation is last)' }),
            ratingBefore: Type.Union([Type.Number(), Type.Null()], { description: 'null: the game was not rated' }),
            ratingAfter: Type.Union([Type.Number(), Type.Null()]),
            replay: Type.String({ description: 'The replay of the game (GET)' }),
          })),
        })),
        ...publicErrors(), ...errorResponses(400, { 404: ['NOT_FOUND'] }),
      },
    },
  }, async (request) => profile(ctx, request.params.username));

  app.post('/v1/admin/ratings/recompute', {
    schema: {
      tags: ['admin'], operationId: 'adminRecomputeRatings',
      summary: 'Recompute every rating from the recorded results',
      description: 'Replays every rated game\'s recorded places in the order the games were rated, from the initial rating, and rewrites the recorded changes and the current ratings with the result. `corrected` counts the recorded changes that differed (0 when the live ratings were right). Logged with the admin\'s id.',
      response: {
        200: ok('What was recomputed', Type.Object({
          games: Type.Integer({ description: 'Rated games replayed' }), changes: Type.Integer({ description: 'Rating changes recomputed' }),
          corrected: Type.Integer({ description: 'Changes whose stored values differed from the recomputation' }), players: Type.Integer(),
        })),
        // It takes no body, but a body sent anyway is read, and refused when it is not JSON or too deep.
        ...errorResponses({ 400: ['INVALID_JSON'] }, 401, { 403: ['ADMIN_ONLY'] }),
      },
    },
  }, async (request) => recomputeRatings(ctx, requireUser(request)));
};
