import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { databaseUrlFor, startTemporaryPostgres } from '../src/store/embedded-postgres.js';
import { migrate } from '../src/store/migrate.js';

/**
 * A fresh, migrated database for a measuring script, dropped afterwards: on the server at
 * DATABASE_URL when set, else on an embedded PostgreSQL in a temporary folder.
 */
export async function withBenchDatabase(prefix: string, work: (databaseUrl: string) => Promise<void>): Promise<void> {
  let adminUrl = process.env.DATABASE_URL;
  let stop: (() => Promise<void>) | null = null;
  if (!adminUrl) {
    const embedded = await startTemporaryPostgres(`bgs-${prefix}-`, () => {});
    adminUrl = embedded.url;
    stop = () => embedded.stop();
  }
  const name = `bgs_${prefix.replace(/\W/g, '_')}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  try {
    const databaseUrl = databaseUrlFor(adminUrl, name);
    await migrate(databaseUrl);
    await work(databaseUrl);
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    await stop?.();
  }
}
