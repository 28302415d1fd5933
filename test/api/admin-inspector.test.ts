import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEntry } from '../../src/engine/kernel-log.js';
import { canonicalJson } from '../../src/engine/canonical.js';
import { visibleLog } from '../../src/engine/log.js';
import { isRuleError, type LogEntry, type SetupInput } from '../../src/engine/types.js';
import { loginAdmin, newUser, playFirstLegal, startedToyGame, setupInputOfRow, startTestApp, type TestApp } from '../support/api.js';
import { codeOf, postGraphql } from '../support/graphql.js';
import { toyGame, type ToyAction, type ToyState } from '../support/toy-game.js';

/** The admin's inspector API: finding games, stored verify verdicts, seat views at any event, the timeline. */
let t: TestApp;
let admin: { Authorization: string };
beforeAll(async () => {
  t = await startTestApp();
  admin = await loginAdmin(t);
});
afterAll(async () => t?.close());

const list = async (query: string) => (await t.http.get(`/v1/admin/games?${query}`).set(admin).expect(200)).body;
const ids = (page: { items: { id: string }[] }) => page.items.map((item) => item.id);

describe('finding games', () => {
  it('combines optional filters: id prefix, type, status, player (any case), rules version, dates, verify verdict; paged', async () => {
    const carol = await newUser(t, 'Carol');
    const dave = await newUser(t, 'dave');
    const finished = (await t.http.post('/v1/games').set(carol.auth).send({ type: 'toy', seats: 2, options: { rounds: 1 } }).expect(201)).body.id as string;
    await t.http.post(`/v1/games/${finished}/join`).set(dave.auth).send({}).expect(200);
    await playFirstLegal(t, finished, [carol, dave], 2);
    const open = (await t.http.post('/v1/games').set(carol.auth).send({ type: 'toy', seats: 3 }).expect(201)).body.id as string;
    const tampered = (await t.http.post('/v1/games').set(carol.auth).send({ type: 'toy', seats: 2 }).expect(201)).body.id as string;
    await t.http.post(`/v1/games/${tampered}/join`).set(dave.auth).send({}).expect(200);
    await playFirstLegal(t, tampered, [carol, dave], 1);

    const mine = await list(`player=${carol.username.toUpperCase()}&limit=100`);
    expect(mine.total).toBe(3);
    expect(ids(mine).sort()).toEqual([finished, open, tampered].sort());
    expect(mine.games).toEqual(mine.items);
    const item = mine.items.find((entry: { id: string }) => entry.id === finished);
    expect(item).toMatchObject({ type: 'toy', status: 'finished', rulesVersion: 1, version: 3, players: [carol.username, dave.username], lastVerify: null, importedAt: null });
    expect(item.createdAt).toEqual(expect.any(String));

    expect(ids(await list(`player=${carol.username}&status=open`))).toEqual([open]);
    expect(ids(await list(`id=${finished.slice(0, 8)}`))).toContain(finished);
    expect(ids(await list(`id=${finished}`))).toEqual([finished]);
    expect(ids(await list(`player=${carol.username}&type=toy&rulesVersion=1&limit=100`)).sort()).toEqual([finished, open, tampered].sort());
    expect((await list(`player=${carol.username}&rulesVersion=2`)).total).toBe(0);
    expect((await list(`player=${dave.username}&createdTo=2000-01-01`)).total).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    expect((await list(`player=${dave.username}&createdFrom=${today}&createdTo=${today}`)).total).toBe(2);

    // Verdicts: one clean game, one tampered one; the open game stays never verified.
    expect((await t.http.post(`/v1/admin/games/${finished}/verify`).set(admin).expect(200)).body.ok).toBe(true);
    // Event 1 is the start; the forgery is in event 2, the first move.
    await t.sql.query(`UPDATE game_events SET log = '[{"message":"forged","data":{"card":9}}]' WHERE game_id = $1 AND seq = 2`, [tampered]);
    expect((await t.http.post(`/v1/admin/games/${tampered}/verify`).set(admin).expect(200)).body.ok).toBe(false);
    expect(ids(await list(`player=${carol.username}&verify=failed`))).toEqual([tampered]);
    expect(ids(await list(`player=${carol.username}&verify=ok`))).toEqual([finished]);
    expect(ids(await list(`player=${carol.username}&verify=never`))).toEqual([open]);
    const failed = (await list(`id=${tampered}`)).items[0];
    expect(failed.lastVerify).toMatchObject({ ok: false, version: 2, divergence: { atEvent: 2, reason: expect.stringMatching(/log entries differ/) } });

    // Pages: newest first, `total` over all of them.
    const first = await list(`player=${carol.username}&limit=2&offset=0`);
    const second = await list(`player=${carol.username}&limit=2&offset=2`);
    expect(first).toMatchObject({ total: 3, limit: 2, offset: 0 });
    expect([...ids(first), ...ids(second)]).toEqual([tampered, open, finished]);

    // By verdict the page comes from the verdicts' own index, in the same order: newest game first.
    const later = (await t.http.post('/v1/games').set(carol.auth).send({ type: 'toy', seats: 2, options: { rounds: 1 } }).expect(201)).body.id as string;
    await t.http.post(`/v1/games/${later}/join`).set(dave.auth).send({}).expect(200);
    await playFirstLegal(t, later, [carol, dave], 2);
    expect((await t.http.post(`/v1/admin/games/${later}/verify`).set(admin).expect(200)).body.ok).toBe(true);
    // Verified again, the older game keeps its place (the order is the games', not the verdicts').
    expect((await t.http.post(`/v1/admin/games/${finished}/verify`).set(admin).expect(200)).body.ok).toBe(true);
    expect(ids(await list(`player=${carol.username}&verify=ok`))).toEqual([later, finished]);
    expect(await list(`player=${carol.username}&verify=ok&limit=1&offset=1`)).toMatchObject({ total: 2, items: [expect.objectContaining({ id: finished })] });
  });

  it('refuses bad filters with a 400 and non-admins with a 403', async () => {
    const code = async (query: string) => (await t.http.get(`/v1/admin/games?${query}`).set(admin).expect(400)).body.code;
    expect(await code('type=chess')).toBe('UNKNOWN_GAME_TYPE');
    expect(await code('verify=maybe')).toBe('VALIDATION_FAILED');
    expect(await code('status=paused')).toBe('VALIDATION_FAILED');
    expect(await code('createdFrom=yesterday')).toBe('VALIDATION_FAILED');
    expect(await code('id=not-hex!')).toBe('VALIDATION_FAILED');
    expect(await code('createdFrom=2026-02-01&createdTo=2026-01-01')).toBe('INVALID_DATE_RANGE');
    expect(await code('limit=0')).toBe('VALIDATION_FAILED');
    for (const query of ['createdFrom=2026-02-30', 'createdTo=2026-01-01T25:00:00Z', 'createdFrom=0000-00-00']) expect(await code(query)).toBe('VALIDATION_FAILED');
    // Odd but well-formed values find nothing rather than failing.
    for (const query of ['id=----', 'player=%25', 'player=%5F%5F%5F']) expect((await t.http.get(`/v1/admin/games?${query}`).set(admin).expect(200)).body.total).toBe(0);
    await t.http.get('/v1/admin/games?createdFrom=0001-01-01&createdTo=9999-12-31').set(admin).expect(200);
    const alice = await newUser(t);
    expect((await t.http.get('/v1/admin/games').set(alice.auth).expect(403)).body.code).toBe('ADMIN_ONLY');
    expect((await t.http.get('/v1/admin/games').expect(401)).body.code).toBe('UNAUTHENTICATED');
  });
});

