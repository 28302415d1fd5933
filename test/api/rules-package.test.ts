import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stateHash } from '../../src/engine/canonical.js';
import type { GameRecordExport } from '../../src/engine/record.js';
import type { AnyGameDefinition } from '../../src/engine/types.js';
import { games } from '../../src/games/index.js';
import { loginAdmin, newUser, startTestApp, type TestApp } from '../support/api.js';
import { waitFor } from '../support/wait.js';

/**
 * The `boardgame-rules` package (packages/rules) provably needs nothing else: it is packed with
 * `npm pack`, installed from the tarball alone into an empty folder (offline), and its CLI there
 * verifies the records this server publishes of all four games (dealt from client seeds given over
 * REST) and refuses tampered ones with a clear message and a non-zero exit.
 */
const run = promisify(execFile);
const root = resolve(import.meta.dirname, '../..');
const work = mkdtempSync(join(tmpdir(), 'rules-package-'));
const install = join(work, 'empty-folder');
let t: TestApp;
let admin: { Authorization: string };
const records = new Map<string, GameRecordExport>();

beforeAll(async () => {
  t = await startTestApp({ catalog: games });
  admin = await loginAdmin(t);
}, 120_000);
afterAll(async () => {
  await t?.close();
  rmSync(work, { recursive: true, force: true });
});

/** Two people give client seeds (one with PUT, one with its join), bots fill the rest; then bots take the people's seats and finish it. */
async function finishedGame(definition: AnyGameDefinition): Promise<GameRecordExport> {
  const [host, guest] = [await newUser(t), await newUser(t)];
  const seats = Math.max(2, definition.players.min);
  const { body: game } = await t.http.post('/v1/games').set(host.auth).send({ type: definition.id, seats }).expect(201);
  await t.http.put(`/v1/games/${game.id}/client-seed`).set(host.auth).send({ clientSeed: `host-${definition.id}` }).expect(200);
  const bot = Object.keys(definition.bots ?? {})[0] ?? 'random';
  for (let seat = 2; seat < seats; seat++) await t.http.put(`/v1/games/${game.id}/seats/${seat}`).set(host.auth).send({ fill: 'bot', bot }).expect(200);
  const { body: started } = await t.http.post(`/v1/games/${game.id}/join`).set(guest.auth).send({ clientSeed: 'guest.Seed~1:x' }).expect(200);
  expect(started).toMatchObject({ status: 'active', seedDerivation: 2, clientSeeds: [`host-${definition.id}`, 'guest.Seed~1:x', ...Array(seats - 2).fill(null)] });
  for (const seat of [0, 1]) await t.http.post(`/v1/admin/games/${game.id}/seats/${seat}/bot`).set(admin).send({ bot }).expect(200);
  await waitFor(async () => {
    const { body } = await t.http.get(`/v1/games/${game.id}`).expect(200);
    return body.status === 'finished' ? body : undefined;
  }, 240_000, `${definition.id} to finish`);
  return (await t.http.get(`/v1/games/${game.id}/record`).expect(200)).body;
}

async function cli(record: unknown, name: string): Promise<{ code: number; stdout: string; stderr: string }> {
  const file = join(work, `${name}.json`);
  writeFileSync(file, JSON.stringify(record));
  return run('npx', ['--offline', 'boardgame-rules', 'verify', file], { cwd: install }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
  );
}

