import { canonicalJson, stateHash } from './canonical.js';
import { CLIENT_SEED_PATTERN, SEED_DERIVATIONS, isClientSeed, seedCommitment, setupInputOf } from './deal.js';
import { walkLog, type EventKind } from './log-walk.js';
import { ReplayError } from './replay.js';
import type { AnyGameDefinition } from './types.js';
import { servesVersion } from './versions.js';

/**
 * The portable record of a game: everything needed to replay it (server seed, client seeds, seed
 * derivation, options, rules version, seats, every event with its action and time) and what it
 * must come to. The public record of a finished or aborted game (GET /v1/games/:id/record), the
 * admin's export and import, and the verifier CLI of the `boardgame-rules` package all use this
 * one format, versioned so a reader can refuse what it does not understand. docs/fairness.md
 * specifies how to check it.
 */
export interface GameRecordExport {
  format: typeof RECORD_FORMAT | (typeof EARLIER_FORMATS)[number];
  /** The game's id on the server that wrote the record (an import gets a new one). */
  id: string;
  type: string;
  rulesVersion: number;
  seatCount: number;
  options: unknown;
  seedCommitment: string;
  /** The server seed, committed to at creation. */
  seed: string;
  /** How the deal seed comes from `seed` and `clientSeeds` (deal.ts); 1 when absent (older records). */
  seedDerivation?: number;
  /** The seats' client seeds in seat order (null: none given); null for derivation 1. */
  clientSeeds?: (string | null)[] | null;
  /** Who played each seat: an account's name (null: nobody, or a bot from the start) and the bot playing it at the end. */
  seats: { seat: number; username: string | null; bot: string | null }[];
  timeControl: unknown;
  status: 'open' | 'active' | 'finished' | 'aborted';
  events: RecordEvent[];
  /** stateHash (canonical.ts) of the final state. */
  finalStateHash: string;
  result: unknown;
}

export interface RecordEvent {
  seq: number;
  kind: EventKind;
  seat: number | null;
  undoesSeq: number | null;
  action: unknown;
  /** When it happened (ISO 8601). */
  at: string;
}

export const RECORD_FORMAT = 'boardgame-record/2';
/**
 * Formats this reader still verifies: `boardgame-record/1` (no client seeds: derivation 1) and the
 * records downloaded before the format carried seats, time control and event times.
 */
export const EARLIER_FORMATS = ['boardgame-record/1', 'boardgame-server/game-record@1'] as const;

export interface RecordCheck {
  ok: boolean;
  /** Every check made, in order, with its finding (the first failed one ends the list). */
  checks: { check: string; ok: boolean; detail?: string }[];
}

/** What is wrong with a record's seed derivation and client seeds, or null (the import checks it too). */
export function seedsProblem(record: Pick<GameRecordExport, 'seedDerivation' | 'clientSeeds' | 'seatCount'>): string | null {
  const derivation = record.seedDerivation ?? 1;
  if (!SEED_DERIVATIONS.includes(derivation as 1 | 2)) return `unknown seed derivation ${String(derivation)}`;
  const clientSeeds = record.clientSeeds ?? null;
  if (derivation === 1) return clientSeeds === null ? null : 'derivation 1 takes no client seeds';
  if (!Array.isArray(clientSeeds) || clientSeeds.length !== record.seatCount) return `derivation 2 needs one client seed (or null) per seat: ${record.seatCount}`;
  const bad = clientSeeds.findIndex((seed) => seed !== null && !isClientSeed(seed));
  return bad < 0 ? null : `the client seed of seat ${bad} does not match ${CLIENT_SEED_PATTERN}`;
}

/**
 * Checks a record with nothing but the rules: the server seed matches the commitment, every event
 * replays from the deal seed under the recorded rules version, and the replay ends in the recorded
 * state and result. Pure: the server's tests, scripts/verify-record.ts and the package's CLI run it.
 */
export function verifyRecord(catalog: Record<string, AnyGameDefinition>, record: GameRecordExport): RecordCheck {
  const checks: RecordCheck['checks'] = [];
  const check = (name: string, ok: boolean, detail?: string) => {
    checks.push(detail === undefined ? { check: name, ok } : { check: name, ok, detail });
    return ok;
  };
  const done = () => ({ ok: checks.every((entry) => entry.ok), checks });
  const formats: readonly string[] = [RECORD_FORMAT, ...EARLIER_FORMATS];
  if (!check('format', formats.includes(record.format), `expected ${RECORD_FORMAT}, got ${String(record.format)}`)) return done();
  const problem = seedsProblem(record);
  if (!check('client seeds', problem === null, problem ?? undefined)) return done();
  if (!check('commitment', seedCommitment(record.seed) === record.seedCommitment, 'SHA-256 of the seed is not the published commitment')) return done();
  const definition = catalog[record.type];
  if (!check('rules', definition !== undefined && servesVersion(definition, record.rulesVersion), `no rules for ${record.type} version ${record.rulesVersion}`)) return done();
  let final: unknown;
  try {
    final = walkLog(definition!, setupInputOf(record), record.events.map((event) => ({ ...event, undoesSeq: event.undoesSeq ?? null }))).state;
    check('replay', true);
  } catch (error) {
    if (!(error instanceof ReplayError)) throw error;
    check('replay', false, `event ${record.events[error.index]?.seq}: ${error.code}: ${error.message}`);
    return done();
  }
  if (!check('final state', stateHash(final) === record.finalStateHash, 'the replay ends in another state than the recorded one (finalStateHash)')) return done();
  const abandoned = (record.result as { abandoned?: boolean } | null)?.abandoned === true;
  const expected = record.status === 'aborted' ? null : abandoned ? record.result : definition!.outcome(final);
  check('result', canonicalJson(expected) === canonicalJson(record.result), abandoned ? undefined : 'the replayed outcome differs from the recorded result');
  return done();
}