describe('verify verdicts', () => {
  it('are kept without touching the game row: a running game takes its next move from the cache as before', async () => {
    const { alice, bob, gameId } = await startedToyGame(t);
    await playFirstLegal(t, gameId, [alice, bob], 1);
    const revision = async () => (await t.sql.query('SELECT revision FROM games WHERE id = $1', [gameId])).rows[0].revision as number;
    const before = await revision();
    const verdict = (await t.http.post(`/v1/admin/games/${gameId}/verify`).set(admin).expect(200)).body;
    // The start (event 1) and the first move (event 2).
    expect(verdict).toEqual({ ok: true, version: 2, checkedEvents: 2, divergence: null });
    expect(await revision()).toBe(before);
    await playFirstLegal(t, gameId, [alice, bob], 1);
    expect((await t.sql.query('SELECT version FROM games WHERE id = $1', [gameId])).rows[0].version).toBe(3);
    const stored = (await t.sql.query('SELECT verify_ok, version FROM game_verifications WHERE game_id = $1', [gameId])).rows[0];
    expect(stored).toEqual({ verify_ok: true, version: 2 });
    const detail = (await t.http.get(`/v1/admin/games/${gameId}`).set(admin).expect(200)).body;
    expect(detail.lastVerify).toMatchObject({ ok: true, version: 2, divergence: null });
  });
});

