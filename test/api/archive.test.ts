import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { games } from '../../src/games/index.js';
import { loadConfig } from '../../src/config.js';
import { WorkLoop } from '../../src/services/work-loop.js';
import { archiveDictionaries, archiveFinishedGames, decodeEvents, encodeEvents, restoreArchive } from '../../src/store/archive.js';
import { loginAdmin, newUser, playFirstLegal, startedToyGame, startTestApp, TEST_JWT_SECRET, type TestApp } from '../support/api.js';
import { toyGame } from '../support/toy-game.js';
import { waitFor } from '../support/wait.js';

/**
 * Finished games' events archived into one row each (store/archive.ts): every read answers exactly
 * as it did from the rows, and a later write to an archived game loses nothing.
 */
let t: TestApp;
let admin: { Authorization: string };
// Rated games have rating work when they end: the archive pass waits for it (workers on), so it runs here by hand.
beforeAll(async () => {
  t = await startTestApp({ catalog: { ...games, toy: toyGame }, config: { archiveBatch: 0 } });
  admin = await loginAdmin(t);
});
afterAll(async () => t?.close());

interface Played { gameId: string; players: { auth: { Authorization: string }; username: string }[] }
const played: Played[] = [];
const db = () => t.app.services.db;
const rowCount = async (table: 'game_events' | 'game_archives', gameId: string) => (await t.sql.query(`SELECT count(*)::int AS n FROM ${table} WHERE game_id = $1`, [gameId])).rows[0].n as number;

/**
 * A 2-seat game played to its end: seat 0 a person through the API (a seeded random legal action
 * each turn), seat 1 the random bot through the due-work workers (half the requests of two persons).
 */
