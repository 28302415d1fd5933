import type { Principal } from '../auth/tokens.js';
import { canonicalJson, stateHash } from '../engine/canonical.js';
import { ReplayError } from '../engine/replay.js';
import type { AnyGameDefinition } from '../engine/types.js';
import { servesVersion } from '../engine/versions.js';
import { conflict } from '../errors.js';
import type { EventRecord } from '../store/games.js';
import type { ServiceContext } from './context.js';
import { seedCommitment } from './fairness.js';
import { allEvents } from './history.js';
import { loadVisibleGame } from './lobby.js';
import { setupInputOf, walkLog } from './timeline.js';

/**
 * The public record of a finished game: everything needed to replay it (seed, options, rules
 * version, every event with its action) and what it must come to. The format is versioned so a
 * verifier can refuse what it does not understand.
 */
export interface GameRecordExport {
  format: typeof RECORD_FORMAT;
  id: string;
  type: string;
  rulesVersion: number;
  seatCount: number;
  options: unknown;
  seedCommitment: string;
  seed: string;
  events: { seq: number; kind: string; seat: number | null; undoesSeq: number | null; action: unknown }[];
  /** stateHash (engine/canonical.ts) of the final state. */
  finalStateHash: string;
  result: unknown;
}

export const RECORD_FORMAT = 'boardgame-server/game-record@1';

/** The record of a finished game the caller may see; refused before the end (the seed is still secret). */
export async function exportRecord(ctx: ServiceContext, principal: Principal | null, gameId: string): Promise<GameRecordExport> {
  const game = await loadVisibleGame(ctx, gameId, principal);
  if (game.status !== 'finished') throw conflict('GAME_NOT_FINISHED', 'The record, and the seed in it, are published once the game is over.');
  const events = await allEvents(ctx, gameId);
  return {
    format: RECORD_FORMAT, id: game.id, type: game.type, rulesVersion: game.rulesVersion, seatCount: game.seatCount, options: game.options,
    seedCommitment: seedCommitment(game.seed), seed: game.seed,
    events: events.map(({ seq, kind, seat, undoesSeq, action }) => ({ seq, kind, seat, undoesSeq, action })),
    finalStateHash: stateHash(game.state), result: game.result,
  };
}

export interface RecordCheck {
  ok: boolean;
  /** Every check made, in order, with its finding (the first failed one ends the list). */
  checks: { check: string; ok: boolean; detail?: string }[];
}

/**
 * Checks a record with nothing but the rules: the seed matches the commitment, every event replays
 * under the recorded rules version, and the replay ends in the recorded state and result. Pure (no
 * database): scripts/verify-record.ts runs it on a downloaded record.
 */
export function verifyRecord(catalog: Record<string, AnyGameDefinition>, record: GameRecordExport): RecordCheck {
  const checks: RecordCheck['checks'] = [];
  const check = (name: string, ok: boolean, detail?: string) => {
    checks.push(detail === undefined ? { check: name, ok } : { check: name, ok, detail });
    return ok;
  };
  const done = () => ({ ok: checks.every((entry) => entry.ok), checks });
  if (!check('format', record.format === RECORD_FORMAT, `expected ${RECORD_FORMAT}, got ${String(record.format)}`)) return done();
  if (!check('commitment', seedCommitment(record.seed) === record.seedCommitment, 'SHA-256 of the seed is not the published commitment')) return done();
  const definition = catalog[record.type];
  if (!check('rules', definition !== undefined && servesVersion(definition, record.rulesVersion), `no rules for ${record.type} version ${record.rulesVersion}`)) return done();
  let final: unknown;
  try {
    const events = record.events.map((event) => ({ ...event, kind: event.kind as EventRecord['kind'], actorId: null, log: [], irreversible: false, createdAt: new Date(0) }));
    final = walkLog(definition!, setupInputOf(record), events).state;
    check('replay', true);
  } catch (error) {
    if (!(error instanceof ReplayError)) throw error;
    check('replay', false, `event ${record.events[error.index]?.seq}: ${error.code}: ${error.message}`);
    return done();
  }
  if (!check('final state', stateHash(final) === record.finalStateHash, 'the replay ends in another state than the recorded one')) return done();
  const abandoned = (record.result as { abandoned?: boolean } | null)?.abandoned === true;
  const expected = abandoned ? record.result : definition!.outcome(final);
  check('result', canonicalJson(expected) === canonicalJson(record.result), abandoned ? undefined : 'the replayed outcome differs from the recorded result');
  return done();
}
