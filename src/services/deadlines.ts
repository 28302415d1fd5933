import { isRuleError } from '../engine/types.js';
import { withGameLock, type GameRecord } from '../store/games.js';
import { deadlines, timeoutsBeforeBot, type Clocks, type TimeControl } from './clock.js';
import type { ServiceContext } from './context.js';
import { definitionFor } from './definitions.js';
import { botNames } from './lobby.js';
import { afterCommit, commitEvent, type Change } from './progress.js';

/**
 * A deadline job fires: if the game is still where it was when the job was scheduled (same
 * version, the seat still to act, its time really up), the game's `timeoutAction` is applied for
 * the seat as a system event. After `timeoutsBeforeBot` in a row a bot takes the seat over.
 * Anything else means the game moved on: the job does nothing.
 */
export interface DeadlineJob {
  gameId: string;
  version: number;
  seat: number;
}

export type DeadlineResult = 'applied' | 'stale';

/** When each seat of a stored game must act by, from its time control and clocks. */
export const gameDeadlines = (game: Pick<GameRecord, 'timeControl' | 'clocks' | 'activeSeats'>) =>
  deadlines(game.timeControl as TimeControl, game.clocks as Clocks | null, game.activeSeats);

/** The job's game and seat if the job still applies (same version, seat to act, time up), else null. */
function stillDue(ctx: ServiceContext, game: GameRecord, job: DeadlineJob): { at: Date } | null {
  if (game.status !== 'active' || game.version !== job.version || !game.activeSeats.includes(job.seat)) return null;
  const due = gameDeadlines(game).find((entry) => entry.seat === job.seat);
  // A little slack for clock differences between processes: the job was started at the deadline.
  if (!due || due.at.getTime() > ctx.now().getTime() + 1000) return null;
  return due;
}

export async function fireDeadline(ctx: ServiceContext, job: DeadlineJob): Promise<DeadlineResult> {
  const change = await withGameLock(ctx.db, job.gameId, async (game, locked): Promise<Change | null> => {
    if (!stillDue(ctx, game, job)) return null;
    const definition = definitionFor(ctx, game);
    const action = definition.timeoutAction(game.state, job.seat);
    const applied = definition.apply(game.state, job.seat, action);
    if (isRuleError(applied)) {
      ctx.log.error(`game ${game.id}: timeoutAction for seat ${job.seat} was refused (${applied.code}): an engine bug`);
      return null;
    }
    const held = game.seats[job.seat]!;
    const timeouts = held.timeouts + 1;
    const handOver = held.bot === null && timeouts >= timeoutsBeforeBot(game.timeControl as TimeControl);
    const bot = handOver ? (botNames(definition).at(-1) ?? 'random') : held.bot;
    await locked.updateSeat(job.seat, { timeouts, bot });
    const seats = game.seats.map((entry) => (entry.seat === job.seat ? { ...entry, timeouts, bot } : entry));
    const preface = [{ message: `Seat ${job.seat} ran out of time.` }, ...(handOver ? [{ message: `A bot (${bot}) now plays seat ${job.seat}.` }] : [])];
    return commitEvent(ctx, definition, game, locked, { seat: job.seat, actorId: null, kind: 'timeout', action, applied, preface, seats });
  });
  if (!change) return 'stale';
  await afterCommit(ctx, change);
  return 'applied';
}

/** "Deadline near" webhooks, if the seat is still to act at that version. */
export async function warnDeadline(ctx: ServiceContext, job: DeadlineJob): Promise<boolean> {
  return withGameLock(ctx.db, job.gameId, async (game, locked) => {
    if (game.status !== 'active' || game.version !== job.version || !game.activeSeats.includes(job.seat)) return false;
    const held = game.seats[job.seat];
    if (!held?.userId || held.bot) return false;
    const due = gameDeadlines(game).find((entry) => entry.seat === job.seat);
    await locked.enqueueWebhooks([held.userId], 'deadline_near', {
      event: 'deadline_near',
      game: { id: game.id, type: game.type, version: game.version, status: game.status, activeSeats: game.activeSeats },
      seat: job.seat,
      deadline: due?.at.toISOString() ?? null,
    });
    return true;
  });
}
