import { createHash } from 'node:crypto';
import type { Principal } from '../auth/tokens.js';
import { canonicalJson } from '../engine/canonical.js';
import { visibleLog } from '../engine/log.js';
import { schemaErrors } from '../engine/schema.js';
import { isRuleError, type LogEntry } from '../engine/types.js';
import { badRequest, conflict, unprocessable } from '../errors.js';
import { findIdempotentResponse, isUniqueViolation, withGameLock } from '../store/games.js';
import type { ServiceContext } from './context.js';
import { definitionFor } from './definitions.js';
import { loadGame, requireSeat } from './lobby.js';
import { afterCommit, commitEvent, type Change } from './progress.js';

export interface SubmitInput {
  gameId: string;
  action: unknown;
  expectedVersion?: number;
  idempotencyKey?: string;
}

export interface SubmitResult {
  version: number;
  view: unknown;
  log: LogEntry[];
  /** True when this is the stored answer to an earlier request with the same Idempotency-Key. */
  replayed: boolean;
}

async function storedAnswer(ctx: ServiceContext, principal: Principal, key: string, requestHash: string): Promise<SubmitResult | null> {
  const stored = await findIdempotentResponse(ctx.db, principal.userId, key);
  if (!stored) return null;
  if (stored.requestHash !== requestHash) {
    throw unprocessable('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was already used for a different request.');
  }
  return { ...(stored.response as Omit<SubmitResult, 'replayed'>), replayed: true };
}

/**
 * Submit one action: one transaction with the game row locked; check, apply, append the event with
 * the next seq, store the new state; commit; then publish. Every refusal changes nothing.
 */
export async function submitAction(ctx: ServiceContext, principal: Principal, input: SubmitInput): Promise<SubmitResult> {
  const requestHash = createHash('sha256').update(canonicalJson({ gameId: input.gameId, action: input.action, expectedVersion: input.expectedVersion ?? null })).digest('hex');
  if (input.idempotencyKey) {
    const earlier = await storedAnswer(ctx, principal, input.idempotencyKey, requestHash);
    if (earlier) return earlier;
  }
  let result: SubmitResult;
  let change: Change;
  try {
    [result, change] = await withGameLock(ctx.db, input.gameId, async (game, locked): Promise<[SubmitResult, Change]> => {
      const seat = requireSeat(game, principal);
      if (game.status !== 'active') throw conflict('GAME_NOT_ACTIVE', game.status === 'open' ? 'The game has not started yet.' : 'The game is over.');
      if (input.expectedVersion !== undefined && input.expectedVersion !== game.version) {
        throw conflict('STALE_VERSION', `The game is at version ${game.version}, not ${input.expectedVersion}: reload and decide again.`, { currentVersion: game.version });
      }
      const definition = definitionFor(ctx, game);
      const errors = schemaErrors(definition.actionSchema, input.action);
      if (errors.length > 0) throw badRequest('INVALID_ACTION', `That is not a ${definition.title} action: ${errors.join('; ')}`, { errors });
      if (!game.activeSeats.includes(seat)) throw unprocessable('NOT_YOUR_TURN', `It is not your turn (waiting for seat ${game.activeSeats.join(', ') || 'nobody'}).`);
      const applied = definition.apply(game.state, seat, input.action);
      if (isRuleError(applied)) throw unprocessable(`RULE_VIOLATION/${applied.code}`, applied.message, { rule: applied.code });
      // A player who acts is back: their missed-deadline count restarts and a bot standing in for them steps aside.
      const held = game.seats[seat]!;
      let seats = game.seats;
      if (held.timeouts > 0 || held.bot !== null) {
        await locked.updateSeat(seat, { timeouts: 0, bot: null });
        seats = game.seats.map((entry) => (entry.seat === seat ? { ...entry, timeouts: 0, bot: null } : entry));
      }
      const moved = await commitEvent(ctx, definition, game, locked, { seat, actorId: principal.userId, kind: 'action', action: input.action, applied, seats });
      const answer = { version: moved.version, view: definition.view(applied.state, seat), log: visibleLog(applied.log, seat) };
      if (input.idempotencyKey) await locked.saveIdempotentResponse({ userId: principal.userId, key: input.idempotencyKey, requestHash, response: answer });
      return [{ ...answer, replayed: false }, moved];
    });
  } catch (error) {
    // Two retries with one key raced: the loser's transaction rolled back; answer as the winner did.
    if (input.idempotencyKey && isUniqueViolation(error)) {
      const earlier = await storedAnswer(ctx, principal, input.idempotencyKey, requestHash);
      if (earlier) return earlier;
    }
    throw error;
  }
  await afterCommit(ctx, change);
  return result;
}

export async function legalActions(ctx: ServiceContext, principal: Principal, gameId: string): Promise<{ version: number; seat: number; actions: unknown[] }> {
  const game = await loadGame(ctx, gameId);
  const seat = requireSeat(game, principal);
  if (game.status !== 'active') return { version: game.version, seat, actions: [] };
  const definition = definitionFor(ctx, game);
  const actions = game.activeSeats.includes(seat) ? definition.legalActions(game.state, seat) : [];
  return { version: game.version, seat, actions };
}
