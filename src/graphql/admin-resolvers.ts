import type { IResolvers } from 'mercurius';
import { schemaErrors } from '../engine/schema.js';
import { badRequest } from '../errors.js';
import { RecordImportBody } from '../http/record-schemas.js';
import { adminGame, adminStateAt, replayAt, searchGames, verifyAndRecord, type AdminGameItem } from '../services/admin-games.js';
import { abortGame, findUsers, replaceSeatByBot, setAccountDisabled } from '../services/admin-moderation.js';
import { exportGame, importRecord, type RecordInput } from '../services/admin-records.js';
import type { ServiceContext } from '../services/context.js';
import type { VerifyFilter } from '../store/admin.js';
import type { GameStatus } from '../store/games.js';
import { offsetConnection, offsetPage } from './connections.js';
import { user, who, type Context } from './context.js';

/** The admin calling (auth/scopes.ts let only admins with the admin scope in). */
const admin = user;

interface AdminGameFilterInput {
  id?: string | null; type?: string | null; status?: GameStatus | null; player?: string | null; rulesVersion?: number | null;
  createdFrom?: string | null; createdTo?: string | null; verify?: VerifyFilter | null;
}

/** An ISO 8601 day or time; a day as `createdTo` means up to its end (as in REST). */
function dateArg(name: string, value: string | null | undefined, endOfDay: boolean): Date | undefined {
  if (value === null || value === undefined) return undefined;
  const day = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const at = new Date(day ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(at.getTime()) || !/^\d{4}-\d{2}-\d{2}/.test(value)) throw badRequest('VALIDATION_FAILED', `${name} is an ISO 8601 day or time.`);
  return day && endOfDay ? new Date(at.getTime() + 86_400_000 - 1) : at;
}

const orUndefined = <T>(value: T | null | undefined): T | undefined => value ?? undefined;

/** The admin's inspector and moderation, and players' replays: the same use cases as REST (routes/admin.ts, routes/replays.ts). */
export function adminResolvers(ctx: ServiceContext): IResolvers {
  return {
    Query: {
      adminSearchGames: async (_root, args: { filter?: AdminGameFilterInput | null; first: number; after?: string | null }, context: Context) => {
        const principal = admin(context);
        const filter = args.filter ?? {};
        const paging = offsetPage(args.first, args.after, 100);
        if (filter.id && !/^[0-9a-fA-F-]{1,36}$/.test(filter.id)) throw badRequest('VALIDATION_FAILED', 'id is a game id or its first characters (hex digits and dashes).');
        const found = await searchGames(ctx, principal, {
          id: orUndefined(filter.id), type: orUndefined(filter.type), status: orUndefined(filter.status), player: orUndefined(filter.player),
          rulesVersion: orUndefined(filter.rulesVersion), verify: orUndefined(filter.verify),
          createdFrom: dateArg('createdFrom', filter.createdFrom, false), createdTo: dateArg('createdTo', filter.createdTo, true),
          ...paging,
        });
        return offsetConnection(found.items.map(adminItem), paging.offset, found.total);
      },
      adminGame: async (_root, { id }: { id: string }, context: Context) => {
        admin(context);
        const { players, lastVerify, seed, state, clocks, events, ...game } = await adminGame(ctx, id);
        return { game, players, importedAt: game.importedAt, lastVerify, seed, state, clocks, events };
      },
      adminGameState: (_root, { id, at, seat, publicView }: { id: string; at: number; seat?: number | null; publicView: boolean }, context: Context) => {
        admin(context);
        if (at < 0) throw badRequest('VALIDATION_FAILED', 'at is 0 or more.');
        return adminStateAt(ctx, id, at, publicView ? 'public' : orUndefined(seat));
      },
      adminExportGame: (_root, { id }: { id: string }, context: Context) => {
        admin(context);
        return exportGame(ctx, id);
      },
      adminUsers: async (_root, { q, first, after }: { q?: string | null; first: number; after?: string | null }, context: Context) => {
        admin(context);
        const paging = offsetPage(first, after, 100);
        const found = await findUsers(ctx, { q: orUndefined(q), ...paging });
        return offsetConnection(found.items, paging.offset, found.total);
      },
      gameReplay: (_root, { id, at }: { id: string; at?: number | null }, context: Context) => {
        if (at !== null && at !== undefined && at < 0) throw badRequest('VALIDATION_FAILED', 'at is 0 or more.');
        return replayAt(ctx, who(context), id, orUndefined(at));
      },
    },
    Mutation: {
      adminVerifyGame: (_root, { id }: { id: string }, context: Context) => {
        admin(context);
        return verifyAndRecord(ctx, id);
      },
      adminImportGame: (_root, { record }: { record: unknown }, context: Context) => {
        const principal = admin(context);
        const errors = schemaErrors(RecordImportBody, record);
        if (errors.length > 0) throw badRequest('VALIDATION_FAILED', `Not a game record: ${errors.join('; ')}`, { errors });
        return importRecord(ctx, principal, record as RecordInput);
      },
      adminAbortGame: (_root, { id, reason }: { id: string; reason?: string | null }, context: Context) => {
        if (reason !== null && reason !== undefined && (reason.length < 1 || reason.length > 500)) throw badRequest('VALIDATION_FAILED', 'reason is 1 to 500 characters.');
        return abortGame(ctx, admin(context), id, orUndefined(reason));
      },
      adminReplaceSeatByBot: (_root, { id, seat, bot }: { id: string; seat: number; bot?: string | null }, context: Context) =>
        replaceSeatByBot(ctx, admin(context), id, seat, orUndefined(bot)),
      adminDisableUser: (_root, { id }: { id: string }, context: Context) => setAccountDisabled(ctx, admin(context), id, true),
      adminEnableUser: (_root, { id }: { id: string }, context: Context) => setAccountDisabled(ctx, admin(context), id, false),
    },
  };
}

/** A list item: the game (the Game type resolves its view and log from it) and what the admin list adds. */
function adminItem({ players, lastVerify, ...game }: AdminGameItem) {
  return { game, players, importedAt: game.importedAt, lastVerify };
}
