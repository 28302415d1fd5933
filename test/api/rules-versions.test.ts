import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isRuleError, ruleError, type GameDefinition } from '../../src/engine/types.js';
import { versionedSetup, type RulesVersion } from '../../src/engine/versions.js';
import { verifyRecord } from '../../src/services/record.js';
import { loginAdmin, newUser, startTestApp, type TestApp, storedGame } from '../support/api.js';
import { postGraphql } from '../support/graphql.js';
import { toyGame, type ToyState, type ToyView } from '../support/toy-game.js';

/** The toy game with a second rules version: no passing, and plays in the last round score double. */
const VERSIONS: readonly RulesVersion[] = [
  { version: 1, date: '2026-01-01', changes: 'First version.' },
  { version: 2, date: '2026-01-02', changes: 'No passing; plays in the last round score double.', profile: { noPass: true, lastRoundDouble: true } },
];
type VersionedToy = ToyState & { rules?: Record<string, unknown> };
const toy: GameDefinition<VersionedToy, Parameters<typeof toyGame.apply>[2], ToyView, { rounds: number }> = {
  ...toyGame,
  rulesVersion: 2,
  rulesVersions: VERSIONS,
  setup: versionedSetup(VERSIONS, (input) => toyGame.setup(input)),
  apply(state, seat, action) {
    if (action.type === 'pass' && state.rules?.noPass === true) return ruleError('NO_PASSING', 'Passing is not allowed.');
    const result = toyGame.apply(state, seat, action);
    if (isRuleError(result) || action.type !== 'play' || state.rules?.lastRoundDouble !== true || state.turn < (state.rounds - 1) * state.seats) return result;
    const scores = result.state.scores.slice();
    scores[seat]! += action.card;
    return { ...result, state: { ...result.state, scores } };
  },
  legalActions: (state, seat) => toyGame.legalActions(state, seat).filter((action) => action.type !== 'pass' || state.rules?.noPass !== true),
};

let t: TestApp;
let admin: { Authorization: string };
beforeAll(async () => {
  t = await startTestApp({ catalog: { toy } });
  admin = await loginAdmin(t);
});
afterAll(async () => t?.close());

const row = (gameId: string) => storedGame(t, gameId);

/** A started 2-player toy game created under `rulesVersion` (as if created before an upgrade). */
async function gameUnder(rulesVersion: number, rounds = 3) {
  const alice = await newUser(t, 'alice');
  const bob = await newUser(t, 'bob');
  const gameId = (await t.http.post('/v1/games').set(alice.auth).send({ type: 'toy', seats: 2, options: { rounds } }).expect(201)).body.id as string;
  await t.sql.query('UPDATE games SET rules_version = $2 WHERE id = $1', [gameId, rulesVersion]);
  await t.http.post(`/v1/games/${gameId}/join`).set(bob.auth).send({}).expect(200);
  return { gameId, players: [alice, bob] };
}

async function move(gameId: string, players: { auth: Record<string, string> }[], pick: (actions: { type: string }[]) => unknown = (actions) => actions[0]) {
  const { activeSeats } = (await t.http.get(`/v1/games/${gameId}`).set(players[0]!.auth).expect(200)).body;
  const player = players[activeSeats[0]]!;
  const { actions } = (await t.http.get(`/v1/games/${gameId}/legal-actions`).set(player.auth).expect(200)).body;
  return t.http.post(`/v1/games/${gameId}/actions`).set(player.auth).send({ action: pick(actions) });
}

const migrate = (gameId: string, query = '') => t.http.post(`/v1/admin/games/${gameId}/migrate-rules${query}`).set(admin);