describe('one game', () => {
  it("shows every event: who (seat, account), kind, action, every log line with its visibility, time, irreversible", async () => {
    const { alice, bob, gameId } = await startedToyGame(t);
    await playFirstLegal(t, gameId, [alice, bob], 2);
    const { events, players } = (await t.http.get(`/v1/admin/games/${gameId}`).set(admin).expect(200)).body;
    expect(players).toEqual([alice.username, bob.username]);
    expect(events.map((event: { seq: number; seat: number; username: string; kind: string }) => [event.seq, event.seat, event.username, event.kind])).toEqual([
      [1, null, null, 'start'], [2, 0, alice.username, 'action'], [3, 1, bob.username, 'action'],
    ]);
    expect(events[0]).toMatchObject({ log: [{ message: 'The game starts with 2 players.' }], createdAt: expect.any(String) });
    const stored = (await t.sql.query('SELECT action, log, irreversible FROM game_events WHERE game_id = $1 AND seq = 2', [gameId])).rows[0];
    expect(events[1]).toMatchObject({ action: stored.action, log: stored.log, irreversible: stored.irreversible, createdAt: expect.any(String) });
    expect(events[1].log.some((entry: LogEntry) => entry.visibleTo !== undefined)).toBe(true);
  });

  it("answers any seat's view (and the public one) after event N, with the log lines that seat could read", async () => {
    const { alice, bob, gameId } = await startedToyGame(t);
    await playFirstLegal(t, gameId, [alice, bob], 3);
    const row = (await t.sql.query('SELECT * FROM games WHERE id = $1', [gameId])).rows[0];
    const { events } = (await t.http.get(`/v1/admin/games/${gameId}`).set(admin).expect(200)).body;
    let state: ToyState = toyGame.setup(setupInputOfRow(row) as SetupInput<{ rounds: number }>);
    const log: { seq: number; entry: LogEntry }[] = [];
    // Event 1 is the start: it changes no state and its log line is everyone's; the three moves are events 2 to 4.
    for (let at = 0; at <= 4; at++) {
      if (at === 1) {
        expect(events[0]).toMatchObject({ seq: 1, seat: null, kind: 'start' });
        log.push({ seq: 1, entry: startEntry(2) });
      } else if (at > 1) {
        const event = events[at - 1];
        const applied = toyGame.apply(state, event.seat, event.action as ToyAction);
        if (isRuleError(applied)) throw new Error(applied.code);
        state = applied.state;
        log.push(...applied.log.map((entry) => ({ seq: at, entry })));
      }
      for (const seat of [0, 1, 'public'] as const) {
        const reader = seat === 'public' ? null : seat;
        const body = (await t.http.get(`/v1/admin/games/${gameId}/state?at=${at}&seat=${seat}`).set(admin).expect(200)).body;
        expect(body.version).toBe(at);
        expect(body.seat).toBe(reader);
        expect(canonicalJson(body.view)).toBe(canonicalJson(toyGame.view(state, reader)));
        expect(body.log).toEqual(log.flatMap(({ seq, entry }) => visibleLog([entry], reader).map((line) => ({ seq, ...line }))));
      }
      const full = (await t.http.get(`/v1/admin/games/${gameId}/state?at=${at}`).set(admin).expect(200)).body;
      expect(canonicalJson(full)).toBe(canonicalJson({ version: at, state }));
    }
    // Seat 1 never reads seat 0's draws, the public nothing private.
    const seatOne = (await t.http.get(`/v1/admin/games/${gameId}/state?at=4&seat=1`).set(admin).expect(200)).body;
    expect(seatOne.log.some((line: { message: string }) => line.message.startsWith('Seat 0 draws'))).toBe(false);
    expect((await t.http.get(`/v1/admin/games/${gameId}/state?at=4&seat=2`).set(admin).expect(422)).body.code).toBe('NO_SUCH_SEAT');
    expect((await t.http.get(`/v1/admin/games/${gameId}/state?at=4&seat=spectator`).set(admin).expect(400)).body.code).toBe('VALIDATION_FAILED');
    expect((await t.http.get(`/v1/admin/games/${gameId}/state?at=5&seat=0`).set(admin).expect(422)).body.code).toBe('NO_SUCH_VERSION');
  });
});

