import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb, createDb, type Db } from '../../src/store/db.js';
import { createDatabaseIfMissing, startTemporaryReplicatedPostgres } from '../../src/store/embedded-postgres.js';
import { isDatabaseUnavailable, neverReachedDatabase } from '../../src/store/unavailable.js';
import { waitFor } from '../support/wait.js';

/**
 * A commit that the synchronous standby has not confirmed is visible on the primary (to other
 * sessions while it waits, and to everyone once a crash and restart of the primary's PostgreSQL
 * replays it); a failover to the standby then loses it, and a reader that saw it sees the game go
 * back (the failover test's "version went back", CI of 2026-11-29). A connection of the service
 * to a followed primary therefore serves nothing until the synchronous standby holds everything
 * the primary committed (store/primary.ts, standbyHasEverything). Here a real primary and
 * standby: a row committed with synchronous_commit = local while the synchronous standby named is
 * one that never confirms stands for the commit the standby never received.
 */
describe('a new connection to a primary with a synchronous standby', () => {
  let servers: Awaited<ReturnType<typeof startTemporaryReplicatedPostgres>>;
  let primaryUrl: string;
  let admin: pg.Client;
  const opened: Db[] = [];

  /** The service's pools over the followed primary (target_session_attrs=read-write), new each time so every connection is new. */
  const serviceDb = (poolWaitMs = 2000) => {
    const url = new URL(primaryUrl);
    url.searchParams.set('target_session_attrs', 'read-write');
    const db = createDb(url.toString(), { poolSize: 2, cachedGames: 0, groupCommit: false, catchUp: () => null as never, listCountCap: 100, lobbyCountCap: 100, poolWaitMs, lockTimeoutMs: 5000, gameLockWaiters: 4, poolGuard: true });
    opened.push(db);
    return db;
  };
  const notes = async (db: Db) => (await db.pool.query<{ note: string }>('SELECT note FROM standby_probe ORDER BY note')).rows.map((row) => row.note);
  const synchronousStandby = async (names: string) => {
    await admin.query(`ALTER SYSTEM SET synchronous_standby_names = '${names}'`);
    await admin.query('SELECT pg_reload_conf()');
    await waitFor(async () => ((await admin.query('SHOW synchronous_standby_names')).rows[0].synchronous_standby_names === names ? true : undefined), 10_000, 'the new setting');
  };

  beforeAll(async () => {
    servers = await startTemporaryReplicatedPostgres('bgs-sync-standby-test-', () => {});
    primaryUrl = await createDatabaseIfMissing(servers.primary.url, 'app');
    admin = new pg.Client({ connectionString: primaryUrl });
    await admin.connect();
    await admin.query('CREATE TABLE standby_probe (note text)');
    await admin.query("INSERT INTO standby_probe VALUES ('confirmed')");
    // The standby of startTemporaryReplicatedPostgres connects as application_name=replica.
    await synchronousStandby('replica');
    await waitFor(async () => ((await admin.query("SELECT 1 FROM pg_stat_replication WHERE application_name = 'replica' AND sync_state = 'sync'")).rowCount === 1 ? true : undefined), 30_000, 'the standby to be synchronous');
  }, 180_000);

  afterAll(async () => {
    for (const db of opened) await closeDb(db).catch(() => {});
    await admin?.end().catch(() => {});
    await servers?.stop();
  });

  it('serves at once while the synchronous standby confirms', async () => {
    const started = Date.now();
    expect(await notes(serviceDb())).toEqual(['confirmed']);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('shows nothing the standby has not confirmed: the connection waits, then the request is "unavailable" with nothing sent; once the standby confirms, it serves', async () => {
    await synchronousStandby('ghost');
    const writer = new pg.Client({ connectionString: primaryUrl });
    await writer.connect();
    await writer.query('SET synchronous_commit = local');
    await writer.query("INSERT INTO standby_probe VALUES ('unconfirmed')");
    await writer.end();
    // A session already open sees it: that is PostgreSQL's behaviour this guards against.
    expect((await admin.query('SELECT count(*)::int AS n FROM standby_probe')).rows[0].n).toBe(2);

    const waiting = serviceDb();
    const started = Date.now();
    const error = await notes(waiting).then((rows) => rows, (caught: unknown) => caught);
    expect(Array.isArray(error), `a new connection served ${JSON.stringify(error)}`).toBe(false);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
    expect(isDatabaseUnavailable(error), String(error)).toBe(true);
    expect(neverReachedDatabase(error), String(error)).toBe(true);

    // A cancel of the wait (pg_cancel_backend; statement_timeout never reaches a commit) makes
    // PostgreSQL say WARNING and the commit "succeed" locally: the connection must still refuse to serve.
    // (The backends of the connections the pool gave up on above wait too: every waiting one is cancelled until this read ends.)
    let settled = false;
    const cancelledRead = notes(serviceDb(20_000)).then((rows) => rows, (caught: unknown) => caught).finally(() => (settled = true));
    await waitFor(async () => {
      await admin.query("SELECT pg_cancel_backend(pid) FROM pg_stat_activity WHERE wait_event = 'SyncRep' AND query LIKE '%replicated before serving%'");
      return settled ? true : undefined;
    }, 15_000, 'the cancelled wait to end the read');
    const cancelled = await cancelledRead;
    expect(Array.isArray(cancelled), `a connection whose wait was cancelled served ${JSON.stringify(cancelled)}`).toBe(false);
    expect(String(cancelled)).toMatch(/its synchronous standby did not confirm its commits/);
    expect(isDatabaseUnavailable(cancelled)).toBe(true);
    expect(neverReachedDatabase(cancelled)).toBe(true);

    await synchronousStandby('replica');
    expect(await waitFor(async () => notes(serviceDb()).catch(() => undefined), 20_000, 'a connection that serves')).toEqual(['confirmed', 'unconfirmed']);
  });

  it('serves at once when the primary has no synchronous standby (one node left: pg_auto_failover empties the setting)', async () => {
    await synchronousStandby('');
    const started = Date.now();
    expect(await notes(serviceDb())).toEqual(['confirmed', 'unconfirmed']);
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
