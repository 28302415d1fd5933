import type { IResolvers } from 'mercurius';
import type { ServiceContext } from '../services/context.js';
import { exportRecord } from '../services/record.js';
import { gamesByRules, migrateRules, rulesVersionUsage } from '../services/rules-admin.js';
import type { GameStatus } from '../store/games.js';
import { offsetConnection, offsetPage } from './connections.js';
import { user, who, type Context } from './context.js';

/** The admin calling (auth/scopes.ts let only admins with the admin scope in). */
const admin = user;

/** Versioned rules (admin listing and migration) and game records: the same use cases as REST. */
export function rulesResolvers(ctx: ServiceContext): IResolvers {
  return {
    Query: {
      rulesVersionUsage: (_root, _args, context: Context) => {
        admin(context);
        return rulesVersionUsage(ctx);
      },
      adminGames: async (_root, args: { type: string; rulesVersion?: number | null; status?: GameStatus | null; first: number; after?: string | null }, context: Context) => {
        const paging = offsetPage(args.first, args.after, 100);
        const { total, games } = await gamesByRules(ctx, admin(context), { type: args.type, rulesVersion: args.rulesVersion ?? undefined, status: args.status ?? undefined, ...paging });
        return offsetConnection(games, paging.offset, total);
      },
      gameRecord: (_root, { id }: { id: string }, context: Context) => exportRecord(ctx, who(context), id),
      record: (_root, { id }: { id: string }, context: Context) => exportRecord(ctx, who(context), id),
    },
    Mutation: {
      migrateGameRules: (_root, { gameId, dryRun }: { gameId: string; dryRun: boolean }, context: Context) => migrateRules(ctx, admin(context), gameId, dryRun),
    },
  };
}
