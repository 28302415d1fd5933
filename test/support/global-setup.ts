import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../src/store/embedded-postgres.js';

/**
 * One PostgreSQL server for the API test run: the one at DATABASE_URL when set, else an embedded
 * one in a temporary folder. Each test file then creates its own fresh database on it.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export default async function setup(project: TestProject) {
  const fromEnv = process.env.DATABASE_URL;
  if (fromEnv) {
    project.provide('adminDatabaseUrl', fromEnv);
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'bgs-test-pg-'));
  chmodSync(dir, 0o755); // as root, Postgres runs as the `postgres` user, which must reach the data folder
  const started = Date.now();
  const embedded: EmbeddedDatabase = await startEmbeddedPostgres(join(dir, 'data'), await freePort(), 'postgres', () => {});
  console.log(`[test] embedded PostgreSQL ready in ${Date.now() - started} ms (DATABASE_URL unset)`);
  project.provide('adminDatabaseUrl', embedded.url);
  return async () => {
    await embedded.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}
