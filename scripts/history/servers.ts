/**
 * Real server processes for the black-box checks (`npm run races`, `npm run soak`, the history
 * test): a fresh database (on DATABASE_URL's server, else a throw-away embedded PostgreSQL, as
 * `npm run bench` does) and N processes started exactly as `npm start` starts one
 * (`node --import tsx src/main.ts`), sharing it. A process can be SIGKILLed and started again on
 * its port.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { openSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { databaseUrlFor, startTemporaryPostgres } from '../../src/store/embedded-postgres.js';
import { migrate } from '../../src/store/migrate.js';
import { connectionFor } from '../../src/store/primary.js';
import { freePort } from '../../src/net/free-port.js';
import { sql } from '../sql.js';
import { NO_LOAD_SHEDDING } from '../../src/config.js';

export const ADMIN = { username: 'history_admin', password: 'history-admin-password' };
const JWT_SECRET = 'history-checker-secret-long-enough-for-hs256!';
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface Database {
  url: string;
  /** Runs one statement on the database (set-up only: the checks read through the API). */
  query(text: string, values?: unknown[]): Promise<pg.QueryResultRow[]>;
  drop(): Promise<void>;
}

/** A fresh, migrated database on `serverUrl` (default DATABASE_URL, else a temporary embedded PostgreSQL; several hosts: the primary's). */
export async function freshDatabase(serverUrl = process.env.DATABASE_URL?.trim() || null, say: (line: string) => void = () => {}): Promise<Database> {
  let stopEmbedded: (() => Promise<void>) | null = null;
  if (!serverUrl) {
    say('DATABASE_URL is not set: starting a temporary embedded PostgreSQL');
    const embedded = await startTemporaryPostgres('bgs-history-pg-', () => {});
    serverUrl = embedded.url;
    stopEmbedded = () => embedded.stop();
  }
  const name = `bgs_history_${randomBytes(5).toString('hex')}`;
  await sql(serverUrl, `CREATE DATABASE ${name}`);
  const url = databaseUrlFor(serverUrl, name);
  await migrate(url);
  const pool = new pg.Pool({ ...connectionFor(url), max: 1 });
  pool.on('error', () => {});
  return {
    url,
    query: async (text, values = []) => (await pool.query(text, values)).rows,
    async drop() {
      await pool.end().catch(() => {});
      await sql(serverUrl!, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
      await stopEmbedded?.();
    },
  };
}

export interface ServerProcess {
  readonly name: string;
  readonly baseUrl: string;
  /** True between a kill and the restarted process answering /ready. */
  readonly down: boolean;
  /** SIGKILL: no goodbye, requests in flight are cut. */
  kill(): Promise<void>;
  /** Start again on the same port; resolves once /ready answers 200. */
  restart(): Promise<void>;
  /** SIGTERM and wait. */
  stop(): Promise<void>;
}

export interface ServerOptions {
  databaseUrl: string;
  /** Extra environment (e.g. LOG_LEVEL, DUE_POLL_MS). */
  env?: Record<string, string>;
  /** Where the processes' output goes (default /dev/null). */
  logFile?: string;
}

async function waitReady(baseUrl: string, child: ChildProcess, timeoutMs = 600_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server process exited (${child.exitCode ?? child.signalCode}) before it was ready`);
    try {
      if ((await fetch(`${baseUrl}/ready`)).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server at ${baseUrl} not ready after ${timeoutMs} ms`);
}

/** Starts one process as `npm start` does (without the web build of `prestart`: the checks use the API only). */
export async function startServer(name: string, options: ServerOptions): Promise<ServerProcess> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const out = openSync(options.logFile ?? '/dev/null', 'a');
  const env = {
    ...process.env,
    PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: options.databaseUrl, JWT_SECRET,
    ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password,
    // The clients are many accounts on one address, far past the default per-address limits.
    RATE_LIMITS: 'false', OPEN_GAMES_PER_ACCOUNT: '1000', LOG_LEVEL: 'warn', REDIS_URL: '',
    // The history checks judge what was written under racing and killing, not load shedding (npm run overload
    // measures that): as in the test config, nothing is refused OVERLOADED (a CI run saw the set-up's burst of
    // registrations refused while a failover cluster and the services shared 2 cores).
    ...NO_LOAD_SHEDDING,
    ...options.env,
  };
  let child: ChildProcess;
  let down = true;
  const launch = async () => {
    child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { cwd: ROOT, env, stdio: ['ignore', out, out] });
    await waitReady(baseUrl, child);
    down = false;
  };
  const exited = () => child.exitCode !== null || child.signalCode !== null;
  const signal = (sig: NodeJS.Signals) => new Promise<void>((resolve) => {
    if (exited()) return resolve();
    child.once('exit', () => resolve());
    child.kill(sig);
  });
  await launch();
  return {
    name,
    baseUrl,
    get down() {
      return down;
    },
    async kill() {
      down = true;
      await signal('SIGKILL');
    },
    restart: launch,
    async stop() {
      down = true;
      await signal('SIGTERM');
    },
  };
}
