import { describe, expect, it } from 'vitest';
import type { AdminEvent, GameSnapshot } from '../../scripts/history/api.js';
import { checkHistory, type AnomalyKind } from '../../scripts/history/checker.js';
import type { Operation } from '../../scripts/history/recorder.js';

/**
 * The history checker (scripts/history/checker.ts) on hand-made histories: it must find a lost
 * write, a duplicated write, a refused write that landed, a version going back, an idempotent copy
 * refused after its write landed, a failed verify, a lost join and a misplaced start; and it must pass a history where
 * everything is in order, unanswered requests included (allowed either way, at most once).
 */
const GAME = '00000000-0000-4000-8000-000000000001';
const ALICE = 'alice-id';
const BOB = 'bob-id';
const CAROL = 'carol-id';
const users = new Map([['alice', ALICE], ['bob', BOB], ['carol', CAROL]]);

function historyOf(entries: Partial<Operation>[]): Operation[] {
  let clock = 0;
  return entries.map((entry, id) => {
    const start = entry.start ?? (clock += 10);
    return {
      id, kind: 'move', client: entry.userId ?? 'admin', userId: null, gameId: GAME, method: 'POST', path: `/v1/games/${GAME}/actions`, server: 'A',
      start, end: entry.end ?? start + 5, status: 201, outcome: 'ok', ...entry,
    } as Operation;
  });
}

const create: Partial<Operation> = { kind: 'create', userId: ALICE, path: '/v1/games', answer: { id: GAME, version: 0 } };
const join = (userId: string): Partial<Operation> => ({ kind: 'join', userId, path: `/v1/games/${GAME}/join`, status: 200, answer: { version: 0 } });
const move = (userId: string, action: unknown, answer: number | { status: number; code: string } | 'unknown', extra: Partial<Operation> = {}): Partial<Operation> => ({
  userId, body: { action },
  ...(answer === 'unknown' ? { status: null, outcome: 'unknown', failure: 'socket hang up' } : typeof answer === 'number' ? { answer: { version: answer } } : { status: answer.status, code: answer.code, outcome: 'refused' }),
  ...extra,
});
/** Event 1 of every started game. */
const START: AdminEvent = { seq: 1, seat: null, actorId: null, kind: 'start', undoesSeq: null, action: { type: 'start' } };
const event = (seq: number, actorId: string | null, action: unknown, kind: AdminEvent['kind'] = 'action'): AdminEvent => ({ seq, seat: null, actorId, kind, undoesSeq: null, action });
const game = (events: AdminEvent[], seats: (string | null)[], verifyOk = true): GameSnapshot => ({
  id: GAME, status: 'active', version: events.length, rulesVersion: 2, events,
  seatsDetail: seats.map((userId, seat) => ({ seat, userId, bot: null, resigned: false })),
  verify: { ok: verifyOk, divergence: verifyOk ? null : { atEvent: 2, reason: 'state differs' } },
});

