/**
 * Writes openapi/openapi.json from the route schemas (what the server serves at /docs/json).
 * `npm run openapi` after changing a route; test/api/openapi.test.ts fails while the file is stale.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';

export const OPENAPI_PATH = join(import.meta.dirname, '..', 'openapi', 'openapi.json');

export async function servedOpenApi(): Promise<unknown> {
  // Building the app opens no connection until a query runs: any URL will do.
  const app = await buildApp({ config: loadConfig({ JWT_SECRET: 'x'.repeat(32), LOG_LEVEL: 'silent', WORKERS: 'false' }), databaseUrl: 'postgresql://unused@127.0.0.1:1/unused' });
  await app.ready();
  const document = app.swagger();
  await app.close();
  return document;
}

export const formatOpenApi = (document: unknown) => `${JSON.stringify(document, null, 2)}\n`;

if (process.argv[1] === import.meta.filename) {
  writeFileSync(OPENAPI_PATH, formatOpenApi(await servedOpenApi()));
  console.log(`wrote ${OPENAPI_PATH}`);
}
