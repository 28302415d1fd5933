import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalJson } from '../../src/engine/canonical.js';
import { dealSeed } from '../../src/engine/deal.js';
import { toyGame, type ToyState } from '../support/toy-game.js';
import { verifyRecord } from '../../src/engine/record.js';
import { loginAdmin, newUser, playFirstLegal, startTestApp, storedGame, type TestApp } from '../support/api.js';
import { codeOf, postGraphql } from '../support/graphql.js';

/**
 * Client seeds (docs/fairness.md): each seated player may add a seed of their own before the start
 * (REST and GraphQL); the deal comes from the committed server seed and every seat's client seed,
 * by the seed derivation recorded with the game. Bad input is a 4xx problem and changes nothing.
 */
let t: TestApp;
beforeAll(async () => {
  // A 1-seat variant of the toy game stands in for a solo game (Milestone City takes 1 player).
  t = await startTestApp({ catalog: { toy: toyGame, 'toy-solo': { ...toyGame, id: 'toy-solo', players: { min: 1, max: 4 } } } });
});
afterAll(async () => t?.close());

type User = Awaited<ReturnType<typeof newUser>>;
const row = async (gameId: string) => (await t.sql.query('SELECT seed_derivation, client_seeds, status, revision FROM games WHERE id = $1', [gameId])).rows[0];
async function openGame(host: User, seats = 2): Promise<string> {
  return (await t.http.post('/v1/games').set(host.auth).send({ type: 'toy', seats }).expect(201)).body.id;
}
const giveSeed = (user: User, gameId: string, clientSeed: unknown) => t.http.put(`/v1/games/${gameId}/client-seed`).set(user.auth).send({ clientSeed });

