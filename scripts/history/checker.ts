/**
 * The history checker: given every request and answer of a run (recorder.ts) and each game as it is
 * stored at the end (its admin record and verify verdict), find the anomalies. Pure: the unit test
 * feeds it hand-made histories.
 *
 * Every event of a game's log written for an account (a move, a take-back, a resignation, an
 * admin's abort, seat replacement or rules migration) must be explained by one request:
 *   - an acknowledged (2xx) write must be in the log exactly once, where its answer says;
 *   - a request with no answer (connection cut, 503) may be in the log, at most once;
 *   - a refused (4xx) write must not be there: an event nothing explains is a refused write that
 *     landed, or a duplicate of an acknowledged one.
 * Events of bots and deadlines (no account) are not requests: admin verify vouches for them.
 * Besides: the seats equal the acknowledged joins and leaves; every started game passes verify;
 * the versions one client saw never go back; the copies of one Idempotency-Key agree (all
 * acknowledged copies give one answer; none is refused once its write landed, except with a
 * 409 that says the key is still in flight); no answer is a 5xx other than 503.
 */
import { isInFlightRefusal, type AdminEvent, type GameSnapshot } from './api.js';
import type { Operation } from './recorder.js';

export interface Anomaly {
  kind: AnomalyKind;
  gameId: string | null;
  detail: string;
  /** Ids of the operations involved. */
  ops: number[];
}

export type AnomalyKind =
  | 'lost-write' // acknowledged, not in the log (or not where its answer said)
  | 'duplicate-write' // in the log more often than requested
  | 'refused-write-landed' // an event no acknowledged or unanswered request explains
  | 'acknowledged-twice' // two acknowledged writes claim one event
  | 'seats-disagree' // seats differ from the acknowledged joins and leaves
  | 'verify-failed'
  | 'version-went-back'
  | 'idempotent-answers-disagree'
  | 'idempotent-copy-refused' // refused although its key's write landed
  | 'server-error'
  | 'start-misplaced'; // a started game's log does not begin with exactly one start event (seq 1), or an open game has one

