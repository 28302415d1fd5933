import { readFileSync } from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatOpenApi, OPENAPI_PATH } from '../../scripts/generate-openapi.js';
import { startTestApp, type TestApp } from '../support/api.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

describe('openapi/openapi.json', () => {
  const checkedIn = readFileSync(OPENAPI_PATH, 'utf8');

  it('is exactly what the server serves at /docs/json (run `npm run openapi` after changing a route)', async () => {
    const served = (await t.http.get('/docs/json').expect(200)).body;
    expect(checkedIn).toBe(formatOpenApi(served));
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(JSON.parse(checkedIn));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('documents every endpoint of the API, each with its problem responses', async () => {
    const document = JSON.parse(checkedIn);
    const required = [
      'post /v1/auth/register', 'post /v1/auth/login', 'get /v1/me', 'get /v1/game-types', 'post /v1/games', 'get /v1/games', 'get /v1/games/{id}',
      'post /v1/games/{id}/join', 'post /v1/games/{id}/start', 'post /v1/games/{id}/leave', 'get /v1/games/{id}/legal-actions',
      'post /v1/games/{id}/actions', 'get /v1/games/{id}/log', 'get /v1/admin/games/{id}', 'get /v1/admin/games/{id}/state',
      'post /v1/admin/games/{id}/verify', 'get /health', 'get /ready', 'get /metrics',
      'get /v1/lobby', 'get /v1/me/invitations', 'put /v1/games/{id}/seats/{seat}', 'post /v1/games/{id}/take-back', 'get /v1/games/{id}/undo-requests',
      'post /v1/games/{id}/undo-requests', 'post /v1/games/{id}/undo-requests/{requestId}/approve', 'post /v1/games/{id}/undo-requests/{requestId}/decline',
      'post /v1/games/{id}/resign',
      'post /v1/me/tokens', 'get /v1/me/tokens', 'delete /v1/me/tokens/{id}', 'post /v1/me/webhooks', 'get /v1/me/webhooks', 'delete /v1/me/webhooks/{id}',
      'get /v1/me/webhooks/{id}/deliveries', 'get /v1/me/events',
    ];
    const documented = Object.entries(document.paths as Record<string, Record<string, unknown>>).flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method} ${path}`));
    expect(documented.sort()).toEqual(required.sort());
    for (const entry of documented) {
      const [method, path] = entry.split(' ') as [string, string];
      expect(t.app.hasRoute({ method: method.toUpperCase() as 'GET', url: path.replace(/\{(\w+)\}/g, ':$1') }), entry).toBe(true);
    }
    expect(document.paths['/v1/games/{id}/actions'].post.responses['409'].content['application/json'].schema.$ref).toMatch(/Problem/);
    expect(document.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
  });
});