describe('versioned rules through the API', () => {
  it('keeps a game started under the old version on the old rules, and starts new games under the newest', async () => {
    const old = await gameUnder(1);
    expect((await row(old.gameId)).state).not.toHaveProperty('rules');
    const pass = await move(old.gameId, old.players, () => ({ type: 'pass' }));
    expect(pass.status, JSON.stringify(pass.body)).toBe(201);
    expect((await t.http.post(`/v1/admin/games/${old.gameId}/verify`).set(admin).expect(200)).body.ok).toBe(true);

    const fresh = await gameUnder(2);
    expect((await row(fresh.gameId)).state.rules).toEqual({ noPass: true, lastRoundDouble: true });
    const refused = await move(fresh.gameId, fresh.players, () => ({ type: 'pass' }));
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('RULE_VIOLATION/NO_PASSING');
  });

  it('shows the changelog in the catalog', async () => {
    const [type] = (await t.http.get('/v1/game-types').expect(200)).body;
    expect(type).toMatchObject({ id: 'toy', rulesVersion: 2, rulesVersions: [{ version: 1, served: true }, { version: 2, changes: VERSIONS[1]!.changes, served: true }] });
  });

  it('lists games by type and rules version for admins only', async () => {
    const { gameId } = await gameUnder(1);
    const usage = (await t.http.get('/v1/admin/rules-versions').set(admin).expect(200)).body;
    expect(usage).toContainEqual(expect.objectContaining({ type: 'toy', rulesVersion: 1, current: false, served: true, active: expect.any(Number) }));
    const listed = (await t.http.get('/v1/admin/games?type=toy&rulesVersion=1&status=active').set(admin).expect(200)).body;
    expect(listed.games.map((game: { id: string }) => game.id)).toContain(gameId);
    expect(listed.games.every((game: { rulesVersion: number }) => game.rulesVersion === 1)).toBe(true);
    const alice = await newUser(t);
    expect((await t.http.get('/v1/admin/games?type=toy').set(alice.auth).expect(403)).body.code).toBe('ADMIN_ONLY');
    expect((await t.http.get('/v1/admin/rules-versions').expect(401)).body.code).toBe('UNAUTHENTICATED');
    expect((await t.http.get('/v1/admin/games?type=chess').set(admin).expect(400)).body.code).toBe('UNKNOWN_GAME_TYPE');
  });

  it('migrates a game whose log is legal and reads the same under the new rules; its next moves follow them', async () => {
    const { gameId, players } = await gameUnder(1);
    expect((await move(gameId, players)).status).toBe(201);
    // A line stored in an older engine's words (engines reword their lines under every rules version
    // alike) does not hold the game back: the two rules are compared by today's engine.
    await t.sql.query(`UPDATE game_events SET log = '[{"message": "Seat 0 plays card 3 (older words)."}]'::jsonb WHERE game_id = $1 AND seq = 2`, [gameId]);
    const before = await row(gameId);

    const dry = (await migrate(gameId, '?dryRun=true').expect(200)).body;
    expect(dry).toEqual({ gameId, from: 1, to: 2, version: 2, dryRun: true, checkedEvents: 2 });
    expect(await row(gameId)).toEqual(before);

    const done = (await migrate(gameId).expect(200)).body;
    expect(done).toEqual({ gameId, from: 1, to: 2, version: 3, dryRun: false, checkedEvents: 2 });
    const after = await row(gameId);
    expect(after.rules_version).toBe(2);
    expect(after.state.rules).toEqual({ noPass: true, lastRoundDouble: true });
    const { events } = (await t.http.get(`/v1/games/${gameId}/log`).set(players[0]!.auth).expect(200)).body;
    expect(events.at(-1)).toMatchObject({ seq: 3, kind: 'rules', seat: null, log: [{ message: expect.stringContaining('rules version 2') }] });
    expect((await t.http.post(`/v1/admin/games/${gameId}/verify`).set(admin).expect(200)).body.ok).toBe(true);
    expect((await migrate(gameId).expect(409)).body.code).toBe('ALREADY_NEWEST_RULES');

    expect((await move(gameId, players, () => ({ type: 'pass' }))).body.code).toBe('RULE_VIOLATION/NO_PASSING');
    while ((await row(gameId)).status === 'active') expect((await move(gameId, players)).status).toBe(201);
    expect((await t.http.post(`/v1/admin/games/${gameId}/verify`).set(admin).expect(200)).body.ok).toBe(true);
    expect((await migrate(gameId).expect(409)).body.code).toBe('ALREADY_NEWEST_RULES');
  });

  it('refuses, changing nothing, a migration whose log has an event the new rules refuse, naming it', async () => {
    const { gameId, players } = await gameUnder(1);
    expect((await move(gameId, players)).status).toBe(201);
    expect((await move(gameId, players, () => ({ type: 'pass' }))).status).toBe(201);
    const before = await row(gameId);
    const refused = (await migrate(gameId).expect(422)).body;
    expect(refused).toMatchObject({ code: 'MIGRATION_ILLEGAL_EVENT', atEvent: 3, rule: 'NO_PASSING' });
    expect(refused.detail).toMatch(/Event 3/);
    expect(await row(gameId)).toEqual(before);
  });

  it('refuses, changing nothing, a migration that would change where the game is (its score here)', async () => {
    const { gameId, players } = await gameUnder(1, 2);
    for (let i = 0; i < 3; i++) expect((await move(gameId, players)).status).toBe(201);
    const before = await row(gameId);
    expect((await migrate(gameId).expect(422)).body).toMatchObject({ code: 'MIGRATION_CHANGES_GAME' });
    expect(await row(gameId)).toEqual(before);
  });

  it('refuses finished games, and non-admins', async () => {
    const { gameId, players } = await gameUnder(1, 1);
    expect((await migrate(gameId).set(players[0]!.auth).expect(403)).body.code).toBe('ADMIN_ONLY');
    while ((await row(gameId)).status === 'active') expect((await move(gameId, players)).status).toBe(201);
    expect((await migrate(gameId).expect(409)).body.code).toBe('GAME_FINISHED');
  });

  it('serves admin listing and migration over GraphQL too', async () => {
    const { gameId, players } = await gameUnder(1);
    expect((await move(gameId, players)).status).toBe(201);
    const token = admin.Authorization;
    const listed = await postGraphql(t, 'query($v: Int) { adminGames(type: "toy", rulesVersion: $v, first: 100) { totalCount edges { node { id rulesVersion } } } rulesVersionUsage { type rulesVersion current } }', { v: 1 }, token);
    expect(listed.errors).toBeUndefined();
    expect(listed.data.adminGames.edges.map((edge: { node: unknown }) => edge.node)).toContainEqual({ id: gameId, rulesVersion: 1 });
    expect(listed.data.adminGames.totalCount).toBeGreaterThanOrEqual(1);
    expect(listed.data.rulesVersionUsage).toContainEqual({ type: 'toy', rulesVersion: 1, current: false });
    const migrated = await postGraphql(t, 'mutation($id: ID!) { migrateGameRules(gameId: $id) { from to version dryRun } }', { id: gameId }, token);
    expect(migrated.data.migrateGameRules).toEqual({ from: 1, to: 2, version: 3, dryRun: false });
    const refused = await postGraphql(t, 'mutation($id: ID!) { migrateGameRules(gameId: $id) { to } }', { id: gameId }, players[0]!.token);
    expect(refused.errors?.[0]?.extensions.code).toBe('ADMIN_ONLY');
  });
});

