import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { closeDb, createDb, type Db } from '../../src/store/db.js';
import { createDatabaseIfMissing, databaseUrlFor, startTemporaryReplicatedPostgres } from '../../src/store/embedded-postgres.js';
import { listenChannel } from '../../src/store/listen.js';
import { migrate } from '../../src/store/migrate.js';
import { connectionFor, parseDatabaseUrl } from '../../src/store/primary.js';
import { isDatabaseUnavailable, neverReachedDatabase } from '../../src/store/unavailable.js';
import { waitFor } from '../support/wait.js';

/**
 * A DATABASE_URL of several hosts (a failover cluster, docs/operations.md) follows the primary:
 * against a real primary and streaming standby, the pools connect to the writable host whatever
 * the order, and after the primary is lost and the standby promoted they reconnect by themselves;
 * what fails in between is "database unavailable" (503), never another error.
 */
describe('parseDatabaseUrl', () => {
  it('reads the host lists libpq and pg_autoctl show uri write', () => {
    const target = parseDatabaseUrl('postgresql://app:secret@10.0.0.1:5432,db-b:6543,[::1]/games?target_session_attrs=read-write&sslmode=disable');
    expect(target.hosts).toEqual([{ host: '10.0.0.1', port: 5432 }, { host: 'db-b', port: 6543 }, { host: '::1', port: 5432 }]);
    expect(target.followsPrimary).toBe(true);
    expect(target.urlFor(target.hosts[1]!)).toBe('postgresql://app:secret@db-b:6543/games?sslmode=disable');
    expect(target.urlFor(target.hosts[2]!)).toBe('postgresql://app:secret@[::1]:5432/games?sslmode=disable');
  });

  it('leaves a URL of one host alone (the embedded default and plain servers keep plain clients)', () => {
    const url = 'postgresql://postgres:embedded@127.0.0.1:5433/boardgames';
    expect(parseDatabaseUrl(url).followsPrimary).toBe(false);
    expect(connectionFor(url)).toMatchObject({ connectionString: url, Client: pg.Client, locator: null });
    expect(parseDatabaseUrl('postgres://h:1/db?target_session_attrs=primary').followsPrimary).toBe(true);
  });

  it('refuses what it cannot follow, at start-up', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgresql://a:5432,b:99999/db' })).toThrow(/DATABASE_URL: the port of "b:99999"/);
    expect(() => loadConfig({ DATABASE_URL: 'postgresql://a,b/db?target_session_attrs=standby' })).toThrow(/target_session_attrs=standby is not supported/);
    expect(loadConfig({ DATABASE_URL: 'postgresql://a:5432,b:5433/db?target_session_attrs=read-write' }).databaseUrl).toContain('a:5432,b:5433');
  });
});

