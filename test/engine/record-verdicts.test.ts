import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { stateHash } from '../../src/engine/canonical.js';
import { seedCommitment, setupInputOf } from '../../src/engine/deal.js';
import { walkLog } from '../../src/engine/log-walk.js';
import { RECORD_FORMAT, verifyRecord, type GameRecordExport, type RecordEvent } from '../../src/engine/record.js';
import { games } from '../../src/games/index.js';

/**
 * What a record proves (docs/fairness.md §6): the verdict `fair` only when the commitment came
 * before the deal (a game played on the server that wrote the record), `commitment-after-deal` for
 * an imported game however well it replays, and a record binds its own end: with its trailing
 * events cut off it fails. Records of the formats published before still verify as they did.
 */
interface Fixture { rulesVersion?: number; seats: number; options: unknown; seed: string; actions: { seat: number; action: unknown }[]; stateHash: string; outcome: unknown }
const fixture = JSON.parse(readFileSync(new URL('../games/guild-town/fixtures/v3-two-players-random.json', import.meta.url), 'utf8')) as Fixture;
const type = 'guild-town';
const at = (index: number) => new Date(Date.UTC(2026, 0, 1, 12, 0, index)).toISOString();

/** A record of the fixture's game as a server of format `/2` published it (no `importedAt`), ending after `events`. */
function recordOf(events: RecordEvent[], status: GameRecordExport['status'], result: unknown): GameRecordExport {
  const game = { seatCount: fixture.seats, options: fixture.options, seed: fixture.seed, rulesVersion: fixture.rulesVersion ?? 1 };
  const final = walkLog(games[type]!, setupInputOf(game), events).state;
  return {
    format: 'boardgame-record/2', id: '00000000-0000-4000-8000-000000000001', type, ...game, seedCommitment: seedCommitment(fixture.seed),
    seats: Array.from({ length: fixture.seats }, (_, seat) => ({ seat, username: `player${seat}`, bot: null })),
    timeControl: { kind: 'none' }, status, events, finalStateHash: stateHash(final), result,
  };
}

const moves: RecordEvent[] = fixture.actions.map(({ seat, action }, index) => ({ seq: index + 1, kind: 'action', seat, undoesSeq: null, action, at: at(index) }));
const finished = recordOf(moves, 'finished', fixture.outcome);
const abortAt = 12;
const aborted = recordOf([...moves.slice(0, abortAt), { seq: abortAt + 1, kind: 'abort', seat: null, undoesSeq: null, action: { type: 'abort' }, at: at(abortAt) }], 'aborted', null);
const failed = (record: GameRecordExport) => verifyRecord(games, record).checks.find((check) => !check.ok);

describe('record verdicts', () => {
  it('a record published before format 3 (no importedAt) verifies as fair, finished or aborted, as it did', () => {
    expect(finished.finalStateHash).toBe(fixture.stateHash);
    for (const record of [finished, aborted]) {
      expect(verifyRecord(games, record), record.status).toMatchObject({ ok: true, verdict: 'fair' });
    }
  });

  it(`a ${RECORD_FORMAT} record of a game played here is fair; of an imported game, "commitment made after the deal", never fair`, () => {
    const played: GameRecordExport = { ...finished, format: RECORD_FORMAT, importedAt: null };
    expect(verifyRecord(games, played)).toMatchObject({ ok: true, verdict: 'fair' });
    const imported = { ...played, importedAt: '2026-11-28T13:00:00.000Z' };
    const verdict = verifyRecord(games, imported);
    expect(verdict).toMatchObject({ ok: false, verdict: 'commitment-after-deal' });
    // Everything replays: the verdict is about when the commitment was made, nothing else.
    expect(verdict.checks.every((check) => check.ok)).toBe(true);
    // A format-3 record must say whether it was imported: dropping the field does not make it fair.
    const { importedAt: _dropped, ...silent } = imported;
    expect(verifyRecord(games, silent)).toMatchObject({ ok: false, verdict: 'not-verified' });
    expect(failed(silent)?.check).toBe('imported');
  });

  it('a record binds its end: cutting a trailing abort, or relabelling a cut record, fails', () => {
    const withoutAbort = { ...aborted, events: aborted.events.slice(0, -1) };
    expect(verifyRecord(games, withoutAbort)).toMatchObject({ ok: false, verdict: 'not-verified' });
    expect(failed(withoutAbort)).toMatchObject({ check: 'end', detail: expect.stringMatching(/abort/) });
    // The same cut record calling itself finished, or still running, does not verify either.
    expect(verifyRecord(games, { ...withoutAbort, status: 'finished' }).ok).toBe(false);
    expect(failed({ ...withoutAbort, status: 'finished' })?.check).toBe('end');
    expect(failed({ ...withoutAbort, status: 'active' })?.check).toBe('end');
    // A finished game cut before its last move (the hash and result recomputed to match) is cut short.
    const cut = recordOf(moves.slice(0, -1), 'finished', null);
    expect(failed(cut)).toMatchObject({ check: 'end', detail: expect.stringMatching(/cut short/) });
  });
});
