import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, MigrationError, readMigrations } from '../../src/store/migrate.js';
import { createTestDatabase } from '../support/api.js';
import { readPrismaSchema } from '../support/prisma-schema.js';

/** schema.prisma and the SQL migrations must describe the same database. */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let sql: pg.Pool;
beforeAll(async () => {
  database = await createTestDatabase();
  await migrate(database.url);
  sql = new pg.Pool({ connectionString: database.url, max: 2 });
});
afterAll(async () => {
  await sql?.end();
  await database?.drop();
});

const expected = readPrismaSchema(join(import.meta.dirname, '..', '..', 'prisma', 'schema.prisma'));
const sortBy = <T>(items: T[], key: (item: T) => string) => [...items].sort((a, b) => key(a).localeCompare(key(b)));

describe('schema.prisma against the migrated database', () => {
  it('has the same tables and columns, with the same types and nullability', async () => {
    const { rows } = await sql.query(`
      SELECT c.table_name AS table, c.column_name AS column,
             format_type(a.atttypid, a.atttypmod) AS type, c.is_nullable = 'YES' AS nullable
      FROM information_schema.columns c
      JOIN pg_attribute a ON a.attrelid = (quote_ident(c.table_name))::regclass AND a.attname = c.column_name
      WHERE c.table_schema = 'public' AND c.table_name <> '_prisma_migrations'`);
    const key = (column: { table: string; column: string }) => `${column.table}.${column.column}`;
    const normalize = (type: string) => type.replace(/^timestamp\(3\) with time zone$/, 'timestamp(3) with time zone').replace(/^"?(\w+)"?(\[\])?$/, '$1$2');
    expect(sortBy(rows.map((row) => ({ ...row, type: normalize(row.type) })), key)).toEqual(sortBy(expected.columns, key));
  });

  it('has the same enums', async () => {
    const { rows } = await sql.query(`SELECT t.typname AS name, array_agg(e.enumlabel::text ORDER BY e.enumsortorder) AS labels FROM pg_type t JOIN pg_enum e ON e.enumtypid = t.oid GROUP BY t.typname`);
    expect(new Map(rows.map((row) => [row.name, row.labels]))).toEqual(expected.enums);
  });

  it('has the same indexes (primary keys, unique and plain), by Prisma names and columns', async () => {
    const { rows } = await sql.query(`
      SELECT t.relname AS table, i.relname AS name, ix.indisunique AS unique,
             array_agg(a.attname::text ORDER BY k.ord) AS columns
      FROM pg_index ix
      JOIN pg_class i ON i.oid = ix.indexrelid
      JOIN pg_class t ON t.oid = ix.indrelid
      JOIN pg_namespace n ON n.oid = t.relnamespace AND n.nspname = 'public'
      CROSS JOIN LATERAL unnest(ix.indkey) WITH ORDINALITY AS k(attnum, ord)
      JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum
      WHERE t.relname <> '_prisma_migrations' AND ix.indpred IS NULL
      GROUP BY t.relname, i.relname, ix.indisunique`);
    expect(sortBy(rows, (row) => row.name)).toEqual(sortBy(expected.indexes, (index) => index.name));
  });

  it('has the partial and expression indexes Prisma cannot state, which schema.prisma names in comments', async () => {
    const { rows } = await sql.query(`
      SELECT i.relname AS name FROM pg_index ix JOIN pg_class i ON i.oid = ix.indexrelid JOIN pg_class t ON t.oid = ix.indrelid
      JOIN pg_namespace n ON n.oid = t.relnamespace AND n.nspname = 'public'
      WHERE ix.indpred IS NOT NULL OR 0 = ANY(ix.indkey::int2[]) ORDER BY 1`);
    expect(rows.map((row) => row.name)).toEqual(expected.unstatedIndexes);
  });

  it('has the same foreign keys with the same delete rules', async () => {
    const { rows } = await sql.query(`
      SELECT tc.table_name AS table, tc.constraint_name AS name, ccu.table_name AS references, rc.delete_rule AS rule,
             array_agg(kcu.column_name::text ORDER BY kcu.ordinal_position) AS columns
      FROM information_schema.table_constraints tc
      JOIN information_schema.key_column_usage kcu ON kcu.constraint_name = tc.constraint_name
      JOIN information_schema.referential_constraints rc ON rc.constraint_name = tc.constraint_name
      JOIN information_schema.constraint_column_usage ccu ON ccu.constraint_name = tc.constraint_name
      WHERE tc.constraint_type = 'FOREIGN KEY'
      GROUP BY tc.table_name, tc.constraint_name, ccu.table_name, rc.delete_rule`);
    const rules: Record<string, string> = { CASCADE: 'Cascade', 'SET NULL': 'SetNull', RESTRICT: 'Restrict', 'NO ACTION': 'NoAction' };
    const actual = rows.map((row) => ({ table: row.table, name: row.name, columns: row.columns, references: row.references, onDelete: rules[row.rule] }));
    expect(sortBy(actual, (key) => key.name)).toEqual(sortBy(expected.foreignKeys, (key) => key.name));
  });
});

describe('the migration runner', () => {
  it("records every migration in Prisma's _prisma_migrations table with its sha256 checksum", async () => {
    const files = await readMigrations();
    const { rows } = await sql.query('SELECT migration_name, checksum, finished_at, applied_steps_count FROM _prisma_migrations ORDER BY migration_name');
    expect(rows.map((row) => [row.migration_name, row.checksum])).toEqual(files.map((file) => [file.name, file.checksum]));
    expect(rows.every((row) => row.finished_at !== null && row.applied_steps_count === 1)).toBe(true);
  });

  it('applies nothing twice, and refuses a database whose applied migration was edited afterwards', async () => {
    expect(await migrate(database.url)).toEqual([]);
    await sql.query(`UPDATE _prisma_migrations SET checksum = repeat('0', 64) WHERE migration_name = (SELECT min(migration_name) FROM _prisma_migrations)`);
    await expect(migrate(database.url)).rejects.toThrow(MigrationError);
    await expect(migrate(database.url)).rejects.toThrow(/changed after it was applied/);
  });

  it('lets only one of several concurrent starts apply the migrations', async () => {
    const fresh = await createTestDatabase();
    try {
      const results = await Promise.all([migrate(fresh.url), migrate(fresh.url), migrate(fresh.url)]);
      expect(results.map((names) => names.length).sort()).toEqual([0, 0, (await readMigrations()).length]);
    } finally {
      await fresh.drop();
    }
  });
});
