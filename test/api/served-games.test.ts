import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalJson } from '../../src/engine/canonical.js';
import { openRng, seedRng } from '../../src/engine/rng.js';
import type { AnyGameDefinition, LogEntry } from '../../src/engine/types.js';
import { rulesVersionsOf } from '../../src/engine/versions.js';
import { games } from '../../src/games/index.js';
import { walkLog } from '../../src/services/timeline.js';
import type { EventRecord } from '../../src/store/games.js';
import { verifyRecord, type GameRecordExport } from '../../src/services/record.js';
import { loginAdmin, newUser, setupInputOfRow, startTestApp, type TestApp, storedGame } from '../support/api.js';
import { waitFor } from '../support/wait.js';

/**
 * Every served game, through the whole service: bots play it to the end unattended, and people
 * playing random legal actions over REST finish it with a stored state equal to a replay of the
 * log, having never received another seat's private information.
 */
let t: TestApp;
let admin: { Authorization: string };
beforeAll(async () => {
  t = await startTestApp({ catalog: games });
  admin = await loginAdmin(t);
});
afterAll(async () => t?.close());

const served = Object.values(games);
const records: GameRecordExport[] = [];
const seatsFor = (definition: AnyGameDefinition, wanted: number) => Math.min(Math.max(wanted, definition.players.min), definition.players.max);

async function storedEvents(gameId: string): Promise<EventRecord[]> {
  const rows = (await t.sql.query('SELECT seq, seat, actor_id, kind, undoes_seq, action, log, irreversible, created_at FROM game_events WHERE game_id = $1 ORDER BY seq', [gameId])).rows;
  return rows.map((row) => ({ seq: row.seq, seat: row.seat, actorId: row.actor_id, kind: row.kind, undoesSeq: row.undoes_seq, action: row.action, log: row.log, irreversible: row.irreversible, createdAt: row.created_at }));
}

/** Hidden things a seat must never be shown, per game (beyond the private log entries every game has). */
const secretsFor: Partial<Record<string, (state: Record<string, unknown>, seat: number) => string[]>> = {
  // Money cards in other hands, by id (the public sees cards without ids).
  'construction-yard': (state, seat) => (state.hands as string[][]).flatMap((hand, other) => (other === seat ? [] : hand.map((id) => `"${id}"`))),
};