describe('giving a client seed', () => {
  it('records each seated player\'s seed (PUT, or with the join that starts the game) and deals from them with the server seed', async () => {
    const [alice, bob] = [await newUser(t), await newUser(t)];
    const gameId = await openGame(alice);
    const { body: open } = await giveSeed(alice, gameId, 'first-try').expect(200);
    expect(open).toMatchObject({ status: 'open', seedDerivation: 2, clientSeeds: ['first-try', null], revealedSeed: null });
    await giveSeed(alice, gameId, 'Alice_s.seed~1:2').expect(200); // replaced until the start
    const { body: started } = await t.http.post(`/v1/games/${gameId}/join`).set(bob.auth).send({ clientSeed: 'bob-0001' }).expect(200);
    expect(started).toMatchObject({ status: 'active', clientSeeds: ['Alice_s.seed~1:2', 'bob-0001'] });
    const stored = await storedGame(t, gameId);
    expect(stored).toMatchObject({ seed_derivation: 2, client_seeds: ['Alice_s.seed~1:2', 'bob-0001'] });
    // The deal is setup from the derived seed: not the server seed, not the same without the client seeds.
    const deal = (clientSeeds: (string | null)[] | null, seedDerivation = 2) => toyGame.setup({ seats: 2, options: stored.options, seed: dealSeed({ seed: stored.seed, seedDerivation, clientSeeds }) });
    expect(canonicalJson((stored.state as ToyState).deck)).toBe(canonicalJson(deal(['Alice_s.seed~1:2', 'bob-0001']).deck));
    expect(canonicalJson(deal(['Alice_s.seed~1:2', 'bob-0002']).deck)).not.toBe(canonicalJson(deal(['Alice_s.seed~1:2', 'bob-0001']).deck));
    expect(canonicalJson(deal(null, 1).deck)).not.toBe(canonicalJson(deal(['Alice_s.seed~1:2', 'bob-0001']).deck));
  });

  it('keeps the seeds with their players when the game starts early with compacted seats, and drops the seed of a player who leaves', async () => {
    const [alice, bob, carol] = [await newUser(t), await newUser(t), await newUser(t)];
    const gameId = await openGame(alice, 3);
    await t.http.post(`/v1/games/${gameId}/join`).set(bob.auth).send({ seat: 1, clientSeed: 'bob-seed' }).expect(200);
    await t.http.post(`/v1/games/${gameId}/leave`).set(bob.auth).expect(200);
    expect((await row(gameId)).client_seeds).toEqual([null, null, null]);
    await t.http.post(`/v1/games/${gameId}/join`).set(carol.auth).send({ seat: 2, clientSeed: 'carol-seed' }).expect(200);
    const { body } = await t.http.post(`/v1/games/${gameId}/start`).set(alice.auth).expect(200);
    expect(body).toMatchObject({ status: 'active', seatCount: 2, clientSeeds: [null, 'carol-seed'] });
  });

  it('starts a 1-seat game at its creation, dealt with the creator\'s seed given with it (REST and GraphQL)', async () => {
    const alice = await newUser(t);
    const { body: solo } = await t.http.post('/v1/games').set(alice.auth).send({ type: 'toy-solo', seats: 1, clientSeed: 'solo-seed' }).expect(201);
    expect(solo).toMatchObject({ status: 'active', yourSeat: 0, activeSeats: [0], clientSeeds: ['solo-seed'] });
    const stored = await storedGame(t, solo.id);
    expect(canonicalJson((stored.state as ToyState).deck)).toBe(canonicalJson(toyGame.setup({ seats: 1, options: stored.options, seed: dealSeed({ seed: stored.seed, seedDerivation: 2, clientSeeds: ['solo-seed'] }) }).deck));
    // Without a seed it starts too; with more seats the creator waits for the others as before.
    expect((await t.http.post('/v1/games').set(alice.auth).send({ type: 'toy-solo', seats: 1 }).expect(201)).body).toMatchObject({ status: 'active', clientSeeds: [null] });
    expect((await t.http.post('/v1/games').set(alice.auth).send({ type: 'toy-solo', seats: 2, clientSeed: 'two-seats' }).expect(201)).body).toMatchObject({ status: 'open', clientSeeds: ['two-seats', null] });
    const created = await postGraphql(t, 'mutation { createGame(type: "toy-solo", seats: 1, clientSeed: "gql-seed") { status clientSeeds } }', {}, alice.token);
    expect(created.data?.createGame).toEqual({ status: 'active', clientSeeds: ['gql-seed'] });
    // A bad seed creates nothing.
    const before = (await t.sql.query('SELECT count(*)::int AS n FROM games')).rows[0].n;
    expect((await t.http.post('/v1/games').set(alice.auth).send({ type: 'toy-solo', seats: 1, clientSeed: 'no spaces' }).expect(400)).body.code).toBe('VALIDATION_FAILED');
    expect(codeOf(await postGraphql(t, 'mutation { createGame(type: "toy-solo", seats: 1, clientSeed: "no spaces") { id } }', {}, alice.token))).toBe('VALIDATION_FAILED');
    expect((await t.sql.query('SELECT count(*)::int AS n FROM games')).rows[0].n).toBe(before);
  });

  it('works over GraphQL: setClientSeed, joinGame(clientSeed:), and the seeds on Game', async () => {
    const [alice, bob] = [await newUser(t), await newUser(t)];
    const gameId = await openGame(alice);
    const set = await postGraphql(t, 'mutation($id: ID!, $s: String!) { setClientSeed(gameId: $id, clientSeed: $s) { seedDerivation clientSeeds } }', { id: gameId, s: 'gql-alice' }, alice.token);
    expect(set.data.setClientSeed).toEqual({ seedDerivation: 2, clientSeeds: ['gql-alice', null] });
    const joined = await postGraphql(t, 'mutation($id: ID!) { joinGame(gameId: $id, clientSeed: "gql-bob") { status clientSeeds } }', { id: gameId }, bob.token);
    expect(joined.data.joinGame).toEqual({ status: 'active', clientSeeds: ['gql-alice', 'gql-bob'] });
    const late = await postGraphql(t, 'mutation($id: ID!) { setClientSeed(gameId: $id, clientSeed: "too-late") { id } }', { id: gameId }, bob.token);
    expect(codeOf(late)).toBe('GAME_NOT_OPEN');
    const bad = await postGraphql(t, 'mutation($id: ID!) { setClientSeed(gameId: $id, clientSeed: "no spaces") { id } }', { id: gameId }, bob.token);
    expect(codeOf(bad)).toBe('VALIDATION_FAILED');
  });
});

