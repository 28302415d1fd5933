import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { createDatabaseIfMissing, databaseUrlFor, startTemporaryReplicatedPostgres } from '../../src/store/embedded-postgres.js';
import { migrate } from '../../src/store/migrate.js';
import { loginAdmin, newUser, startTestApp, type TestApp } from '../support/api.js';
import { waitFor } from '../support/wait.js';

const until = (probe: () => Promise<boolean>, what: string, timeoutMs = 15_000) => waitFor(async () => ((await probe()) ? true : undefined), timeoutMs, what);

/**
 * DATABASE_READ_URL against a real streaming replica (docs/scaling.md §2): the lists read the
 * replica, everything that decides or writes reads the primary. The replica's replay is paused to
 * make its lag visible: what the lists show then is the replica's, what a move sees is the primary's.
 */
let servers: Awaited<ReturnType<typeof startTemporaryReplicatedPostgres>>;
let t: TestApp;
let replica: pg.Client;

beforeAll(async () => {
  servers = await startTemporaryReplicatedPostgres('bgs-replica-test-', () => {});
  const primaryUrl = await createDatabaseIfMissing(servers.primary.url, 'app');
  await migrate(primaryUrl);
  const replicaUrl = databaseUrlFor(servers.replica.url, 'app');
  // The new database and its tables reach the replica through the WAL.
  await until(async () => {
    const client = new pg.Client({ connectionString: replicaUrl });
    try {
      await client.connect();
      return (await client.query("SELECT to_regclass('public.games') IS NOT NULL AS ready")).rows[0].ready === true;
    } catch {
      return false;
    } finally {
      await client.end().catch(() => {});
    }
  }, 'the migrated database on the replica', 30_000);
  replica = new pg.Client({ connectionString: replicaUrl });
  await replica.connect();
  t = await startTestApp({ databaseUrl: primaryUrl, config: { databaseReadUrl: replicaUrl } });
}, 180_000);

afterAll(async () => {
  await replica?.query('SELECT pg_wal_replay_resume()').catch(() => {});
  await replica?.end();
  await t?.close();
  await servers?.stop();
});

const lobbyIds = async (auth: { Authorization: string }) => ((await t.http.get('/v1/lobby').set(auth).expect(200)).body.games as { id: string }[]).map((game) => game.id);
const myGameIds = async (auth: { Authorization: string }) => ((await t.http.get('/v1/games?mine=true').set(auth).expect(200)).body.games as { id: string }[]).map((game) => game.id);

describe('a read replica (DATABASE_READ_URL)', { timeout: 120_000 }, () => {
  it('is in recovery: the service reads it, the primary takes every write', async () => {
    expect((await replica.query('SELECT pg_is_in_recovery() AS standby')).rows[0].standby).toBe(true);
    expect(t.app.services.db.reads).not.toBe(t.app.services.db);
    const names = (await t.sql.query("SELECT application_name FROM pg_stat_replication WHERE state = 'streaming'")).rows.map((row) => row.application_name);
    expect(names).toEqual(['replica']);
    const metrics = (await t.http.get('/metrics').expect(200)).text;
    expect(metrics).toMatch(/^db_read_pool_connections\{state="idle"\} \d+$/m);
  });

  it('serves the lobby, "my games", the admin search and profiles from the replica, while joins and moves decide on the primary', async () => {
    const alice = await newUser(t, 'alice');
    const bob = await newUser(t, 'bob');
    const admin = await loginAdmin(t);
    const first = (await t.http.post('/v1/games').set(alice.auth).send({ type: 'toy', seats: 2 }).expect(201)).body;
    await until(async () => (await lobbyIds(bob.auth)).includes(first.id), 'the first game in the lobby, read from the replica');

    await replica.query('SELECT pg_wal_replay_pause()');
    await until(async () => (await replica.query('SELECT pg_get_wal_replay_pause_state() AS state')).rows[0].state === 'paused', 'the replica paused');
    // Written to the primary while the replica stands still.
    const second = (await t.http.post('/v1/games').set(alice.auth).send({ type: 'toy', seats: 2 }).expect(201)).body;
    await t.http.post(`/v1/games/${first.id}/join`).set(bob.auth).send({}).expect(200);
    const carol = await newUser(t, 'carol');

    // Reads that tolerate lag show the replica's past: the second game is not listed yet, the first still open.
    expect(await lobbyIds(bob.auth)).toEqual([first.id]);
    expect(await myGameIds(alice.auth)).toEqual([first.id]);
    const search = (await t.http.get('/v1/admin/games?status=open').set(admin).expect(200)).body;
    expect(search.items.map((game: { id: string }) => game.id)).toEqual([first.id]);
    await t.http.get(`/v1/users/${carol.username}/profile`).expect(404);

    // What decides reads the primary: the game started by Bob's join takes a move, the second game is there to join.
    const started = (await t.http.get(`/v1/games/${first.id}`).set(alice.auth).expect(200)).body;
    expect(started.status).toBe('active');
    const moved = (await t.http.post(`/v1/games/${first.id}/actions`).set(alice.auth).send({ action: { type: 'pass' }, expectedVersion: started.version }).expect(201)).body;
    expect(moved.version).toBe(started.version + 1);
    expect((await t.http.get(`/v1/games/${second.id}`).set(bob.auth).expect(200)).body.status).toBe('open');

    await replica.query('SELECT pg_wal_replay_resume()');
    await until(async () => {
      const lobby = await lobbyIds(bob.auth);
      return lobby.includes(second.id) && !lobby.includes(first.id);
    }, 'the lobby caught up with the primary once the replica replays again');
    expect(new Set(await myGameIds(alice.auth))).toEqual(new Set([first.id, second.id]));
    expect((await t.http.get(`/v1/users/${carol.username}/profile`).expect(200)).body.username).toBe(carol.username);
  });
});