describe.each(served)('$id through the service', (definition) => {
  // Under the oldest rules version still served (a game created before the newest rules landed); the REST game below plays the newest.
  const oldest = rulesVersionsOf(definition).find((entry) => !entry.retired)!.version;
  it(`is played to its end by four bots, unattended, under its oldest served rules (version ${oldest})`, async () => {
    const host = await newUser(t);
    const seats = seatsFor(definition, 4);
    const { body: game } = await t.http.post('/v1/games').set(host.auth).send({ type: definition.id, seats }).expect(201);
    expect(game.rulesVersion).toBe(definition.rulesVersion);
    await t.sql.query('UPDATE games SET rules_version = $2 WHERE id = $1', [game.id, oldest]);
    // The host gives their own seat to a bot (leaving as the last person would close the game).
    const bot = Object.keys(definition.bots ?? {})[0] ?? 'random';
    for (let seat = 0; seat < seats; seat++) await t.http.put(`/v1/games/${game.id}/seats/${seat}`).set(host.auth).send({ fill: 'bot', bot }).expect(200);
    const finished = await waitFor(async () => {
      const { body } = await t.http.get(`/v1/games/${game.id}`).set(host.auth).expect(200);
      return body.status === 'finished' ? body : undefined;
    }, 240_000, `${definition.id} bots to finish`);
    expect(finished.result.scores).toHaveLength(seats);
    expect(finished.rulesVersion).toBe(oldest);
    const verified = (await t.http.post(`/v1/admin/games/${game.id}/verify`).set(admin).expect(200)).body;
    expect(verified).toMatchObject({ ok: true, divergence: null });
    expect(verified.checkedEvents).toBeGreaterThan(0);
    // Anyone can check the finished game from its public record (provably fair dealing).
    const record = (await t.http.get(`/v1/games/${game.id}/record`).expect(200)).body;
    expect(verifyRecord(games, record)).toMatchObject({ ok: true });
    records.push(record);
  }, 300_000);

  it('is finished by people playing random legal actions over REST, its state equal to a replay, nothing private leaked', async () => {
    const players = await Promise.all(Array.from({ length: seatsFor(definition, definition.id === 'construction-yard' ? 3 : 2) }, () => newUser(t)));
    const { body: game } = await t.http.post('/v1/games').set(players[0]!.auth).send({ type: definition.id, seats: players.length }).expect(201);
    for (const player of players.slice(1)) await t.http.post(`/v1/games/${game.id}/join`).set(player.auth).expect(200);
    const received: string[][] = players.map(() => []);
    const secrets = secretsFor[definition.id];
    let ownCardsSeen = 0; // proves the secret check can see card ids at all: a seat's own ones do show
    const ownOf = (state: Record<string, unknown>, seat: number) => {
      const others = new Set(secrets!(state, seat));
      return secrets!(state, (seat + 1) % players.length).filter((id) => !others.has(id));
    };
    /** Keeps what `seat` was sent, and checks it against what that seat may not see at this moment. */
    const receive = async (seat: number, body: unknown) => {
      const text = JSON.stringify(body);
      received[seat]!.push(text);
      if (!secrets) return;
      const { state } = await storedGame(t, game.id);
      for (const secret of secrets(state, seat)) expect(text, `seat ${seat} was sent ${secret}`).not.toContain(secret);
      if (ownOf(state, seat).some((id) => text.includes(id))) ownCardsSeen++;
    };
    const rng = openRng(seedRng(`${definition.id}-rest-game`));
    for (let step = 0; ; step++) {
      expect(step, 'the game should end').toBeLessThan(20_000);
      const watcher = step % players.length;
      const { body: current } = await t.http.get(`/v1/games/${game.id}`).set(players[watcher]!.auth).expect(200);
      await receive(watcher, current);
      if (current.status === 'finished') break;
      const seat = rng.pick(current.activeSeats as number[]);
      const player = players[seat]!;
      const { body: legal } = await t.http.get(`/v1/games/${game.id}/legal-actions`).set(player.auth).expect(200);
      await receive(seat, legal);
      const moved = await t.http.post(`/v1/games/${game.id}/actions`).set(player.auth).send({ action: rng.pick(legal.actions), expectedVersion: legal.version });
      expect(moved.status, JSON.stringify(moved.body)).toBe(201);
      await receive(seat, moved.body);
    }
    if (secrets) expect(ownCardsSeen).toBeGreaterThan(0);
    for (const [seat, player] of players.entries()) received[seat]!.push(JSON.stringify((await t.http.get(`/v1/games/${game.id}/log`).set(player.auth).expect(200)).body));

    // The stored state is exactly what the rules give for the stored log.
    const row = await storedGame(t, game.id);
    const events = await storedEvents(game.id);
    const replayed = walkLog(definition, setupInputOfRow(row), events).state;
    expect(canonicalJson(replayed)).toBe(canonicalJson(row.state));
    expect((await t.http.post(`/v1/admin/games/${game.id}/verify`).set(admin).expect(200)).body.ok).toBe(true);

    // Nobody saw the seed before the end (the finished game shows it: that is the reveal).
    const beforeEnd = received.flat().filter((text) => !text.includes('"status":"finished"'));
    expect(beforeEnd.length).toBeGreaterThan(0);
    for (const text of beforeEnd) expect(text).not.toContain(row.seed.replace(/^g2:/, ''));

    // No seat ever received a log entry meant for other seats only.
    const privateTo = (entry: LogEntry, seat: number) => entry.visibleTo !== undefined && !entry.visibleTo.includes(seat);
    for (let seat = 0; seat < players.length; seat++) {
      const all = received[seat]!.join('\n');
      const hidden = events.flatMap((event) => event.log.filter((entry) => privateTo(entry, seat)));
      const publicTexts = new Set(events.flatMap((event) => event.log.filter((entry) => entry.visibleTo === undefined || entry.visibleTo.includes(seat)).map((entry) => entry.message)));
      for (const entry of hidden) if (!publicTexts.has(entry.message)) expect(all).not.toContain(JSON.stringify(entry.message));
    }
  }, 300_000);
});

describe('scripts/verify-record.ts', () => {
  const dir = mkdtempSync(join(tmpdir(), 'record-'));
  const run = (record: unknown) => {
    const file = join(dir, `${randomUUID()}.json`);
    writeFileSync(file, JSON.stringify(record));
    return promisify(execFile)('npx', ['tsx', 'scripts/verify-record.ts', file]).then(
      ({ stdout }) => ({ code: 0, stdout }),
      (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
    );
  };

  it('verifies a finished game from its downloaded record alone, and fails a forged one', async () => {
    const record = records.at(-1)!;
    expect(record, 'a game of the tests above').toBeDefined();
    expect(await run(record)).toMatchObject({ code: 0, stdout: expect.stringContaining(`record of game ${record.id} (${record.type}) verified`) });
    const forged = { ...record, events: record.events.slice(0, -1) };
    expect(await run(forged)).toMatchObject({ code: 1, stdout: expect.stringMatching(/FAIL (final state|replay)/) });
  }, 60_000);
});
