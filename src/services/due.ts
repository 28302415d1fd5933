import { BatchWriteError, withDueGames } from '../store/due-work.js';
import { deferDueWork, type DueColumns, type GameRecord, type LockedGame } from '../store/games.js';
import { playBotMove } from './bots.js';
import type { ServiceContext } from './context.js';
import { applyTimeout, sendWarnings } from './deadlines.js';
import { botSeatToAct, personDeadlines, planDue, unsentSince } from './due-plan.js';
import { afterCommit, commitAbort, type Change } from './progress.js';
import { rateFinishedGame } from './ratings.js';
import type { Tx } from '../store/ratings.js';
import { botLimitAbortEntry } from '../engine/kernel-log.js';

/**
 * Due work: claim the games whose work is due earliest (row locks, SKIP LOCKED), do one
 * step of each in the claiming transaction (a timeout, a bot move or the warnings) through the same
 * commit path as players, and store the game's next due time with it. A crash anywhere rolls the
 * whole step back and frees the claim at once; a step that fails is rolled back, counted on the game
 * row and retried with exponential backoff, without holding up any other game.
 */
export type WorkKind = 'timeout' | 'bot' | 'warning' | 'rating' | 'idle';

export interface WorkOutcome {
  gameId: string;
  kind: WorkKind;
  /** From when the work was due to its commit (or failure). */
  lagMs: number;
  failed: boolean;
}

export interface DueWorkOptions {
  /** First retry delay after a failure; doubles with each failure in a row (capped at 10 minutes). */
  retryBaseMs: number;
  /** Tests only: runs inside the claim after the step, before its commit (to slow a worker down or make it fail). */
  beforeCommit?: (game: GameRecord, kind: WorkKind) => Promise<void>;
}

const MAX_RETRY_MS = 10 * 60 * 1000;

interface Step {
  kind: WorkKind;
  dueAt: Date;
  change: Change | null;
  /** For steps without an event: the game's new due columns and outbox rows written. */
  due?: DueColumns;
  webhooks?: number;
}

async function step(ctx: ServiceContext, game: GameRecord, locked: LockedGame, tx: Tx, now: Date): Promise<Step> {
  if (game.status === 'active') {
    const late = personDeadlines(game).find((due) => due.at <= now);
    if (late) return { kind: 'timeout', dueAt: late.at, change: await applyTimeout(ctx, game, locked, late.seat) };
    const bot = botSeatToAct(game);
    if (bot !== undefined && game.version >= ctx.botGameMaxEvents) {
      // No game here comes near it (a 4-player guild town: about 540 moves), but a bot that
      // goes round in a circle would write events for ever. The game ends; the log says why.
      ctx.log.error(`game ${game.id} aborted: its bot in seat ${bot} was to move at event ${game.version}, the limit (BOT_GAME_MAX_EVENTS)`);
      return { kind: 'bot', dueAt: game.dueAt ?? now, change: await commitAbort(game, locked, null, botLimitAbortEntry(game.version, ctx.botGameMaxEvents), 'too many events') };
    }
    if (bot !== undefined) {
      const moved = await playBotMove(ctx, game, locked, bot);
      if (!('thinkingUntil' in moved)) return { kind: 'bot', dueAt: game.dueAt ?? now, change: moved };
      // A search bot thinks in the pool meanwhile (services/bots.ts): due again when it should be done.
      const due = { dueAt: moved.thinkingUntil, warnAt: game.warnAt };
      await locked.setDue(due);
      return { kind: 'idle', dueAt: game.dueAt ?? now, change: null, due };
    }
    if (game.warnAt && game.warnAt <= now) {
      const webhooks = await sendWarnings(game, locked, now);
      const unsent = unsentSince(game.warnAt);
      const due = planDue(game, now, (warning) => unsent(warning) && warning.at > now);
      await locked.setDue(due);
      return { kind: 'warning', dueAt: game.warnAt, change: null, due, webhooks };
    }
  }
  if (game.status === 'finished' && game.dueAt) {
    // A finished game's only due work is its rating (services/ratings.ts), done once: recorded per game.
    await rateFinishedGame(ctx, tx, game);
    const due = { dueAt: null, warnAt: null };
    await locked.setDue(due);
    return { kind: 'rating', dueAt: game.dueAt, change: null, due };
  }
  // Nothing due after all (a game's first look after the upgrade, a retry of work already done): store its real next due time.
  const due = game.status === 'active' ? planDue(game, now, unsentSince(game.warnAt)) : { dueAt: null, warnAt: null };
  await locked.setDue(due);
  return { kind: 'idle', dueAt: game.dueAt ?? now, change: null, due };
}