async function playAgainstBot(type: string, seed: number): Promise<Played> {
  const host = await newUser(t, type.slice(0, 4));
  const gameId = (await t.http.post('/v1/games').set(host.auth).send({ type, seats: 2 }).expect(201)).body.id as string;
  await t.http.put(`/v1/games/${gameId}/seats/1`).set(host.auth).send({ fill: 'bot' }).expect(200);
  let state = seed;
  for (;;) {
    const legal = (await t.http.get(`/v1/games/${gameId}/legal-actions`).set(host.auth).expect(200)).body;
    if (legal.actions.length > 0) {
      const action = legal.actions[(state = (state * 16807) % 2147483647) % legal.actions.length];
      await t.http.post(`/v1/games/${gameId}/actions`).set(host.auth).send({ action, expectedVersion: legal.version }).expect(201);
      continue;
    }
    const game = (await t.http.get(`/v1/games/${gameId}`).set(host.auth).expect(200)).body;
    if (game.status === 'finished') return { gameId, players: [host, host] };
    expect(game.status).toBe('active');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Every read of a game that its events answer, as a map of request → answer body. */
async function readsOf({ gameId, players }: Played): Promise<Map<string, unknown>> {
  const answers = new Map<string, unknown>();
  const get = async (path: string, auth: { Authorization: string } | null) => {
    const request = t.http.get(path);
    if (auth) request.set(auth);
    const response = await request;
    answers.set(`${auth === admin ? 'admin' : auth ? players.findIndex((p) => p.auth === auth) : 'anon'} GET ${path}`, { status: response.status, body: response.body });
    return response.body;
  };
  const game = await get(`/v1/games/${gameId}`, players[0]!.auth);
  const version = game.version as number;
  for (const auth of [...new Set(players.map((p) => p.auth)), null]) {
    for (let after = 0; after < version; after += 100) await get(`/v1/games/${gameId}/log?after=${after}&limit=100`, auth);
    await get(`/v1/games/${gameId}/log?after=37&limit=50`, auth);
  }
  // Replays and time travel: the start, every 29th event, the end.
  const sample = [...new Set([0, 1, ...Array.from({ length: Math.ceil(version / 17) }, (_, i) => i * 29), version])].filter((at) => at >= 0 && at <= version);
  for (const at of sample) {
    await get(`/v1/games/${gameId}/replay?at=${at}`, players[0]!.auth);
    await get(`/v1/games/${gameId}/replay?at=${at}`, null);
    await get(`/v1/admin/games/${gameId}/state?at=${at}`, admin);
  }
  await get(`/v1/games/${gameId}/replay`, players[1]!.auth);
  await get(`/v1/games/${gameId}/record`, players[0]!.auth);
  await get(`/v1/admin/games/${gameId}/export`, admin);
  await get(`/v1/admin/games/${gameId}`, admin);
  await get(`/v1/admin/games?player=${players[0]!.username}`, admin);
  const verify = await t.http.post(`/v1/admin/games/${gameId}/verify`).set(admin).expect(200);
  answers.set('admin POST verify', verify.body);
  return answers;
}

describe('archiving finished games', () => {
  it('answers every read of an archived game exactly as before: four types played out, an imported game, a game with take-backs', { timeout: 900_000 }, async () => {
    const started = performance.now();
    // The four at once: each waits for its bot's turns, which the workers play meanwhile.
    played.push(...(await Promise.all(([['urbanization', 3], ['construction-yard', 5], ['guild-town', 7], ['milestone-city', 11]] as const).map(([type, seed]) => playAgainstBot(type, seed)))));
    // Take-backs: a move taken back at once, and one more after it; then played out.
    const toy = await startedToyGame(t, { rounds: 3 });
    for (let i = 0; i < 2; i++) {
      await t.http.post(`/v1/games/${toy.gameId}/actions`).set(toy.alice.auth).send({ action: { type: 'pass' } }).expect(201);
      await t.http.post(`/v1/games/${toy.gameId}/take-back`).set(toy.alice.auth).expect(201);
    }
    await playFirstLegal(t, toy.gameId, [toy.alice, toy.bob], 20);
    played.push({ gameId: toy.gameId, players: [toy.alice, toy.bob] });
    // An imported game: the record of the first one, imported as a new game.
    const record = (await t.http.get(`/v1/admin/games/${played[0]!.gameId}/export`).set(admin).expect(200)).body;
    const imported = (await t.http.post('/v1/admin/games/import').set(admin).send(record).expect(201)).body;
    played.push({ gameId: imported.id, players: played[0]!.players });
    expect(played.at(-1)!.gameId).toMatch(/^[0-9a-f-]{36}$/);
    // The rating work of rated games is done first (the pass leaves games with due work alone).
    await waitFor(async () => (await t.sql.query(`SELECT count(*)::int AS n FROM games WHERE id = ANY($1) AND due_at IS NOT NULL`, [played.map((p) => p.gameId)])).rows[0].n === 0 || undefined, 60_000, 'the rating work');

    const phase = (what: string) => console.log(`archive test: ${what} at ${((performance.now() - started) / 1000).toFixed(1)} s`);
    phase('games played');
    // A verdict for each game first: the captures compare the admin's pages with a last verify in both.
    for (const { gameId } of played) await t.http.post(`/v1/admin/games/${gameId}/verify`).set(admin).expect(200);
    const before = await Promise.all(played.map(readsOf));
    phase('reads before');
    const events = await Promise.all(played.map((p) => rowCount('game_events', p.gameId)));
    let archived = 0;
    for (;;) {
      const batch = await archiveFinishedGames(db(), new Date(Date.now() + 60_000), 3);
      if (batch.games === 0) break;
      archived += batch.games;
    }
    expect(archived).toBeGreaterThanOrEqual(played.length);
    for (const [i, p] of played.entries()) {
      expect([await rowCount('game_events', p.gameId), await rowCount('game_archives', p.gameId)]).toEqual([0, 1]);
      expect(events[i]).toBeGreaterThan(0);
    }
    phase('archived');
    // The served types' games are written with their type's newest dictionary (format 3), the test's toy game without (none).
    const formats = (await t.sql.query(`SELECT a.format, a.dictionary, g.type FROM game_archives a JOIN games g ON g.id = a.game_id WHERE a.game_id = ANY($1) ORDER BY a.game_id`, [played.map((p) => p.gameId)])).rows;
    for (const { format, dictionary, type } of formats) expect({ type, format, dictionary }).toEqual(type === 'toy' ? { type, format: 1, dictionary: null } : { type, format: 3, dictionary: `${type}.2` });
    let compared = 0;
    const compare = async (what: string) => {
      const after = await Promise.all(played.map(readsOf));
      phase(`reads after (${what})`);
      for (const [i, answers] of before.entries()) {
        for (const [request, answer] of answers) {
          // The admin's game and search carry the last verify's time: each capture ends with a verify, so that time moves.
          const [was, now] = [answer, after[i]!.get(request)].map((body) => JSON.stringify(body, (key, value) => (key === 'lastVerify' && value ? { ...value, at: 'the time of the last verify' } : value)));
          expect({ what, request, answer: JSON.parse(now!) }).toEqual({ what, request, answer: JSON.parse(was!) });
          expect(now).toBe(was);
          compared++;
        }
      }
      expect(after.flatMap((answers) => [...answers.values()]).length).toBe(before.flatMap((answers) => [...answers.values()]).length);
    };
    await compare('format 3');
    // Archives written earlier read as they did: the same games, written as format 2 (the version 1
    // dictionaries), then as format 1 (before the dictionaries).
    const rewrite = async (dictionaryOf: (type: string) => string | null, format: number) => {
      for (const { gameId } of played) {
        const [archive] = (await t.sql.query(`SELECT a.format, a.dictionary, a.data, g.type FROM game_archives a JOIN games g ON g.id = a.game_id WHERE a.game_id = $1`, [gameId])).rows;
        const name = archive.type === 'toy' ? null : dictionaryOf(archive.type);
        const written = await encodeEvents(decodeEvents(gameId, archive), name === null ? undefined : archiveDictionaries().get(name));
        expect([written.format, written.dictionary]).toEqual(name === null ? [1, null] : [format, name]);
        await t.sql.query(`UPDATE game_archives SET format = $2, dictionary = $3, data = $4 WHERE game_id = $1`, [gameId, written.format, written.dictionary, written.data]);
      }
    };
    await rewrite((type) => `${type}.1`, 2);
    await compare('format 2');
    await rewrite(() => null, 1);
    await compare('format 1');
    console.log(`archive equivalence: ${played.length} games (${events.reduce((a, b) => a + b, 0)} events), ${compared} answers compared byte for byte (${compared / 3} in each format)`);
  });

  it('archives racing games whole: more archive transactions and readers at once than the pool has connections; each game archived once, every read during it complete', async () => {
    const finished = await Promise.all(Array.from({ length: 16 }, async () => {
      const toy = await startedToyGame(t, { rounds: 2 });
      await playFirstLegal(t, toy.gameId, [toy.alice, toy.bob], 10);
      return toy;
    }));
    const ids = finished.map((toy) => toy.gameId);
    await waitFor(async () => (await t.sql.query(`SELECT count(*)::int AS n FROM games WHERE id = ANY($1) AND due_at IS NOT NULL`, [ids])).rows[0].n === 0 || undefined, 60_000, 'the rating work');
    const logOf = async (toy: (typeof finished)[number]) => (await t.http.get(`/v1/games/${toy.gameId}/log`).set(toy.alice.auth).expect(200)).body;
    const before = await Promise.all(finished.map(logOf));
    expect(before.every((log) => log.events.length > 4)).toBe(true);
    // 24 passes of one game per transaction and 16 readers against a pool of 10 (the claim skips a game another pass holds).
    let passing = true;
    let committed = 0;
    let readsAcrossACommit = 0;
    const pass = async () => {
      while ((await archiveFinishedGames(db(), new Date(Date.now() + 60_000), 1)).games > 0) committed++;
    };
    const reader = async (start: number) => {
      for (let i = start; passing; i += 5) {
        const at = i % finished.length;
        const was = committed;
        expect(await logOf(finished[at]!)).toEqual(before[at]);
        if (committed !== was) readsAcrossACommit++;
      }
    };
    const passes = Promise.all(Array.from({ length: 24 }, pass)).finally(() => (passing = false));
    await Promise.all([passes, ...Array.from({ length: 16 }, (_, i) => reader(i))]);
    // The race happened: reads were in flight while archives committed.
    expect(committed).toBeGreaterThanOrEqual(finished.length);
    expect(readsAcrossACommit).toBeGreaterThan(0);
    for (const toy of finished) expect([await rowCount('game_events', toy.gameId), await rowCount('game_archives', toy.gameId)]).toEqual([0, 1]);
    expect(await Promise.all(finished.map(logOf))).toEqual(before);
  });

  it('refuses an admin abort of an archived game with nothing changed, and its archive stays whole', async () => {
    const { gameId } = played[0]!;
    const response = await t.http.post(`/v1/admin/games/${gameId}/abort`).set(admin).send({ reason: 'test' });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect([await rowCount('game_events', gameId), await rowCount('game_archives', gameId)]).toEqual([0, 1]);
    expect((await t.http.post(`/v1/admin/games/${gameId}/verify`).set(admin).expect(200)).body.ok).toBe(true);
  });

  it('puts an archive back as the same rows when a write needs them, and archives the game again', async () => {
    const { gameId } = played.at(-2)!;
    const archived = (await t.http.get(`/v1/admin/games/${gameId}`).set(admin).expect(200)).body;
    await t.app.services.db.$transaction((tx) => restoreArchive(tx, gameId));
    expect([await rowCount('game_events', gameId), await rowCount('game_archives', gameId)]).toEqual([archived.events.length, 0]);
    expect((await t.http.get(`/v1/admin/games/${gameId}`).set(admin).expect(200)).body).toEqual(archived);
    expect((await archiveFinishedGames(t.app.services.db, new Date(Date.now() + 60_000), 5)).games).toBe(1);
    expect((await t.http.get(`/v1/admin/games/${gameId}`).set(admin).expect(200)).body).toEqual(archived);
  });

  it('archives a game through the workers\' archive pass once it has ended, with its progress in /metrics', async () => {
    // A second process on the same database whose workers archive at once (the setting's floor is the resume window: set past it here).
    const worker = await startTestApp({ catalog: { toy: toyGame }, databaseUrl: t.databaseUrl, config: { archiveBatch: 5, archiveAfterMinutes: 0 } });
    try {
      const toy = await startedToyGame(worker, { rounds: 1 });
      await playFirstLegal(worker, toy.gameId, [toy.alice, toy.bob], 5);
      await waitFor(async () => (await rowCount('game_archives', toy.gameId)) === 1 || undefined, 60_000, 'the archive pass');
      expect(await rowCount('game_events', toy.gameId)).toBe(0);
      expect((await worker.http.get(`/v1/games/${toy.gameId}/log`).set(toy.alice.auth).expect(200)).body.events.map((event: { kind: string }) => event.kind)).toEqual(['start', 'action', 'action']);
      expect(Number(/^archived_games_total (\d+)$/m.exec((await worker.http.get('/metrics').expect(200)).text)?.[1])).toBeGreaterThanOrEqual(1);
    } finally {
      await worker.close();
    }
  });

  it('refuses an archive delay within the stream resume window', () => {
    const base = { JWT_SECRET: TEST_JWT_SECRET, RESUME_WINDOW_MINUTES: '60' };
    expect(() => loadConfig({ ...base, ARCHIVE_AFTER_MINUTES: '60' })).toThrow('ARCHIVE_AFTER_MINUTES must be more than RESUME_WINDOW_MINUTES (60), got "60"');
    expect(loadConfig({ ...base, ARCHIVE_AFTER_MINUTES: '61' }).archiveAfterMinutes).toBe(61);
    expect(loadConfig({ JWT_SECRET: TEST_JWT_SECRET, RESUME_WINDOW_MINUTES: '90' }).archiveAfterMinutes).toBe(180);
  });
});

describe("the archive pass's pace through a backlog", () => {
  it('works at most ARCHIVE_BUSY_PERCENT of the time, whatever wakes it, and stops at once in a rest', async () => {
    expect(loadConfig({ JWT_SECRET: TEST_JWT_SECRET }).archiveBusyPercent).toBe(25);
    expect(() => loadConfig({ JWT_SECRET: TEST_JWT_SECRET, ARCHIVE_BUSY_PERCENT: '0' })).toThrow('ARCHIVE_BUSY_PERCENT');
    // Four items of 100 ms each at a quarter of the time: each is followed by a rest of 300 ms.
    let left = 4;
    const done: number[] = [];
    const started = Date.now();
    const loop = new WorkLoop({
      name: 'paced', slots: 1, pollMs: 60_000, busyShare: 0.25, onError: (error) => { throw error; },
      nextDueAt: async () => null,
      async workOnce() {
        if (left === 0) return false;
        left--;
        await new Promise((resolve) => setTimeout(resolve, 100));
        done.push(Date.now() - started);
        // A wake-up (a NOTIFY, a local commit) does not cut the rest short.
        loop.wakeOne();
        return true;
      },
    });
    loop.start();
    await waitFor(async () => done.length === 4 || undefined, 20_000, 'four items');
    // From the end of one item to the end of the next: its 300 ms rest and its own 100 ms.
    for (let i = 1; i < 4; i++) expect(done[i]! - done[i - 1]!, `item ${i + 1}`).toBeGreaterThanOrEqual(380);
    await loop.stop();

    // Stopped in a rest (of 9.9 s after an item of 100 ms at 1%): stop does not wait it out.
    let resting = false;
    const slow = new WorkLoop({
      name: 'slow', slots: 1, pollMs: 60_000, busyShare: 0.01, onError: () => {}, nextDueAt: async () => null,
      async workOnce() {
        await new Promise((resolve) => setTimeout(resolve, 100));
        resting = true;
        return true;
      },
    });
    slow.start();
    await waitFor(async () => resting || undefined, 20_000, 'an item');
    const stopping = Date.now();
    await slow.stop();
    expect(Date.now() - stopping).toBeLessThan(5_000);

    // At 100% it never rests.
    let count = 0;
    const eager = new WorkLoop({ name: 'eager', slots: 1, pollMs: 60_000, onError: () => {}, nextDueAt: async () => null, workOnce: async () => ++count <= 20 });
    const eagerStarted = Date.now();
    eager.start();
    await waitFor(async () => count > 20 || undefined, 20_000, 'twenty items');
    expect(Date.now() - eagerStarted).toBeLessThan(2_000);
    await eager.stop();
  });
});
