import { isRuleError } from '../engine/types.js';
import type { GameRecord, LockedGame } from '../store/games.js';
import { deadlines, timeoutsBeforeBot, type Clocks, type TimeControl } from './clock.js';
import type { ServiceContext } from './context.js';
import { definitionFor } from './definitions.js';
import { unsentSince, warningTimes } from './due-plan.js';
import { botNames } from './lobby.js';
import { commitEvent, type Change } from './progress.js';
import { botPlaysEntry, timeoutEntry } from '../engine/kernel-log.js';

/**
 * A person's deadline passed (the due-work worker found it under the game's row lock): the game's
 * `timeoutAction` is applied for the seat as a `timeout` event. After `timeoutsBeforeBot` in a row a
 * bot takes the seat over.
 */
export async function applyTimeout(ctx: ServiceContext, game: GameRecord, locked: LockedGame, seat: number): Promise<Change> {
  const definition = definitionFor(ctx, game);
  const action = definition.timeoutAction(game.state, seat);
  const applied = definition.apply(game.state, seat, action);
  if (isRuleError(applied)) throw new Error(`${definition.id}: timeoutAction for seat ${seat} was refused (${applied.code}): an engine bug`);
  const held = game.seats[seat]!;
  const timeouts = held.timeouts + 1;
  const handOver = held.bot === null && timeouts >= timeoutsBeforeBot(game.timeControl as TimeControl);
  const bot = handOver ? (botNames(definition).at(-1) ?? 'random') : held.bot;
  await locked.updateSeat(seat, { timeouts, bot });
  const seats = game.seats.map((entry) => (entry.seat === seat ? { ...entry, timeouts, bot } : entry));
  const preface = [timeoutEntry(seat), ...(handOver ? [botPlaysEntry(seat, bot!)] : [])];
  return commitEvent(ctx, definition, game, locked, { seat, actorId: null, kind: 'timeout', action, applied, preface, seats });
}

/** "Deadline near" webhooks for the persons whose warning is due by `now` and not yet sent; returns the outbox rows written. */
export async function sendWarnings(game: GameRecord, locked: LockedGame, now: Date): Promise<number> {
  const due = warningTimes(game).filter(unsentSince(game.warnAt)).filter((warning) => warning.at <= now);
  const all = deadlines(game.timeControl as TimeControl, game.clocks as Clocks | null, game.activeSeats);
  let written = 0;
  for (const { seat } of due) {
    written += await locked.enqueueWebhooks([game.seats[seat]!.userId!], 'deadline_near', {
      event: 'deadline_near',
      game: { id: game.id, type: game.type, version: game.version, status: game.status, activeSeats: game.activeSeats },
      seat,
      deadline: all.find((entry) => entry.seat === seat)?.at.toISOString() ?? null,
    });
  }
  return written;
}