describe('the boardgame-rules package, packed and installed alone', () => {
  it('packs into a self-contained tarball and installs offline into an empty folder', async () => {
    const { stdout } = await run('npm', ['pack', '--workspace', 'packages/rules', '--pack-destination', work, '--json'], { cwd: root });
    const [packed] = JSON.parse(stdout.slice(stdout.indexOf('['))) as { filename: string; files: { path: string }[] }[];
    expect(packed!.files.map((file) => file.path).sort()).toEqual(expect.arrayContaining(['dist/cli.js', 'dist/index.js', 'package.json']));
    expect(packed!.files.every((file) => /^(dist\/|package\.json$|README\.md$)/.test(file.path))).toBe(true);
    await run('mkdir', ['-p', install]);
    await run('npm', ['install', '--offline', '--no-audit', '--no-fund', join(work, packed!.filename)], { cwd: install });
    // Nothing but the package itself came along: it has no dependencies to fetch.
    expect(readdirSync(join(install, 'node_modules')).filter((name) => !name.startsWith('.'))).toEqual(['boardgame-rules']);
    const manifest = JSON.parse(readFileSync(join(install, 'node_modules/boardgame-rules/package.json'), 'utf8'));
    expect(manifest.dependencies).toBeUndefined();
    expect(existsSync(join(install, 'node_modules/boardgame-rules/dist/cli.js'))).toBe(true);
  }, 180_000);

  it.each(Object.values(games))('verifies the record of a finished $id game dealt from client seeds', async (definition) => {
    const record = await finishedGame(definition);
    expect(record).toMatchObject({ format: 'boardgame-record/3', seedDerivation: 2, status: 'finished' });
    records.set(definition.id, record);
    const verified = await cli(record, definition.id);
    expect(verified.stdout).toContain(`record of game ${record.id} (${definition.id}) verified`);
    expect(verified.stdout).toMatch(/ok {3}client seeds\nok {3}commitment\nok {3}rules\nok {3}replay\nok {3}final state\nok {3}result/);
    expect(verified.code).toBe(0);
  }, 300_000);

  it('refuses a tampered record, saying what is wrong, with a non-zero exit', async () => {
    const record = records.get('construction-yard')!;
    expect(record, 'a record of the tests above').toBeDefined();
    const moveIndex = record.events.findIndex((event, index) => event.kind === 'action' && index > 0 && JSON.stringify(event.action) !== JSON.stringify(record.events[index - 1]!.action) && record.events[index - 1]!.kind === 'action');
    const changedAction = { ...record, events: record.events.map((event, index) => (index === moveIndex ? { ...event, action: record.events[moveIndex - 1]!.action } : event)) };
    const changedSeed = { ...record, seed: `g2:${'0'.repeat(32)}` };
    const changedClientSeed = { ...record, clientSeeds: record.clientSeeds!.map((seed, seat) => (seat === 1 ? 'guest-seed-2' : seed)) };
    const changedHash = { ...record, finalStateHash: stateHash({ not: 'the final state' }) };
    const cases: [string, unknown, RegExp][] = [
      ['changed-action', changedAction, /FAIL (replay: event \d+: |final state: the replay ends in another state)/],
      ['changed-seed', changedSeed, /FAIL commitment: SHA-256 of the seed is not the published commitment/],
      ['changed-client-seed', changedClientSeed, /FAIL (replay|final state)/],
      ['changed-final-hash', changedHash, /FAIL final state: the replay ends in another state than the recorded one \(finalStateHash\)/],
    ];
    for (const [name, tampered, message] of cases) {
      const refused = await cli(tampered, name);
      expect(refused.stdout, name).toMatch(message);
      expect(refused.stdout, name).toContain('record NOT verified');
      expect(refused.code, name).toBe(1);
    }
    const notJson = join(work, 'not-json.json');
    writeFileSync(notJson, '{ "format": ');
    const unreadable = await run('npx', ['--offline', 'boardgame-rules', 'verify', notJson], { cwd: install }).catch((error: { code: number; stderr: string }) => error);
    expect(unreadable).toMatchObject({ code: 2, stderr: expect.stringContaining('is not JSON') });
  }, 120_000);

  it('verifies the record of a game aborted after its start, whose seed is revealed too', async () => {
    const [host, guest] = [await newUser(t), await newUser(t)];
    const { body: game } = await t.http.post('/v1/games').set(host.auth).send({ type: 'urbanization', seats: 2 }).expect(201);
    expect(game.revealedSeed).toBeNull();
    await t.http.post(`/v1/games/${game.id}/join`).set(guest.auth).send({ clientSeed: 'abc' }).expect(200);
    await t.http.post(`/v1/admin/games/${game.id}/abort`).set(admin).expect(200);
    const { body: aborted } = await t.http.get(`/v1/games/${game.id}`).expect(200);
    expect(aborted.status).toBe('aborted');
    expect(aborted.revealedSeed).toMatch(/^g2:/);
    const record = (await t.http.get(`/v1/games/${game.id}/record`).expect(200)).body;
    expect(record).toMatchObject({ status: 'aborted', seed: aborted.revealedSeed, clientSeeds: [null, 'abc'], result: null });
    const verified = await cli(record, 'aborted');
    expect(verified).toMatchObject({ code: 0, stdout: expect.stringContaining('verified') });
    // The record binds its end: without its trailing abort it is refused.
    expect(record.events.at(-1)).toMatchObject({ kind: 'abort' });
    const cut = await cli({ ...record, events: record.events.slice(0, -1) }, 'aborted-cut');
    expect(cut).toMatchObject({ code: 1, stdout: expect.stringMatching(/FAIL end: an aborted game's record ends with its abort event[\s\S]*record NOT verified/) });
  }, 60_000);

  it('reports the record of an imported game as a commitment made after the deal, with exit status 3, never as fair', async () => {
    const fixture = JSON.parse(readFileSync(resolve(root, 'test/games/urbanization/fixtures/v2-two-players-inventions.json'), 'utf8')) as { rulesVersion: number; seats: number; options: unknown; seed: string; actions: { seat: number; action: unknown }[] };
    const { body: imported } = await t.http.post('/v1/admin/games/import').set(admin).send({
      format: 'boardgame-record/2', type: 'urbanization', rulesVersion: fixture.rulesVersion, options: fixture.options, seed: fixture.seed,
      seats: Array.from({ length: fixture.seats }, (_, seat) => ({ seat, username: null, bot: null })),
      events: fixture.actions.map(({ seat, action }, index) => ({ seq: index + 1, seat, action })),
    }).expect(201);
    const record = (await t.http.get(`/v1/games/${imported.id}/record`).expect(200)).body;
    expect(record).toMatchObject({ format: 'boardgame-record/3', importedAt: imported.importedAt, status: 'finished' });
    const verdict = await cli(record, 'imported');
    expect(verdict.stdout).not.toMatch(/FAIL/);
    expect(verdict.stdout).toContain(`NOT proof of a fair deal: game ${imported.id} (urbanization) was imported at ${imported.importedAt}`);
    expect(verdict.code).toBe(3);
  }, 60_000);
});
