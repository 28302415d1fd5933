/**
 * Writes openapi/openapi.json from the route schemas (what the server serves at /docs/json), and
 * the client types openapi-typescript generates from it into openapi/openapi.d.ts (what the example
 * client examples/client.ts and the web app compile against). `npm run openapi` after changing a
 * route; test/api/openapi.test.ts and generated-client.test.ts fail while either is stale.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
// A namespace import: the package's types say `export =`, its ES module has named exports.
import * as openapiTypescript from 'openapi-typescript';
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

/** The client types beside the contract: examples/client.ts and the web app (web/src/api/openapi.ts) both use them. */
export const CLIENT_TYPES_PATH = join(import.meta.dirname, '..', 'openapi', 'openapi.d.ts');

/** What `npx openapi-typescript openapi/openapi.json` prints for the document. */
export async function clientTypes(document: unknown): Promise<string> {
  const { astToString, COMMENT_HEADER, default: openapiTS } = openapiTypescript;
  return COMMENT_HEADER + astToString(await openapiTS(document as Parameters<typeof openapiTS>[0]));
}

if (process.argv[1] === import.meta.filename) {
  const document = await servedOpenApi();
  writeFileSync(OPENAPI_PATH, formatOpenApi(document));
  console.log(`wrote ${OPENAPI_PATH}`);
  const types = await clientTypes(document);
  writeFileSync(CLIENT_TYPES_PATH, types);
  console.log(`wrote ${CLIENT_TYPES_PATH}`);
}