/** JSON with sorted keys: the action as submitted and as logged compare equal whatever the key order. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.keys(value).sort().map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The seat of `/v1/admin/games/:id/seats/:seat/bot`. */
const seatInPath = (op: Operation) => Number(/\/seats\/(\d+)\//.exec(op.path)?.[1]);

const versionOf = (op: Operation): number | null => (op.outcome === 'ok' && typeof op.answer?.version === 'number' ? op.answer.version : null);

/**
 * One logical write: the copies of one Idempotency-Key (per account and game), or one request
 * without a key. Acknowledged if any copy is; unknown if none is and one had no answer.
 */
interface Write {
  copies: Operation[];
  acked: Operation[];
  unknown: boolean;
}

function writesOf(ops: Operation[]): Write[] {
  const byKey = new Map<string, Operation[]>();
  const writes: Operation[][] = [];
  for (const op of ops) {
    if (!op.idempotencyKey) {
      writes.push([op]);
      continue;
    }
    const key = `${op.userId}\u0000${op.idempotencyKey}`;
    if (!byKey.has(key)) writes.push(byKey.set(key, []).get(key)!);
    byKey.get(key)!.push(op);
  }
  return writes.map((copies) => {
    const acked = copies.filter((op) => op.outcome === 'ok');
    return { copies, acked, unknown: acked.length === 0 && copies.some((op) => op.outcome === 'unknown') };
  });
}

class Findings {
  readonly list: Anomaly[] = [];
  add(kind: AnomalyKind, gameId: string | null, detail: string, ops: Operation[]) {
    this.list.push({ kind, gameId, detail, ops: ops.map((op) => op.id) });
  }
}

/**
 * Matches the events to the writes that explain them. `eventOf` names the event an acknowledged
 * write's answer points at (null: any event that `fits` it); an unanswered write may explain one
 * event that fits it. What is left over is reported.
 */
function explain(found: Findings, gameId: string, label: string, events: AdminEvent[], writes: Write[], fits: (write: Write, event: AdminEvent) => boolean, eventOf: (write: Write) => number | null) {
  const explainedBy = new Map<number, Write>();
  const unexplained = new Set(events.map((event) => event.seq));
  for (const write of writes.filter((entry) => entry.acked.length > 0)) {
    const wanted = eventOf(write);
    const event = wanted === null ? events.find((entry) => unexplained.has(entry.seq) && fits(write, entry)) : events.find((entry) => entry.seq === wanted);
    if (!event || !fits(write, event)) {
      found.add('lost-write', gameId, `acknowledged ${label}${wanted === null ? '' : ` (answered version ${wanted})`} is not in the log`, write.copies);
      continue;
    }
    const other = explainedBy.get(event.seq);
    if (other) {
      found.add('acknowledged-twice', gameId, `two acknowledged ${label}s both answered event ${event.seq}`, [...other.copies, ...write.copies]);
      continue;
    }
    explainedBy.set(event.seq, write);
    unexplained.delete(event.seq);
  }
  for (const write of writes.filter((entry) => entry.unknown)) {
    const event = events.find((entry) => unexplained.has(entry.seq) && fits(write, entry));
    if (!event) continue;
    explainedBy.set(event.seq, write);
    unexplained.delete(event.seq);
  }
  for (const seq of unexplained) {
    const event = events.find((entry) => entry.seq === seq)!;
    // A second copy of something acknowledged, or a write that was refused (or never sent) yet landed.
    const twin = writes.find((write) => (write.acked.length > 0 || write.unknown) && fits(write, event));
    if (twin) found.add('duplicate-write', gameId, `event ${seq} (${label}) repeats a write already in the log`, twin.copies);
    else found.add('refused-write-landed', gameId, `event ${seq} (${label}) is explained by no acknowledged or unanswered request`, writes.filter((write) => write.copies.some((op) => op.outcome === 'refused') && fits(write, event)).flatMap((write) => write.copies));
  }
  return explainedBy;
}

function checkIdempotency(found: Findings, gameId: string, writes: Write[], explained: Set<Write>) {
  for (const write of writes) {
    if (!write.copies[0]!.idempotencyKey) continue;
    const versions = new Set(write.acked.map(versionOf));
    if (versions.size > 1) found.add('idempotent-answers-disagree', gameId, `copies of key ${write.copies[0]!.idempotencyKey} answered versions ${[...versions].join(', ')}`, write.copies);
    if (!explained.has(write)) continue;
    for (const refused of write.copies.filter((op) => op.outcome === 'refused' && !isInFlightRefusal(op))) {
      // Refused after another copy had begun, yet that copy's write is in the log: judged on the state it made.
      const earlier = write.copies.filter((op) => op !== refused && op.outcome !== 'refused' && op.start < refused.end);
      if (earlier.length > 0) found.add('idempotent-copy-refused', gameId, `a copy of key ${refused.idempotencyKey} was refused (${refused.status} ${refused.code}) although the key's write is in the log`, [refused, ...earlier]);
    }
  }
}

/** The account ids holding or having held (before an admin's replacement) a seat. */
function seatHolders(game: GameSnapshot, userIdByName: Map<string, string>): Set<string> {
  const holders = new Set(game.seatsDetail.flatMap((seat) => (seat.userId ? [seat.userId] : [])));
  for (const event of game.events) {
    const replaced = event.kind === 'replace' ? (event.action as { replaced?: string }).replaced : undefined;
    const id = replaced === undefined ? undefined : userIdByName.get(replaced);
    if (id) holders.add(id);
  }
  return holders;
}

function checkSeats(found: Findings, game: GameSnapshot, ops: Operation[], userIdByName: Map<string, string>) {
  const create = ops.find((op) => op.kind === 'create' && op.outcome === 'ok');
  if (!create) return;
  const holders = seatHolders(game, userIdByName);
  const lobbyOps = ops.filter((op) => op.kind === 'join' || op.kind === 'leave').sort((a, b) => a.start - b.start);
  const users = new Set([create.userId!, ...lobbyOps.map((op) => op.userId!)]);
  for (const user of users) {
    const mine = lobbyOps.filter((op) => op.userId === user);
    const lastAcked = mine.filter((op) => op.outcome === 'ok').at(-1);
    // Unanswered requests after the last acknowledged one leave the seat undecided.
    if (mine.some((op) => op.outcome === 'unknown' && (!lastAcked || op.end > lastAcked.start))) continue;
    const expected = lastAcked ? lastAcked.kind === 'join' : user === create.userId;
    if (expected && !holders.has(user)) found.add('seats-disagree', game.id, `acknowledged ${lastAcked ? 'join' : 'creation'} of ${user}, who holds no seat`, lastAcked ? [lastAcked] : [create]);
    if (!expected && holders.has(user)) found.add('seats-disagree', game.id, `${user} holds a seat after ${lastAcked ? 'an acknowledged leave' : 'only refused joins'}`, mine);
  }
  for (const holder of holders) {
    if (!users.has(holder)) found.add('seats-disagree', game.id, `${holder} holds a seat without ever asking for one`, []);
  }
}

/** Per client and game: a request begun after another ended sees at least the version that one saw. */
function checkVersions(found: Findings, ops: Operation[]) {
  const byClient = new Map<string, Operation[]>();
  for (const op of ops) {
    // A replayed idempotent answer repeats the original's version on purpose; undo-request answers
    // name the request's version; dry runs and creations have none to compare.
    if (versionOf(op) === null || op.answer?.replayed || op.kind.startsWith('undo-')) continue;
    const key = `${op.client}\u0000${op.gameId}`;
    if (!byClient.has(key)) byClient.set(key, []);
    byClient.get(key)!.push(op);
  }
  for (const list of byClient.values()) {
    const byEnd = [...list].sort((a, b) => a.end - b.end);
    for (const op of list) {
      const before = byEnd.filter((other) => other.end < op.start);
      const highest = before.reduce<Operation | null>((best, other) => (best === null || versionOf(other)! > versionOf(best)! ? other : best), null);
      if (highest && versionOf(op)! < versionOf(highest)!) {
        found.add('version-went-back', op.gameId, `client ${op.client} saw version ${versionOf(highest)} (op ${highest.id}), then ${versionOf(op)} (op ${op.id})`, [highest, op]);
      }
    }
  }
}

export interface CheckInput {
  operations: Operation[];
  games: GameSnapshot[];
  /** Account ids by username (admin replacements name the replaced player by username). */
  userIdByName: Map<string, string>;
}

export function checkHistory({ operations, games, userIdByName }: CheckInput): Anomaly[] {
  const found = new Findings();
  for (const op of operations) {
    if (op.outcome === 'error') found.add('server-error', op.gameId, `${op.method} ${op.path} answered ${op.status} ${op.code ?? ''}`, [op]);
  }
  const opsByGame = new Map<string, Operation[]>();
  for (const op of operations) {
    if (!op.gameId) continue;
    if (!opsByGame.has(op.gameId)) opsByGame.set(op.gameId, []);
    opsByGame.get(op.gameId)!.push(op);
  }
  for (const game of games) {
    const ops = opsByGame.get(game.id) ?? [];
    const of = (...kinds: Operation['kind'][]) => ops.filter((op) => kinds.includes(op.kind));
    const events = (kind: AdminEvent['kind']) => game.events.filter((event) => event.kind === kind);
    const explained = new Set<Write>();
    const keep = (map: Map<number, Write>) => map.forEach((write) => explained.add(write));

    // The start: event 1 of every game that started (all of them since it was an event), once; none in an open game.
    const starts = events('start');
    const startedOk = game.events.length === 0 ? starts.length === 0 : starts.length === 1 && game.events[0]!.kind === 'start' && game.events[0]!.seq === 1;
    if (!startedOk || (game.status === 'open' && starts.length > 0)) {
      found.add('start-misplaced', game.id, `start events at ${JSON.stringify(starts.map((event) => event.seq))} of ${game.events.length} events (game ${game.status})`, of('join', 'start', 'seat-bot'));
    }

    // Moves: the event at the answered version is this account's action, exactly as sent.
    const moves = writesOf(of('move'));
    keep(explain(found, game.id, 'move', events('action').filter((event) => event.actorId !== null), moves,
      (write, event) => event.actorId === write.copies[0]!.userId && canonical(event.action) === canonical((write.copies[0]!.body as { action: unknown }).action),
      (write) => versionOf(write.acked[0]!)));
    checkIdempotency(found, game.id, moves, explained);

    // Undo events: a take-back (its answer's version), or an undo request applied at once or by the
    // last approval (the answer is the request, approved: the undo takes back its `seq`).
    const undoWrites = writesOf(of('take-back', 'undo-request', 'undo-approve')).filter((write) => write.unknown || write.acked.some((op) => op.kind === 'take-back' || op.answer?.status === 'approved'));
    const approvedSeq = (write: Write) => write.acked.find((op) => op.answer?.status === 'approved')?.answer?.seq as number | undefined;
    explain(found, game.id, 'take-back', events('undo'), undoWrites,
      (write, event) => {
        const seq = approvedSeq(write);
        if (seq !== undefined) return event.undoesSeq === seq;
        const op = write.copies[0]!;
        // An unanswered undo request or approval is for a seat other than the approver's: any undo fits.
        return op.kind === 'take-back' ? event.actorId === op.userId : true;
      },
      (write) => (write.acked[0]!.kind === 'take-back' ? versionOf(write.acked[0]!) : null));

    // Resignations: one per account at most, there iff acknowledged (or unanswered).
    explain(found, game.id, 'resignation', events('resign'), writesOf(of('resign')), (write, event) => event.actorId === write.copies[0]!.userId, () => null);
    // Admin moderation: an abort of a running game, a seat given to a bot, a rules migration.
    const aborts = writesOf(of('abort')).filter((write) => write.unknown || write.acked.length > 0);
    const abortEvents = events('abort');
    const startedAborts = abortEvents.length > 0 ? aborts : aborts.filter((write) => write.unknown);
    explain(found, game.id, 'abort', abortEvents, startedAborts, () => true, () => null);
    if (aborts.some((write) => write.acked.length > 0) && game.status !== 'aborted') found.add('lost-write', game.id, `acknowledged abort, but the game is ${game.status}`, aborts.flatMap((write) => write.copies));
    explain(found, game.id, 'seat replacement', events('replace'), writesOf(of('replace-seat')), (write, event) => event.seat === seatInPath(write.copies[0]!), () => null);
    // A dry run changes nothing; an open game just takes the newest rules (its answer's version stays 0).
    const migrations = writesOf(of('migrate-rules').filter((op) => !op.path.includes('dryRun=true') && !(op.outcome === 'ok' && op.answer?.version === 0)));
    explain(found, game.id, 'rules migration', events('rules'), migrations, () => true, (write) => versionOf(write.acked[0]!));

    checkSeats(found, game, ops, userIdByName);
    if (game.verify && !game.verify.ok) found.add('verify-failed', game.id, `admin verify: ${JSON.stringify(game.verify.divergence)}`, []);
  }
  checkVersions(found, operations);
  return found.list;
}

/** Anomalies counted by kind, for summaries. */
export function countByKind(anomalies: Anomaly[]): Map<AnomalyKind, number> {
  const counts = new Map<AnomalyKind, number>();
  for (const anomaly of anomalies) counts.set(anomaly.kind, (counts.get(anomaly.kind) ?? 0) + 1);
  return counts;
}
