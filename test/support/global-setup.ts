import type { TestProject } from 'vitest/node';
import { buildWebIfStale } from '../../scripts/build-web.mjs';
import { startTemporaryPostgres } from '../../src/store/embedded-postgres.js';

/**
 * One PostgreSQL server for the API test run: the one at DATABASE_URL when set, else an embedded
 * one in a temporary folder. Each test file then creates its own fresh database on it.
 * Also builds the web app (web/dist) once if its sources changed since the last build.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
  }
}

export default async function setup(project: TestProject) {
  await buildWebIfStale({ say: (line) => console.log(`[test] ${line}`) });
  const fromEnv = process.env.DATABASE_URL;
  if (fromEnv) {
    project.provide('adminDatabaseUrl', fromEnv);
    return;
  }
  const started = Date.now();
  const embedded = await startTemporaryPostgres('bgs-test-pg-', () => {});
  console.log(`[test] embedded PostgreSQL ready in ${Date.now() - started} ms (DATABASE_URL unset)`);
  project.provide('adminDatabaseUrl', embedded.url);
  return () => embedded.stop();
}