describe('a game\'s events from the read replica', { timeout: 120_000 }, () => {
  it('come from the replica once it has them all, and from the primary while it lags: a log or record is never short', async () => {
    const alice = await newUser(t, 'alice');
    const bob = await newUser(t, 'bob');
    // Two rounds: four moves end it (a record is of a game that is over).
    const game = (await t.http.post('/v1/games').set(alice.auth).send({ type: 'toy', seats: 2, options: { rounds: 2 } }).expect(201)).body;
    await t.http.post(`/v1/games/${game.id}/join`).set(bob.auth).send({}).expect(200);
    const pass = async (player: { auth: { Authorization: string } }) => (await t.http.post(`/v1/games/${game.id}/actions`).set(player.auth).send({ action: { type: 'pass' } }).expect(201)).body.version as number;
    await pass(alice);
    const version = await pass(bob);
    // Connections the service takes from its replica pool while it answers.
    const replicaPool = t.app.services.db.reads.pool;
    const replicaReads = async (read: () => Promise<unknown>) => {
      let taken = 0;
      const count = () => taken++;
      replicaPool.on('acquire', count);
      try {
        await read();
      } finally {
        replicaPool.off('acquire', count);
      }
      return taken;
    };
    const log = async () => (await t.http.get(`/v1/games/${game.id}/log`).set(alice.auth).expect(200)).body as { version: number; events: { seq: number }[] };
    await until(async () => (await replica.query('SELECT count(*)::int AS n FROM game_events WHERE game_id = $1', [game.id])).rows[0].n === version, 'the moves on the replica');
    expect(await replicaReads(async () => expect((await log()).events.map((event) => event.seq)).toEqual([1, 2, 3]))).toBeGreaterThan(0);

    await replica.query('SELECT pg_wal_replay_pause()');
    try {
      await until(async () => (await replica.query('SELECT pg_get_wal_replay_pause_state() AS state')).rows[0].state === 'paused', 'the replica paused');
      await pass(alice);
      const latest = await pass(bob);
      // The replica lacks the last two events: the log and the record still have them (read from the primary).
      const whileLagging = await log();
      expect(whileLagging.version).toBe(latest);
      expect(whileLagging.events.map((event) => event.seq)).toEqual([1, 2, 3, 4, 5]);
      const record = (await t.http.get(`/v1/games/${game.id}/record`).set(alice.auth).expect(200)).body as { events: unknown[] };
      expect(record.events).toHaveLength(latest);
    } finally {
      await replica.query('SELECT pg_wal_replay_resume()');
    }
  });
});

describe('DATABASE_READ_URL settings', () => {
  it('is refused when it is no PostgreSQL URL, or without DATABASE_URL (an embedded database has no replica)', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://db/app', DATABASE_READ_URL: 'mysql://replica/app' })).toThrow('DATABASE_READ_URL must be a postgres:// or postgresql:// URL');
    expect(() => loadConfig({ DATABASE_READ_URL: 'postgres://replica/app' })).toThrow('DATABASE_READ_URL needs DATABASE_URL');
    expect(loadConfig({ DATABASE_URL: 'postgres://db/app', DATABASE_READ_URL: 'postgres://replica/app', DATABASE_READ_POOL_SIZE: '4' })).toMatchObject({ databaseReadUrl: 'postgres://replica/app', databaseReadPoolSize: 4 });
    expect(loadConfig({}).databaseReadUrl).toBeNull();
  });
});
