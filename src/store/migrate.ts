import { createHash, randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { connectionFor } from './primary.js';

/**
 * Applies prisma/migrations/<timestamp>_<name>/migration.sql in order and records each in Prisma's
 * own `_prisma_migrations` table (same columns, sha256 checksums), so `prisma migrate deploy` on
 * another machine sees the same history. An advisory lock keeps concurrent starts from racing.
 */
export const MIGRATIONS_DIR = join(import.meta.dirname, '..', '..', 'prisma', 'migrations');
const LOCK_ID = 72_707_369; // arbitrary, fixed: the key of the advisory lock held while migrating

const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
)`;

export interface MigrationFile {
  name: string;
  sql: string;
  checksum: string;
}

export async function readMigrations(dir = MIGRATIONS_DIR): Promise<MigrationFile[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const names = entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name).sort();
  return Promise.all(
    names.map(async (name) => {
      const sql = await readFile(join(dir, name, 'migration.sql'), 'utf8');
      return { name, sql, checksum: createHash('sha256').update(sql).digest('hex') };
    }),
  );
}

export class MigrationError extends Error {}

/** Returns the names of the migrations applied by this call. */
export async function migrate(databaseUrl: string, log: (line: string) => void = () => {}): Promise<string[]> {
  const migrations = await readMigrations();
  const { connectionString, Client } = connectionFor(databaseUrl);
  const client = new Client({ connectionString });
  // A migration reports what it changed in existing rows (e.g. renamed accounts) by RAISE NOTICE.
  let running: string | null = null;
  client.on('notice', (notice) => {
    if (running) log(`migration ${running}: ${notice.message}`);
  });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [LOCK_ID]);
    await client.query(CREATE_TABLE);
    const { rows } = await client.query<{ migration_name: string; checksum: string; finished_at: Date | null; rolled_back_at: Date | null }>(
      'SELECT migration_name, checksum, finished_at, rolled_back_at FROM "_prisma_migrations"',
    );
    const failed = rows.find((row) => row.finished_at === null && row.rolled_back_at === null);
    if (failed) throw new MigrationError(`migration ${failed.migration_name} failed earlier and was never resolved; fix the database by hand`);
    const applied = new Map(rows.filter((row) => row.finished_at !== null).map((row) => [row.migration_name, row.checksum]));
    const known = new Set(migrations.map((migration) => migration.name));
    const unknown = [...applied.keys()].filter((name) => !known.has(name));
    if (unknown.length > 0) throw new MigrationError(`the database has migrations this build does not know: ${unknown.join(', ')}`);
    const done: string[] = [];
    for (const migration of migrations) {
      const checksum = applied.get(migration.name);
      if (checksum !== undefined) {
        if (checksum !== migration.checksum) throw new MigrationError(`migration ${migration.name} was changed after it was applied (checksum differs)`);
        continue;
      }
      log(`applying migration ${migration.name}`);
      await client.query('BEGIN');
      try {
        running = migration.name;
        await client.query(migration.sql);
        running = null;
        await client.query(
          `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, started_at, applied_steps_count)
           VALUES ($1, $2, now(), $3, now(), 1)`,
          [randomUUID(), migration.checksum, migration.name],
        );
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw new MigrationError(`migration ${migration.name} failed: ${(error as Error).message}`);
      }
      done.push(migration.name);
    }
    return done;
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [LOCK_ID]).catch(() => {});
    await client.end();
  }
}
