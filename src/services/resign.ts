import type { Principal } from '../auth/tokens.js';
import type { AnyGameDefinition, LogEntry } from '../engine/types.js';
import { conflict } from '../errors.js';
import { withGameLock, type GameRecord, type LockedGame, type SeatChange, type SeatRecord } from '../store/games.js';
import type { ServiceContext } from './context.js';
import { definitionFor } from './definitions.js';
import { botNames, loadGame, requireSeat } from './lobby.js';
import { afterCommit, commitEvent, type Change } from './progress.js';
import { resignEntry } from '../engine/kernel-log.js';

/**
 * Resigning ends a player's part. None of our engines eliminates a player, so a bot plays the
 * seat on to the end (the other players' game stays whole); when no person is left the game is
 * closed as abandoned. An admin replacing a seat by a bot (services/admin-moderation.ts) is the
 * same hand-over.
 */
export async function resign(ctx: ServiceContext, principal: Principal, gameId: string) {
  const change = await withGameLock(ctx.db, gameId, async (game, locked) => {
    const seat = requireSeat(game, principal);
    if (game.status !== 'active') throw conflict('GAME_NOT_ACTIVE', 'You can only resign from a running game.');
    if (game.seats[seat]!.resigned) throw conflict('ALREADY_RESIGNED', 'You have already resigned from this game.');
    const definition = definitionFor(ctx, game);
    return handSeatToBot(ctx, definition, game, locked, {
      seat, bot: strongestBot(definition), seatChange: { resignedAt: ctx.now() }, resigned: true, actorId: principal.userId, kind: 'resign', action: { type: 'resign' }, closeWhenNobodyLeft: true,
      entry: (bot, abandon) => resignEntry(seat, bot, abandon),
    });
  });
  await afterCommit(ctx, change);
  return loadGame(ctx, gameId);
}

/** The bot that takes over a seat unless told otherwise: the game's last (strongest) one. */
export const strongestBot = (definition: AnyGameDefinition) => botNames(definition).at(-1)!;

export interface SeatHandOver {
  seat: number;
  bot: string;
  /** What else changes on the seat row (a resignation time, the player leaving it). */
  seatChange: SeatChange;
  /** The seat is marked resigned from now on. */
  resigned: boolean;
  actorId: string;
  kind: 'resign' | 'replace';
  action: unknown;
  /** Close the game as abandoned when no person is left (a resignation; an admin's bot plays on). */
  closeWhenNobodyLeft: boolean;
  /** The log line of the hand-over (engine/kernel-log.ts). */
  entry(bot: string, abandon: boolean): LogEntry;
}

/**
 * Inside the game's lock: `bot` plays `seat` from now on, said by an event of `kind` in the log
 * (the state does not change).
 */
export async function handSeatToBot(ctx: ServiceContext, definition: AnyGameDefinition, game: GameRecord, locked: LockedGame, hand: SeatHandOver): Promise<Change> {
  await locked.updateSeat(hand.seat, { ...hand.seatChange, bot: hand.bot });
  const seats: SeatRecord[] = game.seats.map((entry) => (entry.seat === hand.seat
    ? { ...entry, bot: hand.bot, resigned: entry.resigned || hand.resigned, ...(hand.seatChange.userId === null ? { userId: null, username: null, hasOutbox: false } : {}) }
    : entry));
  const abandon = hand.closeWhenNobodyLeft && !seats.some((entry) => entry.userId !== null && !entry.resigned);
  const log = [hand.entry(hand.bot, abandon)];
  return commitEvent(ctx, definition, game, locked, { seat: hand.seat, actorId: hand.actorId, kind: hand.kind, action: hand.action, applied: { state: game.state, log }, seats, abandon });
}
