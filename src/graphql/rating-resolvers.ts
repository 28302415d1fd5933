import type { IResolvers } from 'mercurius';
import type { ServiceContext } from '../services/context.js';
import { leaderboard, profile, recomputeRatings } from '../services/ratings.js';
import { offsetConnection, offsetPage } from './connections.js';
import { user, who, type Context } from './context.js';

/** Leaderboards, profiles and the admin's recomputation: the same use cases as REST (routes/ratings.ts). */
export function ratingResolvers(ctx: ServiceContext): IResolvers {
  return {
    Query: {
      leaderboard: async (_root, args: { type: string; first: number; after?: string | null }, context: Context) => {
        who(context);
        const paging = offsetPage(args.first, args.after, 100);
        const page = await leaderboard(ctx, args.type, paging);
        return offsetConnection(page.items.map(({ rank, username, ...rating }) => ({ rank, username, rating })), paging.offset, page.total);
      },
      profile: (_root, args: { username: string }, context: Context) => {
        who(context);
        return profile(ctx, args.username);
      },
    },
    Mutation: {
      adminRecomputeRatings: (_root, _args, context: Context) => recomputeRatings(ctx, user(context)),
    },
  };
}
