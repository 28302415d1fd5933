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
  /**
   * Format 3: when the game came to the server that wrote the record from another record (an
   * admin's import), else null. Its `seedCommitment` was published then, after the deal was known:
   * such a record replays, but proves nothing about the deal (verdict `commitment-after-deal`).
   * Absent from older formats, which cannot say (docs/fairness.md §6).
   */
  importedAt?: string | null;
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

export const RECORD_FORMAT = 'boardgame-record/3';
/**
 * Formats this reader still verifies: `boardgame-record/2` (no `importedAt`: it cannot say whether
 * the game was imported), `boardgame-record/1` (no client seeds: derivation 1) and the records
 * downloaded before the format carried seats, time control and event times.
 */
export const EARLIER_FORMATS = ['boardgame-record/2', 'boardgame-record/1', 'boardgame-server/game-record@1'] as const;

/**
 * What a record proves (docs/fairness.md §6):
 * - `fair`: the commitment was published at creation, before any client seed and the deal, and the
 *   whole game replays from the revealed seed to the recorded end;
 * - `commitment-after-deal`: it all replays, but the game was imported, so its commitment was
 *   published after the deal was known: nothing about the deal is proved;
 * - `not-verified`: a check failed (the failing check says which).
 */
export type RecordVerdict = 'fair' | 'commitment-after-deal' | 'not-verified';

export interface RecordCheck {
  /** True only for the verdict `fair`. */
  ok: boolean;
  verdict: RecordVerdict;
  /** Every check made, in order, with its finding (the first failed one ends the list). */
  checks: { check: string; ok: boolean; detail?: string }[];
}

/**
 * What the record's end must look like for its status: a record binds its own end, so one with its
 * trailing events cut off fails. Null when it does; else what is wrong. The server only publishes
 * records of games that are over, so only `finished` and `aborted` records verify.
 */
function endProblem(record: GameRecordExport, outcome: unknown): string | null {
  const last = record.events.at(-1);
  const abandoned = (record.result as { abandoned?: boolean } | null)?.abandoned === true;
  if (record.status === 'aborted') return last?.kind === 'abort' ? null : 'an aborted game\'s record ends with its abort event';
  if (record.status !== 'finished') return `only a game that is over has a record to verify (status ${String(record.status)})`;
  if (abandoned) return last?.kind === 'resign' ? null : 'an abandoned game\'s record ends with the resignation that closed it';
  return outcome !== null ? null : 'the events do not end the game: the record is cut short';
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
 * replays from the deal seed under the recorded rules version, the replay ends in the recorded
 * state and result, and the events end the game as its status says. A record of an imported game
 * that passes every check gets the verdict `commitment-after-deal`, never `fair`. Pure: the
 * server's tests, scripts/verify-record.ts and the package's CLI run it.
 */
export function verifyRecord(catalog: Record<string, AnyGameDefinition>, record: GameRecordExport): RecordCheck {
  const checks: RecordCheck['checks'] = [];
  const check = (name: string, ok: boolean, detail?: string) => {
    checks.push(detail === undefined ? { check: name, ok } : { check: name, ok, detail });
    return ok;
  };
  const done = (): RecordCheck => {
    const ok = checks.every((entry) => entry.ok);
    const verdict: RecordVerdict = !ok ? 'not-verified' : typeof record.importedAt === 'string' ? 'commitment-after-deal' : 'fair';
    return { ok: verdict === 'fair', verdict, checks };
  };
  const formats: readonly string[] = [RECORD_FORMAT, ...EARLIER_FORMATS];
  if (!check('format', formats.includes(record.format), `expected ${RECORD_FORMAT}, got ${String(record.format)}`)) return done();
  const saysImported = record.importedAt === null || (typeof record.importedAt === 'string' && !Number.isNaN(Date.parse(record.importedAt)));
  if (!check('imported', record.format !== RECORD_FORMAT || saysImported, `a ${RECORD_FORMAT} record says whether the game was imported: importedAt is a date and time or null`)) return done();
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
  const outcome = definition!.outcome(final);
  const expected = record.status === 'aborted' ? null : abandoned ? record.result : outcome;
  if (!check('result', canonicalJson(expected) === canonicalJson(record.result), abandoned ? undefined : 'the replayed outcome differs from the recorded result')) return done();
  const cut = endProblem(record, outcome);
  check('end', cut === null, cut ?? undefined);
  return done();
}
