import type { Principal } from '../auth/tokens.js';
import { undoEntry } from '../engine/kernel-log.js';
import type { LogEntry } from '../engine/types.js';
import { conflict, forbidden, notFound, unprocessable } from '../errors.js';
import { listUndoRequests, withGameLock, type GameRecord, type LockedGame, type UndoRequestRecord } from '../store/games.js';
import type { ServiceContext } from './context.js';
import { definitionFor } from './definitions.js';
import { loadVisibleGame, requireSeat } from './lobby.js';
import { afterCommit, commitEvent, type Change } from './progress.js';
import { setupInputOf, walkLog, type EffectiveMove } from './timeline.js';

/**
 * Take-backs, as players of turn-based sites expect (Board Game Arena's policy): you may take back
 * your own last move at once while nobody else has moved since; past another player's move only
 * if every other player approves; never past a move that revealed hidden information or drew
 * randomness (the engine and the RNG say which). The log records the undo; nothing is deleted.
 */
interface Target {
  move: EffectiveMove;
  /** State to return to: the one before the move. */
  state: unknown;
  /** Someone else moved after it. */
  othersMovedSince: boolean;
  /** How many moves after it go too. */
  movesSince: number;
  /** The move's public log lines (what everyone read when it was made). */
  moveLog: readonly LogEntry[];
}

async function findTarget(ctx: ServiceContext, game: GameRecord, locked: LockedGame, seat: number): Promise<Target> {
  const definition = definitionFor(ctx, game);
  const logs = new Map<number, LogEntry[]>();
  const walk = walkLog(definition, setupInputOf(game), await locked.events(), (event, _state, log) => void (log && logs.set(event.seq, log)));
  const index = walk.moves.map((move) => move.seat).lastIndexOf(seat);
  if (index < 0) throw unprocessable('NOTHING_TO_TAKE_BACK', 'You have no move left to take back.');
  const later = walk.moves.slice(index);
  if (later.some((move) => move.irreversible)) {
    throw unprocessable('TAKE_BACK_NOT_ALLOWED', 'That move (or one after it) revealed hidden information or drew at random: it cannot be taken back.');
  }
  const move = walk.moves[index]!;
  return {
    move, state: index === 0 ? walk.initial : walk.moves[index - 1]!.state, othersMovedSince: later.some((other) => other.seat !== seat),
    movesSince: later.length - 1, moveLog: (logs.get(move.seq) ?? []).filter((entry) => entry.visibleTo === undefined),
  };
}

function activeSeat(game: GameRecord, principal: Principal): number {
  const seat = requireSeat(game, principal);
  if (game.status !== 'active') throw conflict('GAME_NOT_ACTIVE', 'Take-backs are only possible while the game is running.');
  return seat;
}

const undoLog = (seat: number, target: Target): LogEntry[] => [undoEntry(seat, target.moveLog, target.movesSince, { undoes: target.move.seq })];

function undo(ctx: ServiceContext, game: GameRecord, locked: LockedGame, seat: number, actorId: string, target: Target): Promise<Change> {
  return commitEvent(ctx, definitionFor(ctx, game), game, locked, {
    seat, actorId, kind: 'undo', undoesSeq: target.move.seq, action: { type: 'undo', seq: target.move.seq },
    applied: { state: target.state, log: undoLog(seat, target) },
  });
}

/** Take back your own last move at once (nobody moved since). Answers like a submitted action. */
export async function takeBack(ctx: ServiceContext, principal: Principal, gameId: string) {
  const [change, answer] = await withGameLock(ctx.db, gameId, async (game, locked): Promise<[Change, { gameType: string; version: number; view: unknown; log: LogEntry[] }]> => {
    const seat = activeSeat(game, principal);
    const target = await findTarget(ctx, game, locked, seat);
    if (target.othersMovedSince) throw conflict('TAKE_BACK_NEEDS_APPROVAL', 'Another player has moved since: ask them with an undo request.');
    const done = await undo(ctx, game, locked, seat, principal.userId, target);
    return [done, { gameType: game.type, version: done.version, view: definitionFor(ctx, game).view(target.state, seat), log: undoLog(seat, target) }];
  });
  await afterCommit(ctx, change);
  return answer;
}

export interface PublicUndoRequest {
  id: string;
  seq: number;
  version: number;
  seat: number;
  approvals: number[];
  status: string;
  createdAt: string;
}

/** A request asked at an older version is void: the game has moved on since (any move voids it). */
const publicRequest = (request: UndoRequestRecord, gameVersion: number): PublicUndoRequest => ({
  id: request.id, seq: request.seq, version: request.version, seat: request.seat, approvals: request.approvals,
  status: request.status === 'open' && request.version !== gameVersion ? 'void' : request.status, createdAt: request.createdAt.toISOString(),
});

/** The seats whose approval an undo request needs: every other seat a person plays. */
const approversOf = (game: GameRecord, seat: number) => game.seats.filter((entry) => entry.seat !== seat && entry.userId !== null && entry.bot === null && !entry.resigned).map((entry) => entry.seat);

/** Ask the other players to let you take back your last move. Applied at once if nobody else needs asking. */
export async function requestUndo(ctx: ServiceContext, principal: Principal, gameId: string) {
  let change: Change | null = null;
  const request = await withGameLock(ctx.db, gameId, async (game, locked) => {
    const seat = activeSeat(game, principal);
    const target = await findTarget(ctx, game, locked, seat);
    const created = await locked.createUndoRequest({ seq: target.move.seq, version: game.version, seat });
    if (approversOf(game, seat).length > 0) return created;
    const approved = await locked.updateUndoRequest(created.id, { status: 'approved' });
    change = await undo(ctx, game, locked, seat, principal.userId, target);
    return approved;
  });
  if (change) await afterCommit(ctx, change);
  else ctx.events.undoRequestsChanged(gameId, request.version);
  return publicRequest(request, request.version);
}

export async function answerUndo(ctx: ServiceContext, principal: Principal, gameId: string, requestId: string, approve: boolean) {
  let change: Change | null = null;
  const request = await withGameLock(ctx.db, gameId, async (game, locked) => {
    const seat = activeSeat(game, principal);
    const request = await locked.findUndoRequest(requestId);
    if (!request) throw notFound('Undo request');
    if (request.status !== 'open') throw conflict('UNDO_REQUEST_CLOSED', `This request is already ${request.status}.`);
    if (request.version !== game.version) throw conflict('UNDO_REQUEST_CLOSED', 'This request is void: a move was made since it was asked.');
    const approvers = approversOf(game, request.seat);
    if (!approvers.includes(seat)) throw forbidden('NOT_AN_APPROVER', 'Only the other players answer an undo request.');
    if (!approve) return locked.updateUndoRequest(request.id, { status: 'declined' });
    const approvals = [...new Set([...request.approvals, seat])].sort();
    if (!approvers.every((entry) => approvals.includes(entry))) return locked.updateUndoRequest(request.id, { approvals });
    const target = await findTarget(ctx, game, locked, request.seat);
    const approved = await locked.updateUndoRequest(request.id, { approvals, status: 'approved' });
    change = await undo(ctx, game, locked, request.seat, game.seats[request.seat]!.userId ?? principal.userId, target);
    return approved;
  });
  if (change) await afterCommit(ctx, change);
  else ctx.events.undoRequestsChanged(gameId, request.version);
  return publicRequest(request, request.version);
}

export async function undoRequestsOf(ctx: ServiceContext, principal: Principal | null, gameId: string) {
  const game = await loadVisibleGame(ctx, gameId, principal);
  return (await listUndoRequests(ctx.db, gameId)).map((request) => publicRequest(request, game.version));
}