describe('refusals: a 4xx problem that changes nothing', () => {
  it('refuses bad seeds, outsiders, a started game and a game of the old derivation', async () => {
    const [alice, bob, mallory] = [await newUser(t), await newUser(t), await newUser(t)];
    const gameId = await openGame(alice);
    await giveSeed(alice, gameId, 'kept').expect(200);
    const before = await row(gameId);
    const refused = async (request: ReturnType<typeof giveSeed>, status: number, code: string) => {
      const response = await request;
      expect(response.status, JSON.stringify(response.body)).toBe(status);
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(response.body.code).toBe(code);
      expect(await row(gameId)).toEqual(before);
    };
    for (const clientSeed of ['', 'x'.repeat(65), 'has space', 'quote"', 'back\\slash', 'é', null]) await refused(giveSeed(alice, gameId, clientSeed), 400, 'VALIDATION_FAILED');
    await refused(t.http.put(`/v1/games/${gameId}/client-seed`).set(alice.auth).send({ clientSeed: 'ok', extra: 1 }), 400, 'VALIDATION_FAILED');
    await refused(t.http.post(`/v1/games/${gameId}/join`).set(bob.auth).send({ clientSeed: 'bad seed' }), 400, 'VALIDATION_FAILED');
    await refused(t.http.put(`/v1/games/${gameId}/client-seed`).send({ clientSeed: 'anon' }), 401, 'UNAUTHENTICATED');
    await refused(giveSeed(mallory, gameId, 'not-seated'), 403, 'NOT_A_PLAYER');
    await t.http.post(`/v1/games/${gameId}/join`).set(bob.auth).send({}).expect(200);
    const startedBefore = await row(gameId);
    const afterStart = await giveSeed(bob, gameId, 'late');
    expect(afterStart.status).toBe(409);
    expect(afterStart.body.code).toBe('GAME_NOT_OPEN');
    expect(await row(gameId)).toEqual(startedBefore);

    // A game created before client seeds existed keeps dealing from its server seed alone.
    const old = await openGame(alice);
    await t.sql.query('UPDATE games SET seed_derivation = 1 WHERE id = $1', [old]);
    const unsupported = await giveSeed(alice, old, 'nope');
    expect(unsupported.status).toBe(409);
    expect(unsupported.body.code).toBe('CLIENT_SEEDS_UNSUPPORTED');
    const { body: oldStarted } = await t.http.post(`/v1/games/${old}/join`).set(bob.auth).send({}).expect(200);
    expect(oldStarted).toMatchObject({ seedDerivation: 1, clientSeeds: null });
    const stored = await storedGame(t, old);
    expect(stored.client_seeds).toBeNull();
    expect(canonicalJson(stored.state)).toBe(canonicalJson(toyGame.setup({ seats: 2, options: stored.options, seed: stored.seed })));
  });

  it('accepts a seed of exactly 64 characters', async () => {
    const alice = await newUser(t);
    const gameId = await openGame(alice);
    const { body } = await giveSeed(alice, gameId, 'x'.repeat(64)).expect(200);
    expect(body.clientSeeds).toEqual(['x'.repeat(64), null]);
  });
});

describe('records of games dealt from client seeds', () => {
  it('carry the seeds and derivation: the record verifies, imports, and refuses changed client seeds', async () => {
    const admin = await loginAdmin(t);
    const [alice, bob] = [await newUser(t), await newUser(t)];
    const gameId = (await t.http.post('/v1/games').set(alice.auth).send({ type: 'toy', seats: 2, options: { rounds: 1 } }).expect(201)).body.id;
    await giveSeed(alice, gameId, 'alice-r').expect(200);
    await t.http.post(`/v1/games/${gameId}/join`).set(bob.auth).send({ clientSeed: 'bob-r' }).expect(200);
    await playFirstLegal(t, gameId, [alice, bob], 10);
    const record = (await t.http.get(`/v1/games/${gameId}/record`).expect(200)).body;
    expect(record).toMatchObject({ format: 'boardgame-record/3', status: 'finished', seedDerivation: 2, clientSeeds: ['alice-r', 'bob-r'] });
    expect(verifyRecord({ toy: toyGame }, record).ok).toBe(true);
    const otherSeeds = verifyRecord({ toy: toyGame }, { ...record, clientSeeds: ['alice-r', null] });
    expect(otherSeeds.ok).toBe(false);
    const imported = await t.http.post('/v1/admin/games/import').set(admin).send(record);
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    expect(imported.body.verify.ok).toBe(true);
    expect((await storedGame(t, imported.body.id)).client_seeds).toEqual(['alice-r', 'bob-r']);
    for (const clientSeeds of [['alice-r', 'bob-x'], ['alice-r'], null]) {
      const refused = await t.http.post('/v1/admin/games/import').set(admin).send({ ...record, clientSeeds });
      expect(refused.status, JSON.stringify(clientSeeds)).toBe(422);
      expect(refused.body.code).toBe('RECORD_DOES_NOT_REPLAY');
    }
  });
});
