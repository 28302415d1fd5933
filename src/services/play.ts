import { createHash } from 'node:crypto';
import type { Principal } from '../auth/tokens.js';
import { canonicalJson } from '../engine/canonical.js';
import { visibleLog } from '../engine/log.js';
import { schemaErrors } from '../engine/schema.js';
import { isRuleError, type LogEntry } from '../engine/types.js';
import { badRequest, conflict, notFound, ServiceError, unprocessable } from '../errors.js';
import { findIdempotentResponse, isUniqueViolation, withGameLock, type GameRecord, type IdempotentResponse, type LockedGame, type NewEvent, type NextState } from '../store/games.js';
import { commitMove, loadForMove, type OutboxEntry } from '../store/moves.js';
import type { ServiceContext } from './context.js';
import { definitionFor } from './definitions.js';
import { loadGame, requireSeat } from './lobby.js';
import { afterCommit, commitEvent, type Change } from './progress.js';

export interface SubmitInput {
  gameId: string;
  action: unknown;
  expectedVersion?: number;
  idempotencyKey?: string;
  /** The game type the client believes it plays (checked when given). */
  gameType?: string;
  /** The client wants no view back (Prefer: return=minimal): none is computed, unless an Idempotency-Key stores the answer for a retry. */
  minimal?: boolean;
}

export interface SubmitResult {
  gameType: string;
  version: number;
  view: unknown;
  log: LogEntry[];
  /** True when this is the stored answer to an earlier request with the same Idempotency-Key. */
  replayed: boolean;
}

/** The stored answer to this key: `stored` is looked up through the pool, or through the lock's transaction when it holds one (the pool rule). */
function storedAnswer(stored: IdempotentResponse | null, requestHash: string): SubmitResult | null {
  if (!stored) return null;
  if (stored.requestHash !== requestHash) {
    throw unprocessable('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was already used for a different request.');
  }
  return { ...(stored.response as Omit<SubmitResult, 'replayed'>), replayed: true };
}

/**
 * Submit one action. Without an Idempotency-Key a move takes the fast path: the game's newest
 * record from this process's cache (or one read), check and apply, then ONE guarded statement
 * (store/moves.ts) that lands only if nobody wrote the game since; else reload and try again.
 * With a key, when the seat must be handed back from a bot, or under contention, it takes the
 * locked path: one transaction holding the game row. Either way every refusal changes nothing,
 * and subscribers, deadlines and bots hear of the move only after its commit.
 */
export async function submitAction(ctx: ServiceContext, principal: Principal, input: SubmitInput): Promise<SubmitResult> {
  if (!input.idempotencyKey) {
    const done = await submitFast(ctx, principal, input);
    if (done) return done;
  }
  return submitLocked(ctx, principal, input);
}

/** Guarded commits that lost a race, before the move queues behind the row lock instead. */
const FAST_ATTEMPTS = 3;
/** The move needs more than the one statement can do (a seat handed back from a bot): take the lock. */
const NEEDS_LOCK = new Error('this move needs the locked path');

async function submitFast(ctx: ServiceContext, principal: Principal, input: SubmitInput): Promise<SubmitResult | null> {
  for (let attempt = 0; attempt < FAST_ATTEMPTS; attempt++) {
    const cached = ctx.db.games.get(input.gameId);
    const game = cached ?? (await loadForMove(ctx.db, input.gameId));
    if (!game) throw notFound('Game');
    if (!cached) ctx.db.games.put(game);
    const taken: { event?: NewEvent; next?: NextState; outbox: OutboxEntry[] } = { outbox: [] };
    const buffer: LockedGame = {
      append: async (event, next) => void Object.assign(taken, { event, next }),
      // How many rows the outbox gets is known once the statement ran (set on the change below).
      enqueueWebhooks: async (userIds, event, payload) => {
        taken.outbox.push({ userIds, event, payload });
        return 0;
      },
      updateSeat: () => Promise.reject(NEEDS_LOCK),
      setDue: () => Promise.reject(NEEDS_LOCK),
      start: () => Promise.reject(NEEDS_LOCK),
      findIdempotentResponse: () => Promise.reject(NEEDS_LOCK),
      saveIdempotentResponse: () => Promise.reject(NEEDS_LOCK),
      events: () => Promise.reject(NEEDS_LOCK),
      reload: () => Promise.reject(NEEDS_LOCK),
      createUndoRequest: () => Promise.reject(NEEDS_LOCK),
      findUndoRequest: () => Promise.reject(NEEDS_LOCK),
      updateUndoRequest: () => Promise.reject(NEEDS_LOCK),
      setRulesVersion: () => Promise.reject(NEEDS_LOCK),
      setClientSeeds: () => Promise.reject(NEEDS_LOCK),
      abandonOpen: () => Promise.reject(NEEDS_LOCK),
    };
    let result: SubmitResult;
    let change: Change;
    try {
      [result, change] = await move(ctx, principal, input, game, buffer);
    } catch (error) {
      if (error === NEEDS_LOCK) return null;
      // A refusal is only ever made on a fresh read: a cached record may be behind another process.
      if (cached) {
        ctx.db.games.forget(game.id);
        continue;
      }
      throw error;
    }
    const committed = await commitMove(ctx.db, game, taken.event!, taken.next!, taken.outbox);
    if (!committed) {
      ctx.db.games.forget(game.id);
      continue;
    }
    ctx.db.games.put(committed.game);
    await afterCommit(ctx, { ...change, webhooks: committed.webhooks });
    return result;
  }
  return null;
}

