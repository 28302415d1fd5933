import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import supertest from 'supertest';
import { inject } from 'vitest';
import { buildApp, type AppOptions } from '../../src/app.js';
import { loadConfig, NO_LOAD_SHEDDING, type Config } from '../../src/config.js';
import type { AnyGameDefinition } from '../../src/engine/types.js';
import { setupInputOf } from '../../src/engine/deal.js';
import { databaseUrlFor } from '../../src/store/embedded-postgres.js';
import { findGame } from '../../src/store/games.js';
import { migrate } from '../../src/store/migrate.js';
import { poolRuleViolations } from '../../src/store/pool-guard.js';
import { toyGame } from './toy-game.js';

/**
 * A fresh, migrated database per test file on the shared test server, and an app built on it.
 * Platform tests serve the toy game unless they pass a catalog.
 */
export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256!!';
export const ADMIN = { username: 'root_admin', password: 'admin-password-1' };

export async function createTestDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = inject('adminDatabaseUrl');
  const name = `bgs_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = databaseUrlFor(adminUrl, name);
  return {
    url,
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/**
 * Every test server runs with the pool guard on (store/pool-guard.ts): code that holds a pooled
 * connection and asks the pool for another fails at once, in whichever test reaches it, instead of
 * deadlocking only when a crowd fills the pool. Shedding is off (tests of shedding turn it back on).
 */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({ JWT_SECRET: TEST_JWT_SECRET, ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, LOG_LEVEL: 'silent', RATE_LIMITS: 'false', DATABASE_POOL_GUARD: 'true', ...NO_LOAD_SHEDDING }),
    ...overrides,
  };
}

export interface TestApp {
  app: FastifyInstance;
  http: supertest.Agent;
  databaseUrl: string;
  /** A direct connection for assertions and for tampering in audit tests. */
  sql: pg.Pool;
  close(): Promise<void>;
}

export interface TestAppOptions {
  catalog?: Record<string, AnyGameDefinition>;
  config?: Partial<Config>;
  listen?: boolean;
  /** A controllable clock for the services. */
  now?: () => Date;
  workers?: boolean;
  /** An existing database (a second server process on the same data); default: a fresh one. */
  databaseUrl?: string;
  /** Runs inside each due-work claim before its commit (see AppOptions). */
  beforeDueCommit?: AppOptions['beforeDueCommit'];
  /** false: the test calls `app.startWorkers()` itself (e.g. after spying on the log). Default true. */
  startWorkers?: boolean;
  /** Where the log lines go (with `config.logLevel` above silent). */
  logStream?: AppOptions['logStream'];
}

export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = options.databaseUrl ? { url: options.databaseUrl, drop: async () => {} } : await createTestDatabase();
  await migrate(database.url);
  const violationsBefore = poolRuleViolations.length;
  const app = await buildApp({ config: testConfig(options.config), databaseUrl: database.url, catalog: options.catalog ?? { toy: toyGame }, now: options.now, workers: options.workers, beforeDueCommit: options.beforeDueCommit, logStream: options.logStream });
  if (options.listen) await app.listen({ port: 0, host: '127.0.0.1' });
  else await app.ready();
  if (options.startWorkers !== false) await app.startWorkers();
  const sql = new pg.Pool({ connectionString: database.url, max: 2 });
  // An idle connection of this pool cut when a test database is dropped (WITH FORCE) is no test failure.
  sql.on('error', () => {});
  return {
    app,
    http: supertest.agent(app.server),
    databaseUrl: database.url,
    sql,
    async close() {
      await app.close();
      await sql.end();
      await database.drop();
      // A request answers the guard's refusal as a 500 a test may not look at, and background work only logs it.
      const violations = poolRuleViolations.slice(violationsBefore);
      if (violations.length > 0) throw new Error(`the pool rule was broken ${violations.length} time(s) while this server ran; the first:\n${violations[0]}`);
    },
  };
}

/** The setup input of a stored game row (`storedGame`, SELECT * FROM games): its deal seed, not its server seed. */
export const setupInputOfRow = (row: { seat_count: number; options: unknown; seed: string; seed_derivation: number; client_seeds: (string | null)[] | null; rules_version: number }) =>
  setupInputOf({ seatCount: row.seat_count, options: row.options, seed: row.seed, seedDerivation: row.seed_derivation, clientSeeds: row.client_seeds, rulesVersion: row.rules_version });

/**
 * A game's row as stored, but with `state` its newest: the stored state is only a snapshot (the
 * move path writes it every few versions), so this reads it as the service does (store/games.ts).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a row as pg returns it, as the tests read it before
export async function storedGame(t: TestApp, gameId: string): Promise<any> {
  const row = (await t.sql.query('SELECT * FROM games WHERE id = $1', [gameId])).rows[0];
  const game = await findGame(t.app.services.db, gameId);
  if (!row || !game) throw new Error(`no game ${gameId}`);
  return { ...row, state: game.state };
}

let counter = 0;
/** Registers a fresh user; returns its token and id. */
export async function newUser(t: TestApp, prefix = 'user'): Promise<{ token: string; id: string; username: string; auth: { Authorization: string } }> {
  const username = `${prefix}_${process.pid}_${++counter}`;
  const response = await t.http.post('/v1/auth/register').send({ username, password: 'correct horse battery' }).expect(201);
  const token = response.body.token as string;
  return { token, id: response.body.user.id, username, auth: { Authorization: `Bearer ${token}` } };
}

export async function loginAdmin(t: TestApp): Promise<{ Authorization: string }> {
  const response = await t.http.post('/v1/auth/login').send(ADMIN).expect(200);
  return { Authorization: `Bearer ${response.body.token}` };
}

/**
 * A started 2-player game of `type` between two fresh users (Alice created it, Bob joined), `moves`
 * first legal moves into it (playFirstLegal).
 */
export async function startedGame(t: TestApp, type: string, { options = {}, moves = 0 }: { options?: Record<string, unknown>; moves?: number } = {}) {
  const alice = await newUser(t, 'alice');
  const bob = await newUser(t, 'bob');
  const created = await t.http.post('/v1/games').set(alice.auth).send({ type, seats: 2, options }).expect(201);
  const gameId = created.body.id as string;
  await t.http.post(`/v1/games/${gameId}/join`).set(bob.auth).send({}).expect(200);
  if (moves > 0) await playFirstLegal(t, gameId, [alice, bob], moves);
  return { alice, bob, gameId };
}

/** A started 2-player toy game between two fresh users. */
export const startedToyGame = (t: TestApp, options: Record<string, unknown> = {}) => startedGame(t, 'toy', { options });

/**
 * Plays up to `count` moves through the API, each the first legal action of the seat to act
 * (`seats[i]` plays seat i), stopping early when the game is no longer active.
 */
export async function playFirstLegal(t: TestApp, gameId: string, seats: { auth: { Authorization: string } }[], count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    const game = (await t.http.get(`/v1/games/${gameId}`).set(seats[0]!.auth).expect(200)).body as { activeSeats: number[]; status: string };
    if (game.status !== 'active') return;
    const player = seats[game.activeSeats[0]!]!;
    const legal = (await t.http.get(`/v1/games/${gameId}/legal-actions`).set(player.auth).expect(200)).body;
    await t.http.post(`/v1/games/${gameId}/actions`).set(player.auth).send({ action: legal.actions[0], expectedVersion: legal.version }).expect(201);
  }
}
