import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { games } from '../../src/games/index.js';
import { RECORD_FORMAT, verifyRecord } from '../../src/services/record.js';
import { loginAdmin, newUser, playFirstLegal, startedToyGame, startTestApp, type TestApp } from '../support/api.js';
import { postGraphql } from '../support/graphql.js';
import { toyGame } from '../support/toy-game.js';

/** Export and import of portable game records: replayed and verified before anything is stored. */
let t: TestApp;
let admin: { Authorization: string };
beforeAll(async () => {
  t = await startTestApp({ catalog: { ...games, toy: toyGame } });
  admin = await loginAdmin(t);
});
afterAll(async () => t?.close());

interface Fixture { rulesVersion?: number; seats: number; options: unknown; seed: string; actions: { seat: number; action: unknown }[]; stateHash: string; outcome: unknown }
/** A finished game of each type, recorded by the engine tests (the shortest one under the newest rules). */
const fixtures: Record<string, string> = {
  urbanization: 'urbanization/fixtures/v2-two-players-inventions.json',
  'construction-yard': 'construction-yard/fixtures/v2-fixture-three.json',
  'guild-town': 'guild-town/fixtures/v3-two-players-random.json',
  'milestone-city': 'milestone-city/fixtures/v2-two-greedy.json',
};
const fixture = (type: string) => JSON.parse(readFileSync(new URL(`../games/${fixtures[type]}`, import.meta.url), 'utf8')) as Fixture;

/** A record as another server would write it, from a fixture; seats get `names` (unknown names stay names). */
function recordFrom(type: string, names: (string | null)[] = []) {
  const game = fixture(type);
  return {
    format: RECORD_FORMAT, type, rulesVersion: game.rulesVersion ?? 1, options: game.options, seed: game.seed,
    seats: Array.from({ length: game.seats }, (_, seat) => ({ seat, username: names[seat] ?? null, bot: null })),
    timeControl: { kind: 'none' },
    events: game.actions.map(({ seat, action }, index) => ({ seq: index + 1, kind: 'action', seat, undoesSeq: null, action, at: new Date(Date.UTC(2026, 0, 1, 12, 0, index)).toISOString() })),
    finalStateHash: game.stateHash, result: game.outcome,
  };
}

const gameCount = async () => (await t.sql.query('SELECT count(*)::int AS n FROM games')).rows[0].n as number;
const importing = (record: unknown) => t.http.post('/v1/admin/games/import').set(admin).send(record as object);
/** A record but what a new import changes: its id and import time. */
const withoutId = ({ id: _id, importedAt: _at, ...rest }: { id: string; importedAt?: unknown }) => rest;

