import type { Principal } from '../auth/tokens.js';
import { canonicalJson } from '../engine/canonical.js';
import { ReplayError } from '../engine/replay.js';
import { rulesVersionsOf } from '../engine/versions.js';
import { badRequest, conflict, unprocessable } from '../errors.js';
import { listGames as listGameRows, withGameLock, type EventRecord, type GameRecord, type GameStatus } from '../store/games.js';
import type { ServiceContext } from './context.js';
import { definitionFor } from './definitions.js';
import { summarize } from './lobby.js';
import { afterCommit, commitEvent, type Change } from './progress.js';
import { setupInputOf, walkLog } from './timeline.js';
import { rulesEntry } from '../engine/kernel-log.js';

/**
 * Admin use cases of versioned rules: which games run under which rules version, and the explicit
 * move of one game to the newest rules. A move replays the whole log under the new rules and is
 * refused, changing nothing, unless every event is legal and yields the same log lines, and the game
 * ends up exactly where it is (its state apart from the rules profile, hence its outcome). So a
 * migration never rewrites what players saw; it only changes the rules of the moves still to come.
 */

/** Games per type, rules version and status, with each version's place in the changelog. */
export async function rulesVersionUsage(ctx: ServiceContext) {
  const rows = await ctx.db.$queryRaw<{ type: string; rules_version: number; status: GameStatus; games: bigint }[]>`
    SELECT type, rules_version, status, count(*) AS games FROM games GROUP BY type, rules_version, status ORDER BY type, rules_version`;
  const usage = new Map<string, { type: string; rulesVersion: number; current: boolean; served: boolean } & Record<GameStatus, number>>();
  for (const row of rows) {
    const key = `${row.type}@${row.rules_version}`;
    const definition = ctx.catalog[row.type];
    const entry = usage.get(key) ?? {
      type: row.type, rulesVersion: row.rules_version,
      current: definition?.rulesVersion === row.rules_version,
      served: definition !== undefined && rulesVersionsOf(definition).some((version) => version.version === row.rules_version && !version.retired),
      open: 0, active: 0, finished: 0, aborted: 0,
    };
    entry[row.status] = Number(row.games);
    usage.set(key, entry);
  }
  return [...usage.values()];
}

export interface RulesGamesQuery {
  type: string;
  rulesVersion?: number;
  status?: GameStatus;
  limit: number;
  offset: number;
}

/** Games of one type (and rules version), newest activity first, as summaries (no state). */
export async function gamesByRules(ctx: ServiceContext, principal: Principal, query: RulesGamesQuery) {
  if (!ctx.catalog[query.type]) throw badRequest('UNKNOWN_GAME_TYPE', `There is no game type "${query.type}". GET /v1/game-types lists them.`);
  const { total, totalCapped, games } = await listGameRows(ctx.db, { type: query.type, rulesVersion: query.rulesVersion, status: query.status, limit: query.limit, offset: query.offset });
  return { total, totalCapped, limit: query.limit, offset: query.offset, games: games.map((game) => summarize(game, principal)) };
}

export interface RulesMigration {
  gameId: string;
  from: number;
  to: number;
  /** The game's version after the move (one more than before: the `rules` event), or unchanged on a dry run. */
  version: number;
  dryRun: boolean;
  checkedEvents: number;
}

const withoutRules = (state: unknown) => {
  if (state === null || typeof state !== 'object') return state;
  const { rules: _rules, ...rest } = state as Record<string, unknown>;
  return rest;
};

/** Move a game to its type's newest rules version (see above); `dryRun` checks and changes nothing. */
export async function migrateRules(ctx: ServiceContext, principal: Principal, gameId: string, dryRun: boolean): Promise<RulesMigration> {
  const outcome = await withGameLock(ctx.db, gameId, async (game, locked): Promise<[RulesMigration, Change | null]> => {
    const definition = definitionFor(ctx, game);
    const to = definition.rulesVersion;
    const answer = (version: number, checkedEvents: number): RulesMigration => ({ gameId, from: game.rulesVersion, to, version, dryRun, checkedEvents });
    if (game.rulesVersion === to) throw conflict('ALREADY_NEWEST_RULES', `This game already runs under the newest rules (version ${to}).`);
    if (game.status === 'finished' || game.status === 'aborted') throw conflict('GAME_FINISHED', 'A finished game keeps the rules it was played under.');
    if (game.status === 'open') {
      // Nothing is dealt yet: the game will simply be set up under the new rules.
      if (!dryRun) await locked.setRulesVersion(to);
      return [answer(game.version, 0), null];
    }
    const events = await locked.events();
    const migrated = replayUnder(definition, game, to, events);
    if (canonicalJson(withoutRules(migrated)) !== canonicalJson(withoutRules(game.state))) {
      throw unprocessable('MIGRATION_CHANGES_GAME', 'Under the new rules the game would not be where it is now; it keeps its rules.', { atEvent: game.version });
    }
    if (dryRun) return [answer(game.version, events.length), null];
    await locked.setRulesVersion(to);
    const changes = rulesVersionsOf(definition).filter((entry) => entry.version > game.rulesVersion).map((entry) => `version ${entry.version}: ${entry.changes}`);
    const change = await commitEvent(ctx, definition, game, locked, {
      seat: null, actorId: principal.userId, kind: 'rules', action: { type: 'rules', from: game.rulesVersion, to },
      applied: { state: migrated, log: [rulesEntry(game.rulesVersion, to, changes)] },
    });
    ctx.log.info(`game ${gameId} moved from rules version ${game.rulesVersion} to ${to} by admin ${principal.userId}`);
    return [answer(change.version, events.length), change];
  });
  const [result, change] = outcome;
  if (change) await afterCommit(ctx, change);
  return result;
}

/**
 * The final state of `game`'s log replayed under `to`, refusing at the first event the rules reject
 * or whose log lines come out differently than under the game's own rules (players already read
 * them). Both sides are replayed with today's engine, so a change of wording that every rules
 * version shares (engines' log text is not part of the rules) does not hold a game back.
 */
function replayUnder(definition: ReturnType<typeof definitionFor>, game: GameRecord, to: number, events: readonly EventRecord[]): unknown {
  const lines = new Map<number, string>();
  let differs: { atEvent: number } | null = null;
  try {
    walkLog(definition, setupInputOf(game), events, (event, _state, engineLog) => void (engineLog !== null && lines.set(event.seq, canonicalJson(engineLog))));
    const { state } = walkLog(definition, setupInputOf({ ...game, rulesVersion: to }), events, (event, _state, engineLog) => {
      if (differs === null && engineLog !== null && lines.get(event.seq) !== canonicalJson(engineLog)) differs = { atEvent: event.seq };
    });
    if (differs !== null) {
      const { atEvent } = differs;
      throw unprocessable('MIGRATION_CHANGES_GAME', `Under the new rules event ${atEvent} would read differently; the game keeps its rules.`, { atEvent });
    }
    return state;
  } catch (error) {
    if (!(error instanceof ReplayError)) throw error;
    const atEvent = events[error.index]!.seq;
    throw unprocessable('MIGRATION_ILLEGAL_EVENT', `Event ${atEvent} is illegal under the new rules (${error.code}: ${error.message}); the game keeps its rules.`, {
      atEvent, rule: error.code,
    });
  }
}