describe('a pool over a primary and a standby', () => {
  let servers: Awaited<ReturnType<typeof startTemporaryReplicatedPostgres>>;
  let primaryUrl: string;
  let standbyUrl: string;
  let clusterUrl: string;
  let db: Db;

  const portOf = (url: string) => new URL(url).port;
  const serverPort = async () => (await db.pool.query<{ port: number }>('SELECT inet_server_port() AS port')).rows[0]!.port;
  /** A write through the raw pool: the port it landed on, or the error. */
  const write = async (): Promise<{ port: number } | { error: unknown }> => {
    try {
      return (await db.pool.query<{ port: number }>("INSERT INTO failover_probe (at) VALUES (now()) RETURNING inet_server_port() AS port")).rows[0]!;
    } catch (error) {
      return { error };
    }
  };

  beforeAll(async () => {
    servers = await startTemporaryReplicatedPostgres('bgs-primary-test-', () => {});
    primaryUrl = await createDatabaseIfMissing(servers.primary.url, 'app');
    await migrate(primaryUrl);
    const setup = new pg.Client({ connectionString: primaryUrl });
    await setup.connect();
    await setup.query('CREATE TABLE failover_probe (at timestamptz)');
    await setup.end();
    standbyUrl = databaseUrlFor(servers.replica.url, 'app');
    await waitFor(async () => {
      const client = new pg.Client({ connectionString: standbyUrl });
      try {
        await client.connect();
        return (await client.query("SELECT to_regclass('public.failover_probe') IS NOT NULL AS ready")).rows[0].ready === true ? true : undefined;
      } catch {
        return undefined;
      } finally {
        await client.end().catch(() => {});
      }
    }, 30_000, 'the database on the standby');
    // The standby first: the pools must skip it. Both share user and password (a copy of one cluster).
    const standby = new URL(standbyUrl);
    const primary = new URL(primaryUrl);
    clusterUrl = `postgresql://${standby.username}:${standby.password}@127.0.0.1:${standby.port},127.0.0.1:${primary.port}/app?target_session_attrs=read-write`;
    db = createDb(clusterUrl, { poolSize: 3, cachedGames: 0, groupCommit: false, catchUp: () => null as never, listCountCap: 100, lobbyCountCap: 100, poolWaitMs: 2000, lockTimeoutMs: 5000, gameLockWaiters: 4, poolGuard: true });
  }, 180_000);

  afterAll(async () => {
    if (db) await closeDb(db);
    await servers?.stop();
  });

  it('connects every pool (raw, Prisma, LISTEN, the migrator) to the primary, whatever the order', async () => {
    expect(String(await serverPort())).toBe(portOf(primaryUrl));
    const [{ port }] = await db.$queryRaw<{ port: number }[]>`SELECT inet_server_port() AS port`;
    expect(String(port)).toBe(portOf(primaryUrl));
    expect(await migrate(clusterUrl)).toEqual([]);
    const heard: string[] = [];
    const listener = listenChannel(clusterUrl, 'failover_test', { onMessage: (payload) => heard.push(payload), onConnected: () => {} }, { warn: () => {} });
    await listener.ready;
    expect(listener.connected()).toBe(true);
    await db.pool.query("NOTIFY failover_test, 'hello'");
    await waitFor(async () => (heard.includes('hello') ? true : undefined), 10_000, 'the notification');
    await listener.close();
  });

  it('after the primary is lost and the standby promoted, answers "unavailable" in between and then writes to the new primary', async () => {
    await servers.primary.stop();
    const outcomes: unknown[] = [];
    const admin = new pg.Client({ connectionString: standbyUrl });
    await admin.connect();
    await admin.query('SELECT pg_promote()');
    await admin.end();
    const landed = await waitFor(async () => {
      const result = await write();
      if ('port' in result) return result;
      outcomes.push(result.error);
      return undefined;
    }, 30_000, 'a write on the promoted standby');
    expect(String(landed.port)).toBe(portOf(standbyUrl));
    // Every failure before it said "the database is unavailable" (a 503 with Retry-After), none was another error.
    expect(outcomes.length).toBeGreaterThan(0);
    for (const error of outcomes) expect(isDatabaseUnavailable(error), String(error)).toBe(true);
  });

  it('drops a connection whose host turned read-only, and refuses with "unavailable" (nothing written) while no host writes', async () => {
    expect(String(await serverPort())).toBe(portOf(standbyUrl));
    const before = db.pool.totalCount;
    expect(before).toBeGreaterThan(0);
    const admin = new pg.Client({ connectionString: standbyUrl });
    await admin.connect();
    // What a demotion looks like to a connection that survives it: every write refused (SQLSTATE 25006).
    await admin.query('ALTER SYSTEM SET default_transaction_read_only = on');
    await admin.query('SELECT pg_reload_conf()');
    try {
      const refused = await waitFor(async () => {
        const result = await write();
        return 'error' in result ? result.error : undefined;
      }, 10_000, 'a write refused as read-only');
      expect((refused as { code?: string }).code).toBe('25006');
      expect(isDatabaseUnavailable(refused)).toBe(true);
      expect(neverReachedDatabase(refused)).toBe(true);
      await waitFor(async () => (db.pool.totalCount < before ? true : undefined), 10_000, 'the read-only connection leaving the pool');
      // The only other host is down: a new connection finds no primary (SQLSTATE 08001).
      const { error } = (await waitFor(async () => {
        const result = await write();
        return 'error' in result && (result.error as { code?: string }).code === '08001' ? result : undefined;
      }, 10_000, 'no primary found')) as { error: Error };
      expect(error.message).toMatch(/no host of .* answers as a writable primary/);
      expect(isDatabaseUnavailable(error)).toBe(true);
      expect(neverReachedDatabase(error)).toBe(true);
    } finally {
      await admin.query('ALTER SYSTEM RESET default_transaction_read_only');
      await admin.query('SELECT pg_reload_conf()');
      await admin.end();
    }
    expect('port' in (await waitFor(async () => ('port' in (await write()) ? { port: 0 } : undefined), 10_000, 'writes again'))).toBe(true);
  });
});