describe('export and import', () => {
  it.each(Object.keys(fixtures))('round-trips a finished %s game: import, verify ok, export, import again, the same record but the id', async (type) => {
    const ann = await newUser(t, 'ann');
    const record = recordFrom(type, [ann.username.toUpperCase(), 'someone_elsewhere']);
    const first = (await importing(record).expect(201)).body;
    expect(first).toMatchObject({ status: 'finished', version: record.events.length, verify: { ok: true, divergence: null, checkedEvents: record.events.length } });
    expect(first.seats.slice(0, 2)).toEqual([
      { seat: 0, username: ann.username, account: true, bot: null },
      { seat: 1, username: 'someone_elsewhere', account: false, bot: null },
    ]);
    expect((await t.http.post(`/v1/admin/games/${first.id}/verify`).set(admin).expect(200)).body).toMatchObject({ ok: true, divergence: null });

    const exported = (await t.http.get(`/v1/admin/games/${first.id}/export`).set(admin).expect(200)).body;
    expect(exported).toMatchObject({ format: RECORD_FORMAT, id: first.id, type, status: 'finished', finalStateHash: record.finalStateHash, result: record.result, seed: record.seed, events: record.events });
    expect(exported.seats.slice(0, 2)).toEqual([{ seat: 0, username: ann.username, bot: null }, { seat: 1, username: 'someone_elsewhere', bot: null }]);
    // It replays, but its commitment was made at the import, after the deal: not a fair-deal proof.
    expect(exported.importedAt).toBe(first.importedAt);
    expect(verifyRecord(games, exported)).toMatchObject({ ok: false, verdict: 'commitment-after-deal' });
    expect(verifyRecord(games, exported).checks.every((check) => check.ok)).toBe(true);

    const reimport = await importing(exported);
    expect(reimport.status, JSON.stringify(reimport.body)).toBe(201);
    const second = reimport.body;
    expect(second.id).not.toBe(first.id);
    expect(second.verify.ok).toBe(true);
    const again = (await t.http.get(`/v1/admin/games/${second.id}/export`).set(admin).expect(200)).body;
    expect(withoutId(again)).toEqual(withoutId(exported));

    // Imported games are games like any other: the player finds it in the search, marked imported.
    const found = (await t.http.get(`/v1/admin/games?player=someone_elsewhere&type=${type}&limit=100`).set(admin).expect(200)).body.items.find((item: { id: string }) => item.id === first.id);
    expect(found).toMatchObject({ importedAt: expect.any(String), players: expect.arrayContaining([ann.username, 'someone_elsewhere']), lastVerify: { ok: true } });
    expect((await t.http.get(`/v1/games?mine=true&status=finished`).set(ann.auth).expect(200)).body.games.find((game: { id: string }) => game.id === first.id))
      .toMatchObject({ importedAt: first.importedAt });
  }, 60_000);

  it('says everywhere public that a game was imported: the game, the lists, GraphQL and its record, whose verdict is never "fair"', async () => {
    const ann = await newUser(t, 'ann');
    const imported = (await importing(recordFrom('urbanization', [ann.username])).expect(201)).body;
    const { alice, bob, gameId: played } = await startedToyGame(t, { rounds: 1 });
    await playFirstLegal(t, played, [alice, bob], 2);

    expect((await t.http.get(`/v1/games/${imported.id}`).expect(200)).body).toMatchObject({ importedAt: imported.importedAt, status: 'finished' });
    expect((await t.http.get(`/v1/games/${played}`).expect(200)).body).toMatchObject({ importedAt: null, status: 'finished' });
    const mine = (await t.http.get('/v1/games?mine=true&status=finished').set(ann.auth).expect(200)).body.games;
    expect(mine).toEqual([expect.objectContaining({ id: imported.id, importedAt: imported.importedAt })]);

    const query = 'query ($id: ID!) { game(id: $id) { importedAt } record(id: $id) { format importedAt } }';
    const [gqlImported, gqlPlayed] = await Promise.all([imported.id, played].map((id) => postGraphql(t, query, { id }, ann.token)));
    expect(gqlImported.data).toEqual({ game: { importedAt: imported.importedAt }, record: { format: RECORD_FORMAT, importedAt: imported.importedAt } });
    expect(gqlPlayed.data).toEqual({ game: { importedAt: null }, record: { format: RECORD_FORMAT, importedAt: null } });

    const record = (await t.http.get(`/v1/games/${imported.id}/record`).expect(200)).body;
    expect(record).toMatchObject({ format: RECORD_FORMAT, importedAt: imported.importedAt });
    expect(verifyRecord(games, record)).toMatchObject({ ok: false, verdict: 'commitment-after-deal' });
    const playedRecord = (await t.http.get(`/v1/games/${played}/record`).expect(200)).body;
    expect(verifyRecord({ ...games, toy: toyGame }, playedRecord)).toMatchObject({ ok: true, verdict: 'fair' });
  });

  it('round-trips a game played here, with its players, times and hidden draws', async () => {
    const { alice, bob, gameId } = await startedToyGame(t, { rounds: 1 });
    await playFirstLegal(t, gameId, [alice, bob], 2);
    const exported = (await t.http.get(`/v1/admin/games/${gameId}/export`).set(admin).expect(200)).body;
    expect(exported.seats).toEqual([{ seat: 0, username: alice.username, bot: null }, { seat: 1, username: bob.username, bot: null }]);
    // The public record of a finished game is the same record.
    expect((await t.http.get(`/v1/games/${gameId}/record`).expect(200)).body).toEqual(exported);
    const imported = (await importing(exported).expect(201)).body;
    const again = (await t.http.get(`/v1/admin/games/${imported.id}/export`).set(admin).expect(200)).body;
    expect(withoutId(again)).toEqual(withoutId(exported));
    const [original, copy] = await Promise.all([gameId, imported.id].map(async (id) => (await t.http.get(`/v1/admin/games/${id}`).set(admin).expect(200)).body));
    expect(copy.events.map((event: { log: unknown; irreversible: boolean }) => [event.log, event.irreversible])).toEqual(original.events.map((event: { log: unknown; irreversible: boolean }) => [event.log, event.irreversible]));
  });

  it('refuses a record that does not replay, naming the failing event, and stores nothing', async () => {
    const before = await gameCount();
    const record = recordFrom('urbanization');
    const broken = structuredClone(record);
    broken.events[4]!.seat = (broken.events[4]!.seat + 1) % record.seats.length;
    const refused = (await importing(broken).expect(422)).body;
    expect(refused).toMatchObject({ code: 'RECORD_DOES_NOT_REPLAY', atEvent: 5, reason: expect.stringMatching(/rules refuse it/) });
    expect(refused.detail).toMatch(/event 5/);

    const wrongHash = { ...record, finalStateHash: '0'.repeat(64) };
    expect((await importing(wrongHash).expect(422)).body).toMatchObject({ code: 'RECORD_DOES_NOT_REPLAY', atEvent: record.events.length, reason: expect.stringMatching(/finalStateHash/) });
    const wrongResult = { ...record, result: { scores: [1, 2], winners: [1], ranking: [1, 0] } };
    expect((await importing(wrongResult).expect(422)).body).toMatchObject({ code: 'RECORD_DOES_NOT_REPLAY', reason: expect.stringMatching(/result/) });
    const { finalStateHash: _h, result: _r, ...open } = { ...record, events: record.events.slice(0, 10) };
    expect((await importing(open).expect(422)).body).toMatchObject({ code: 'RECORD_NOT_FINISHED', atEvent: 10 });
    const notAnAction = structuredClone(record);
    notAnAction.events[2]!.action = { type: 'fly' };
    expect((await importing(notAnAction).expect(422)).body).toMatchObject({ code: 'RECORD_DOES_NOT_REPLAY', atEvent: 3, reason: expect.stringMatching(/not a .* action/) });
    const gap = structuredClone(record);
    gap.events[7]!.seq = 9;
    expect((await importing(gap).expect(422)).body).toMatchObject({ code: 'RECORD_DOES_NOT_REPLAY', atEvent: 9 });
    const badSeed = { ...record, seedCommitment: 'f'.repeat(64) };
    expect((await importing(badSeed).expect(422)).body).toMatchObject({ code: 'RECORD_DOES_NOT_REPLAY', atEvent: 0 });
    expect(await gameCount()).toBe(before);
  });

  it('refuses malformed records with a clear 400, unknown rules with a 409, and non-admins', async () => {
    const before = await gameCount();
    const record = recordFrom('milestone-city');
    const code = async (body: unknown, status = 400) => (await importing(body).expect(status)).body.code;
    expect(await code({ ...record, format: 'chess-pgn' })).toBe('VALIDATION_FAILED');
    expect(await code({ ...record, extra: true })).toBe('VALIDATION_FAILED');
    expect(await code({ ...record, events: undefined })).toBe('VALIDATION_FAILED');
    expect(await code({ ...record, type: 'chess' })).toBe('UNKNOWN_GAME_TYPE');
    expect(await code({ ...record, rulesVersion: 99 }, 409)).toBe('RULES_VERSION_UNSUPPORTED');
    expect(await code({ ...record, seats: [record.seats[1], record.seats[0]] })).toBe('INVALID_RECORD');
    expect(await code({ ...record, seats: record.seats.map((seat) => ({ ...seat, username: 'twin' })) })).toBe('INVALID_RECORD');
    const urbanization = recordFrom('urbanization');
    expect(await code({ ...urbanization, seats: [urbanization.seats[0]] })).toBe('INVALID_SEAT_COUNT');
    expect(await code({ ...record, options: { nonsense: 1 } })).toBe('INVALID_OPTIONS');
    expect(await code({ ...record, timeControl: { kind: 'sundial' } })).toBe('INVALID_TIME_CONTROL');
    expect(await code({ ...record, events: record.events.map((event) => ({ ...event, at: '2026-13-45T99:00:00Z' })) })).toBe('INVALID_RECORD');
    expect(await code({ ...record, seats: record.seats.map((seat) => ({ ...seat, bot: 'genius' })) })).toBe('UNKNOWN_BOT');
    const tooMany = { ...record, events: Array.from({ length: 20_001 }, (_, index) => ({ seq: index + 1, seat: 0, action: { type: 'pass' } })) };
    expect(await code(tooMany)).toBe('VALIDATION_FAILED');
    const huge = { ...record, options: { padding: 'x'.repeat(9 * 1024 * 1024) } };
    expect(await code(huge, 413)).toBe('PAYLOAD_TOO_LARGE');
    const player = await newUser(t);
    expect((await t.http.post('/v1/admin/games/import').set(player.auth).send(record).expect(403)).body.code).toBe('ADMIN_ONLY');
    expect(await gameCount()).toBe(before);
  });

  it('exports any started game to an admin, not an open one', async () => {
    const { alice, gameId } = await startedToyGame(t);
    const exported = (await t.http.get(`/v1/admin/games/${gameId}/export`).set(admin).expect(200)).body;
    expect(exported).toMatchObject({ status: 'active', events: [{ seq: 1, kind: 'start', seat: null, action: { type: 'start' } }], result: null });
    const open = (await t.http.post('/v1/games').set(alice.auth).send({ type: 'toy', seats: 2 }).expect(201)).body.id;
    expect((await t.http.get(`/v1/admin/games/${open}/export`).set(admin).expect(422)).body.code).toBe('GAME_NOT_STARTED');
    expect((await t.http.get(`/v1/admin/games/${gameId}/export`).set(alice.auth).expect(403)).body.code).toBe('ADMIN_ONLY');
  });
});