describe('provably fair dealing', () => {
  it('publishes the seed commitment from the start, never the seed before the end, and a record anyone can verify after', async () => {
    const { gameId, players } = await gameUnder(2, 2);
    const { seed } = await row(gameId);
    expect(seed).toMatch(/^g2:[0-9a-f]{32}$/);
    const commitment = createHash('sha256').update(seed).digest('hex');
    const seen: string[] = [];
    const look = async () => {
      const game = (await t.http.get(`/v1/games/${gameId}`).set(players[0]!.auth).expect(200)).body;
      seen.push(JSON.stringify(game), JSON.stringify((await t.http.get(`/v1/games/${gameId}/log`).set(players[1]!.auth).expect(200)).body));
      seen.push(JSON.stringify(await postGraphql(t, 'query($id: ID!) { game(id: $id) { seedCommitment revealedSeed view } }', { id: gameId }, players[1]!.token)));
      return game;
    };
    expect(await look()).toMatchObject({ seedCommitment: commitment, revealedSeed: null });
    const early = await t.http.get(`/v1/games/${gameId}/record`).set(players[0]!.auth).expect(409);
    expect(early.body.code).toBe('GAME_NOT_FINISHED');
    seen.push(JSON.stringify(early.body));
    while ((await row(gameId)).status === 'active') {
      seen.push(JSON.stringify((await move(gameId, players)).body));
      await look();
    }
    const beforeEnd = seen.slice(0, -3).join('\n');
    expect(beforeEnd).not.toContain(seed.slice(3));

    expect((await t.http.get(`/v1/games/${gameId}`).expect(200)).body).toMatchObject({ seedCommitment: commitment, revealedSeed: seed });
    const record = (await t.http.get(`/v1/games/${gameId}/record`).expect(200)).body;
    expect(record).toMatchObject({ id: gameId, type: 'toy', rulesVersion: 2, seedCommitment: commitment, seed });
    expect(verifyRecord({ toy }, record)).toMatchObject({ ok: true });
    const viaGraphql = await postGraphql(t, 'query($id: ID!) { gameRecord(id: $id) }', { id: gameId });
    expect(viaGraphql.data.gameRecord).toEqual(record);

    // Any change to the record shows: another seed, another action, another result.
    const otherSeed = verifyRecord({ toy }, { ...record, seed: `${seed.slice(0, -1)}0` === seed ? `${seed.slice(0, -1)}1` : `${seed.slice(0, -1)}0` });
    expect(otherSeed.checks.at(-1)).toMatchObject({ check: 'commitment', ok: false });
    const forgedCommitment = verifyRecord({ toy }, { ...record, seed: 'g2:00000000000000000000000000000000', seedCommitment: createHash('sha256').update('g2:00000000000000000000000000000000').digest('hex') });
    expect(forgedCommitment.ok).toBe(false);
    const firstMove = record.events.findIndex((event: { kind: string }) => event.kind === 'action');
    const events = record.events.map((event: { action: { type: string } }, index: number) => (index === firstMove ? { ...event, action: { type: 'pass' } } : event));
    expect(verifyRecord({ toy }, { ...record, events }).ok).toBe(false);
  }, 60_000);
});
