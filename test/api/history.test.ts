import { describe, expect, inject, it } from 'vitest';
import { runHistoryCheck } from '../../scripts/history/workload.js';
import { eventCounts, operationCounts, summarize } from '../../scripts/history/summary.js';
import type { OpKind } from '../../scripts/history/recorder.js';

/**
 * The history checker in the suite (the short form of `npm run soak`): clients play a random mix
 * of every write there is over many games on two real server processes (`node --import tsx
 * src/main.ts`) sharing a fresh database, one process is SIGKILLed and restarted mid-run, and
 * then every game is read back and checked (scripts/history/checker.ts): no acknowledged write
 * lost or doubled, no refused write in a log, seats as joined and left, every game verifies,
 * versions never go back for a client, the copies of an Idempotency-Key agree.
 *
 * It must also show that the mix ran: each kind of write acknowledged at least so often (the run
 * goes on past 30 s until it was, up to 90 s on a machine loaded so much that requests take seconds), bot and deadline moves in the logs, requests
 * left unanswered by the kill. Kept modest for the suite: 8 clients with a pause between steps.
 */
const MINIMUMS: Partial<Record<OpKind, number>> = {
  create: 3, join: 3, move: 10, 'take-back': 1, 'undo-request': 1, resign: 1,
  abort: 1, 'replace-seat': 1, 'migrate-rules': 1,
};

describe('history check: two processes, one SIGKILLed, a random mix of writes', () => {
  it('finds no anomaly, and every kind of write really ran', async () => {
    const result = await runHistoryCheck({
      seconds: 30, minimums: { maxSeconds: 90, acknowledged: MINIMUMS }, killEverySeconds: 12,
      clients: 8, liveGames: 6, thinkMs: 40, serverUrl: inject('adminDatabaseUrl'), say: (line) => console.log(`[history] ${line}`),
    });
    const summary = summarize(result);
    console.log(summary);

    expect(result.clientErrors).toEqual([]);
    expect(result.anomalies, summary).toEqual([]);

    const ops = operationCounts(result);
    const acknowledged = Object.fromEntries(Object.keys(MINIMUMS).map((kind) => [kind, ops.get(kind as OpKind)?.ok ?? 0]));
    for (const [kind, minimum] of Object.entries(MINIMUMS)) expect(acknowledged[kind], `${kind} acknowledged`).toBeGreaterThanOrEqual(minimum!);
    // Idempotent copies sent at once, refusals, and requests the kill left without an answer.
    const keyed = result.operations.filter((op) => op.idempotencyKey);
    expect(keyed.filter((op) => keyed.some((other) => other !== op && other.idempotencyKey === op.idempotencyKey && other.start < op.end && op.start < other.end)).length).toBeGreaterThan(0);
    expect(result.operations.filter((op) => op.kind !== 'read' && op.outcome === 'refused').length).toBeGreaterThan(0);
    expect(result.kills).toBeGreaterThanOrEqual(1);
    expect(result.games.filter((game) => game.verify !== null).length).toBeGreaterThan(3);
    const events = eventCounts(result);
    expect(events.get('action (bot)') ?? 0, 'bot moves').toBeGreaterThan(0);
    expect(events.get('timeout') ?? 0, 'deadlines that passed').toBeGreaterThan(0);
  }, 600_000);
});