describe('the history checker', () => {
  it('passes a history in which every acknowledged write is logged once and nothing refused landed', () => {
    const operations = historyOf([
      create, join(BOB),
      move(ALICE, { type: 'a' }, 2),
      move(BOB, { type: 'b' }, { status: 409, code: 'STALE_VERSION' }),
      move(BOB, { type: 'b' }, 3),
      // Unanswered (the process was killed): it landed, and its retry with the key got the original's answer.
      move(ALICE, { type: 'c' }, 'unknown', { idempotencyKey: 'k1' }),
      move(ALICE, { type: 'c' }, 4, { idempotencyKey: 'k1', answer: { version: 4, replayed: true } }),
      // Two copies at once: one applied, the other told the key is in flight; a later retry replays v5.
      move(BOB, { type: 'd' }, 5, { idempotencyKey: 'k2', start: 200, end: 220 }),
      move(BOB, { type: 'd' }, { status: 409, code: 'IDEMPOTENCY_KEY_IN_FLIGHT' }, { idempotencyKey: 'k2', start: 201, end: 205 }),
      move(BOB, { type: 'd' }, 5, { idempotencyKey: 'k2', start: 300, end: 305, answer: { version: 5, replayed: true } }),
      // Unanswered and never landed: allowed too.
      move(ALICE, { type: 'e' }, 'unknown'),
      { kind: 'read', userId: ALICE, method: 'GET', start: 400, end: 401, status: 200, answer: { version: 5 } },
    ]);
    const events = [START, event(2, ALICE, { type: 'a' }), event(3, BOB, { type: 'b' }), event(4, ALICE, { type: 'c' }), event(5, BOB, { type: 'd' }), event(6, null, { type: 'bot' })];
    expect(checkHistory({ operations, games: [game(events, [ALICE, BOB])], userIdByName: users })).toEqual([]);
  });

  it('reports a lost write, a duplicated write, a refused write that landed and a version going back', () => {
    const operations = historyOf([
      create, join(BOB),
      move(ALICE, { type: 'a' }, 2),
      move(BOB, { type: 'b' }, 3), // lost: event 3 is someone else's
      move(ALICE, { type: 'c' }, 4, { idempotencyKey: 'k1' }), // logged twice (4 and 5)
      move(BOB, { type: 'd' }, { status: 422, code: 'NOT_YOUR_TURN' }), // refused, yet event 6
      { kind: 'read', userId: ALICE, method: 'GET', start: 500, end: 510, status: 200, answer: { version: 6 } },
      { kind: 'read', userId: ALICE, method: 'GET', start: 520, end: 530, status: 200, answer: { version: 4 } },
    ]);
    const events = [START, event(2, ALICE, { type: 'a' }), event(3, null, { type: 'bot' }), event(4, ALICE, { type: 'c' }), event(5, ALICE, { type: 'c' }), event(6, BOB, { type: 'd' })];
    const anomalies = checkHistory({ operations, games: [game(events, [ALICE, BOB])], userIdByName: users });
    const kinds = anomalies.map((anomaly) => anomaly.kind).sort();
    expect(kinds).toEqual<AnomalyKind[]>(['duplicate-write', 'lost-write', 'refused-write-landed', 'version-went-back']);
    // Each names its game and the requests involved.
    expect(anomalies.find((anomaly) => anomaly.kind === 'lost-write')).toMatchObject({ gameId: GAME, ops: [3] });
    expect(anomalies.find((anomaly) => anomaly.kind === 'duplicate-write')).toMatchObject({ ops: [4] });
    expect(anomalies.find((anomaly) => anomaly.kind === 'refused-write-landed')).toMatchObject({ ops: [5] });
    expect(anomalies.find((anomaly) => anomaly.kind === 'version-went-back')).toMatchObject({ ops: [6, 7] });
  });

  it('reports an idempotent copy refused after its write landed, disagreeing answers, a failed verify and a lost join', () => {
    const operations = historyOf([
      create, join(BOB), join(CAROL),
      move(ALICE, { type: 'a' }, 2, { idempotencyKey: 'k1', start: 100, end: 120 }),
      move(ALICE, { type: 'a' }, { status: 409, code: 'STALE_VERSION' }, { idempotencyKey: 'k1', start: 101, end: 125 }),
      move(BOB, { type: 'b' }, 3, { idempotencyKey: 'k2', start: 200, end: 220 }),
      move(BOB, { type: 'b' }, 4, { idempotencyKey: 'k2', start: 201, end: 230 }),
    ]);
    const events = [START, event(2, ALICE, { type: 'a' }), event(3, BOB, { type: 'b' }), event(4, BOB, { type: 'b' })];
    const kinds = checkHistory({ operations, games: [game(events, [ALICE, BOB, null], false)], userIdByName: users }).map((anomaly) => anomaly.kind).sort();
    expect(kinds).toEqual<AnomalyKind[]>(['duplicate-write', 'idempotent-answers-disagree', 'idempotent-copy-refused', 'seats-disagree', 'verify-failed']);
  });

  it('reports a started game whose log does not begin with its one start event', () => {
    const operations = historyOf([create, join(BOB), move(ALICE, { type: 'a' }, 2)]);
    const check = (events: AdminEvent[]) => checkHistory({ operations, games: [game(events, [ALICE, BOB])], userIdByName: users }).map((anomaly) => anomaly.kind);
    expect(check([START, event(2, ALICE, { type: 'a' })])).toEqual([]);
    expect(check([event(2, ALICE, { type: 'a' })])).toContain('start-misplaced');
    expect(check([START, event(2, ALICE, { type: 'a' }), { ...START, seq: 3 }])).toContain('start-misplaced');
  });
});