async function submitLocked(ctx: ServiceContext, principal: Principal, input: SubmitInput): Promise<SubmitResult> {
  // The request's fingerprint is only needed to recognise a retry with the same key.
  const requestHash = input.idempotencyKey
    ? createHash('sha256').update(canonicalJson({ gameId: input.gameId, action: input.action, expectedVersion: input.expectedVersion ?? null })).digest('hex')
    : '';
  const key = input.idempotencyKey;
  const storedThroughPool = async () => (key ? storedAnswer(await findIdempotentResponse(ctx.db, principal.userId, key), requestHash) : null);
  const earlier = await storedThroughPool();
  if (earlier) return earlier;
  let result: SubmitResult;
  let change: Change | null;
  try {
    [result, change] = await withGameLock(ctx.db, input.gameId, async (game, locked): Promise<[SubmitResult, Change | null]> => {
      if (key) {
        // Looked up again under the lock, in its transaction: a copy that waited for it while its original
        // was in flight answers as the original did, instead of judging the move again on the state it produced.
        const earlier = storedAnswer(await locked.findIdempotentResponse(principal.userId, key), requestHash);
        if (earlier) return [earlier, null];
      }
      const [answer, moved] = await move(ctx, principal, input, game, locked);
      if (key) {
        const { replayed: _replayed, ...response } = answer;
        await locked.saveIdempotentResponse({ userId: principal.userId, key, requestHash, response });
      }
      return [answer, moved];
    });
  } catch (error) {
    // Two retries with one key raced (the loser's transaction rolled back), or the game was too busy
    // to wait for (GAME_BUSY): when the original has answered meanwhile, answer as it did.
    if (key && (isUniqueViolation(error) || (error instanceof ServiceError && error.code === 'GAME_BUSY'))) {
      const stored = await storedThroughPool();
      if (stored) return stored;
    }
    throw error;
  }
  if (change) await afterCommit(ctx, change);
  return result;
}

/** Checks the action against `game` and applies it; the event goes through `locked`. Refusals throw. */
async function move(ctx: ServiceContext, principal: Principal, input: SubmitInput, game: GameRecord, locked: LockedGame): Promise<[SubmitResult, Change]> {
  const seat = requireSeat(game, principal);
  if (game.status !== 'active') throw conflict('GAME_NOT_ACTIVE', game.status === 'open' ? 'The game has not started yet.' : 'The game is over.');
  if (input.expectedVersion !== undefined && input.expectedVersion !== game.version) {
    throw conflict('STALE_VERSION', `The game is at version ${game.version}, not ${input.expectedVersion}: reload and decide again.`, { currentVersion: game.version });
  }
  if (input.gameType !== undefined && input.gameType !== game.type) throw badRequest('GAME_TYPE_MISMATCH', `This is a ${game.type} game, not ${input.gameType}.`);
  // A resignation is final: the bot keeps the seat (a player only back from missed deadlines takes it back below).
  if (game.seats[seat]!.resigned) throw conflict('RESIGNED', 'You resigned from this game: a bot plays your seat from now on.');
  const definition = definitionFor(ctx, game);
  const errors = schemaErrors(definition.actionSchema, input.action);
  if (errors.length > 0) throw badRequest('INVALID_ACTION', `That is not a ${definition.title} action: ${errors.join('; ')}`, { errors });
  if (!game.activeSeats.includes(seat)) throw unprocessable('NOT_YOUR_TURN', `It is not your turn (waiting for seat ${game.activeSeats.join(', ') || 'nobody'}).`);
  const applied = definition.apply(game.state, seat, input.action);
  if (isRuleError(applied)) throw unprocessable(`RULE_VIOLATION/${applied.code}`, applied.message, { rule: applied.code, gameType: game.type });
  // A player who acts is back: their missed-deadline count restarts and a bot standing in for them steps aside.
  const held = game.seats[seat]!;
  let seats = game.seats;
  if (held.timeouts > 0 || held.bot !== null) {
    await locked.updateSeat(seat, { timeouts: 0, bot: null });
    seats = game.seats.map((entry) => (entry.seat === seat ? { ...entry, timeouts: 0, bot: null } : entry));
  }
  const moved = await commitEvent(ctx, definition, game, locked, { seat, actorId: principal.userId, kind: 'action', action: input.action, applied, seats });
  const view = input.minimal && !input.idempotencyKey ? null : definition.view(applied.state, seat);
  return [{ gameType: game.type, version: moved.version, view, log: visibleLog(applied.log, seat), replayed: false }, moved];
}

export async function legalActions(ctx: ServiceContext, principal: Principal, gameId: string): Promise<{ gameType: string; version: number; seat: number; actions: unknown[] }> {
  const game = await loadGame(ctx, gameId);
  const seat = requireSeat(game, principal);
  if (game.status !== 'active' || game.seats[seat]!.resigned) return { gameType: game.type, version: game.version, seat, actions: [] };
  const definition = definitionFor(ctx, game);
  const actions = game.activeSeats.includes(seat) ? definition.legalActions(game.state, seat) : [];
  return { gameType: game.type, version: game.version, seat, actions };
}