describe('over GraphQL', () => {
  it('finds games, shows one, travels in time, verifies, exports and imports as REST does', async () => {
    const { alice, bob, gameId } = await startedToyGame(t, { rounds: 1 });
    await playFirstLegal(t, gameId, [alice, bob], 2);
    const token = admin.Authorization;
    const found = await postGraphql(t, 'query($p: String) { adminSearchGames(filter: { player: $p, status: finished, verify: never }) { totalCount edges { node { game { id status } players lastVerify { ok } } } } }', { p: alice.username.toUpperCase() }, token);
    expect(found.data.adminSearchGames).toEqual({ totalCount: 1, edges: [{ node: { game: { id: gameId, status: 'finished' }, players: [alice.username, bob.username], lastVerify: null } }] });
    const verified = await postGraphql(t, 'mutation($id: ID!) { adminVerifyGame(id: $id) { ok checkedEvents divergence { atEvent } } }', { id: gameId }, token);
    expect(verified.data.adminVerifyGame).toEqual({ ok: true, checkedEvents: 3, divergence: null });
    // After event 2, the first move (event 1 is the start).
    const rest = (await t.http.get(`/v1/admin/games/${gameId}/state?at=2&seat=public`).set(admin).expect(200)).body;
    const one = await postGraphql(t, 'query($id: ID!) { adminGame(id: $id) { seed events { seq username kind log { message visibleTo } } } adminGameState(id: $id, at: 2, publicView: true) { version seat view log { seq message key args } } }', { id: gameId }, token);
    expect(one.data.adminGame.events.map((event: { username: string }) => event.username)).toEqual([null, alice.username, bob.username]);
    expect(one.data.adminGame.events[0]).toMatchObject({ seq: 1, kind: 'start' });
    // GraphQL answers null where REST leaves a field out (lines without a key).
    const withoutNulls = (lines: Record<string, unknown>[]) => lines.map((line) => Object.fromEntries(Object.entries(line).filter(([, value]) => value !== null)));
    expect({ ...one.data.adminGameState, log: withoutNulls(one.data.adminGameState.log) }).toEqual({ version: 2, seat: null, view: rest.view, log: rest.log });
    const exported = await postGraphql(t, 'query($id: ID!) { adminExportGame(id: $id) }', { id: gameId }, token);
    expect(exported.data.adminExportGame).toEqual((await t.http.get(`/v1/admin/games/${gameId}/export`).set(admin).expect(200)).body);
    const imported = await postGraphql(t, 'mutation($r: JSON!) { adminImportGame(record: $r) { id status verify { ok } seats { username account } } }', { r: exported.data.adminExportGame }, token);
    expect(imported.data.adminImportGame).toMatchObject({ status: 'finished', verify: { ok: true }, seats: [{ username: alice.username, account: true }, { username: bob.username, account: true }] });
    const malformed = await postGraphql(t, 'mutation($r: JSON!) { adminImportGame(record: $r) { id } }', { r: { format: 'nope' } }, token);
    expect(codeOf(malformed)).toBe('VALIDATION_FAILED');
    const replay = await postGraphql(t, 'query($id: ID!) { gameReplay(id: $id, at: 2) { at version seat log { seq message key args } } }', { id: gameId }, alice.token);
    expect({ ...replay.data.gameReplay, log: withoutNulls(replay.data.gameReplay.log) }).toEqual({ ...(await t.http.get(`/v1/games/${gameId}/replay?at=2`).set(alice.auth).expect(200)).body, view: undefined, gameType: undefined });
    expect(codeOf(await postGraphql(t, '{ adminSearchGames { totalCount } }', {}, alice.token))).toBe('ADMIN_ONLY');
  });
});