/**
 * Does the due work of up to `limit` games in one transaction (one commit for all: fewer round trips
 * per item under a burst). Returns one outcome per game claimed; none when nothing is due. If a step
 * fails, the batch rolls back: the failing game is counted and deferred (backoff), the others are
 * simply due still and the next claim takes them again (if the batch's write fails, they are done
 * one at a time, which finds the game at fault). Throws only when the claim itself fails (the database).
 */
export async function workDue(ctx: ServiceContext, options: DueWorkOptions, limit = 1): Promise<WorkOutcome[]> {
  const now = ctx.now();
  let current: GameRecord | null = null;
  let kind: WorkKind = 'idle';
  let dueAt = now;
  const retryAtOf = (game: GameRecord) => new Date(ctx.now().getTime() + Math.min(MAX_RETRY_MS, options.retryBaseMs * 2 ** game.workAttempts));
  const failedOutcome = (game: GameRecord, error: unknown, attempts: number | null, retryAt: Date): WorkOutcome[] => {
    ctx.log.error(
      `due work (${kind}) for game ${game.id} at version ${game.version} failed` +
        (attempts === null ? ' (the game has moved on since)' : ` (${attempts} in a row; next attempt at ${retryAt.toISOString()})`) +
        `: ${(error as Error).stack ?? String(error)}`,
    );
    if (attempts !== null) ctx.work.gameDue(retryAt);
    return [{ gameId: game.id, kind, lagMs: ctx.now().getTime() - dueAt.getTime(), failed: true }];
  };
  try {
    const { done, failed } = await withDueGames(ctx.db, now, limit, (game) => {
      current = game;
      kind = 'idle';
      dueAt = game.dueAt ?? now;
    }, async (game, locked, tx) => {
      const result = await step(ctx, game, locked, tx, now);
      ({ kind, dueAt } = result);
      await options.beforeCommit?.(game, kind);
      return result;
    }, retryAtOf);
    if (failed) return failedOutcome(failed.game, failed.error, failed.attempts, failed.retryAt);
    const committed = ctx.now().getTime();
    for (const { result: { change, due, webhooks } } of done) {
      if (change) await afterCommit(ctx, change);
      if (due?.dueAt) ctx.work.gameDue(due.dueAt);
      if (webhooks) ctx.work.deliveriesDue();
    }
    return done.map(({ game, result }) => ({ gameId: game.id, kind: result.kind, lagMs: committed - result.dueAt.getTime(), failed: false }));
  } catch (error) {
    const game = current as GameRecord | null;
    if (!game) throw error;
    // The batch's one write failed: find the game at fault by doing them one at a time (still due, unlocked again).
    if (error instanceof BatchWriteError && limit > 1) {
      const outcomes: WorkOutcome[] = [];
      for (let i = 0; i < limit; i++) outcomes.push(...(await workDue(ctx, options, 1)));
      return outcomes;
    }
    // The transaction itself failed (its write, or the database): deferred outside it, if the game is as it was.
    const retryAt = retryAtOf(game);
    return failedOutcome(game, error, await deferDueWork(ctx.db, game.id, game.version, retryAt), retryAt);
  }
}
