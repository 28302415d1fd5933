import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
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
      'post /v1/auth/register', 'post /v1/auth/login', 'get /v1/me', 'get /v1/game-types', 'get /v1/game-types/{type}/catalog', 'post /v1/games', 'get /v1/games', 'get /v1/games/{id}',
      'post /v1/games/{id}/join', 'post /v1/games/{id}/start', 'post /v1/games/{id}/leave', 'get /v1/games/{id}/legal-actions',
      'post /v1/games/{id}/actions', 'get /v1/games/{id}/log', 'get /v1/admin/games/{id}', 'get /v1/admin/games/{id}/state',
      'post /v1/admin/games/{id}/verify', 'get /health', 'get /ready', 'get /metrics',
      'get /v1/lobby', 'get /v1/me/invitations', 'put /v1/games/{id}/seats/{seat}', 'post /v1/games/{id}/decline', 'post /v1/games/{id}/take-back', 'get /v1/games/{id}/undo-requests',
      'post /v1/games/{id}/undo-requests', 'post /v1/games/{id}/undo-requests/{requestId}/approve', 'post /v1/games/{id}/undo-requests/{requestId}/decline',
      'post /v1/games/{id}/resign', 'put /v1/games/{id}/client-seed',
      'post /v1/me/tokens', 'get /v1/me/tokens', 'delete /v1/me/tokens/{id}', 'post /v1/me/webhooks', 'get /v1/me/webhooks', 'delete /v1/me/webhooks/{id}',
      'get /v1/me/webhooks/{id}/deliveries', 'post /v1/me/webhooks/{id}/deliveries/{deliveryId}/redeliver', 'post /v1/me/webhooks/{id}/ping', 'post /v1/me/stream-tickets', 'get /v1/me/events',
      'get /v1/games/{id}/record', 'get /v1/admin/rules-versions', 'get /v1/admin/games', 'post /v1/admin/games/{id}/migrate-rules',
      'get /v1/admin/games/{id}/export', 'post /v1/admin/games/import', 'get /v1/games/{id}/replay',
      'post /v1/admin/games/{id}/abort', 'post /v1/admin/games/{id}/seats/{seat}/bot', 'get /v1/admin/users', 'post /v1/admin/users/{id}/disable', 'post /v1/admin/users/{id}/enable',
      'get /v1/games/{id}/chat', 'post /v1/games/{id}/chat', 'get /v1/games/{id}/chat/events', 'delete /v1/admin/chat/{messageId}', 'post /v1/admin/users/{id}/mute',
      'post /v1/admin/users/{id}/unmute', 'get /v1/game-types/{type}/leaderboard', 'get /v1/users/{username}/profile', 'post /v1/admin/ratings/recompute',
      'get /v1/me/notifications', 'put /v1/me/notifications', 'put /v1/me/email', 'get /v1/email/verify', 'post /v1/email/unsubscribe', 'get /v1/email/unsubscribe',
      'get /v1/push/key', 'post /v1/me/push-subscriptions', 'get /v1/me/push-subscriptions', 'delete /v1/me/push-subscriptions/{id}',
      'post /v1/auth/password-reset', 'post /v1/auth/password-reset/complete', 'put /v1/me/password', 'post /v1/me/logout-everywhere', 'post /v1/me/delete', 'get /v1/me/export',
      'put /v1/me/language', 'get /v1/game-types/{type}/log-keys',
    ];
    const documented = Object.entries(document.paths as Record<string, Record<string, unknown>>).flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method} ${path}`));
    expect(documented.sort()).toEqual(required.sort());
    for (const entry of documented) {
      const [method, path] = entry.split(' ') as [string, string];
      expect(t.app.hasRoute({ method: method.toUpperCase() as 'GET', url: path.replace(/\{(\w+)\}/g, ':$1') }), entry).toBe(true);
    }
    expect(document.paths['/v1/games/{id}/actions'].post.responses['409'].content['application/problem+json'].schema.$ref).toMatch(/Problem/);
    expect(document.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('gives every operation a unique operationId, a summary, a description, its security and problem+json errors with their codes', () => {
    const document = JSON.parse(checkedIn);
    const ids = new Set<string>();
    for (const [path, methods] of Object.entries(document.paths as Record<string, Record<string, Operation>>)) {
      for (const [method, operation] of Object.entries(methods)) {
        const where = `${method} ${path}`;
        expect(operation.operationId, where).toMatch(/^[a-z][A-Za-z]+$/);
        expect(ids.has(operation.operationId), `${where}: operationId ${operation.operationId} twice`).toBe(false);
        ids.add(operation.operationId);
        expect(operation.summary, where).toBeTruthy();
        expect(operation.description, where).toBeTruthy();
        expect(Array.isArray(operation.security), `${where}: security`).toBe(true);
        for (const [status, response] of Object.entries(operation.responses)) {
          expect(response.description, `${where} ${status}`).not.toBe('Default Response');
          if (Number(status) < 400) continue;
          expect(Object.keys(response.content ?? {}), `${where} ${status}`).toEqual(['application/problem+json']);
          const examples = Object.values(response.content!['application/problem+json']!.examples ?? {}) as { value: { status: number; code: string } }[];
          expect(examples.length, `${where} ${status}: one example per code`).toBeGreaterThan(0);
          for (const { value } of examples) {
            expect(value.status).toBe(Number(status));
            expect(response.description).toContain(value.code.startsWith('RULE_VIOLATION/') ? 'RULE_VIOLATION/{rule}' : `\`${value.code}\``);
          }
        }
        for (const parameter of operation.parameters ?? []) {
          if (parameter.schema?.default !== undefined) expect(parameter.required, `${where} ${parameter.name} has a default`).not.toBe(true);
        }
      }
    }
    // A token with too few scopes can meet every operation that needs one.
    for (const operationId of ['createGame', 'joinGame', 'leaveGame', 'submitAction']) {
      const operation = Object.values(document.paths as Record<string, Record<string, Operation>>).flatMap((methods) => Object.values(methods)).find((entry) => entry.operationId === operationId)!;
      expect(operation.responses['403']?.description, operationId).toContain('INSUFFICIENT_SCOPE');
    }
    expect(document.servers).toHaveLength(1);
    expect(document.info.license.name).toBeTruthy();
  });

  it('declares the headers the server sends, the bodies that may be left out, and each problem example at its own path', () => {
    type Operation = { operationId: string; requestBody?: { required?: boolean }; responses: Record<string, { headers?: Record<string, unknown>; content?: Record<string, { examples?: Record<string, { value: { instance?: string } }> }> }> };
    const document = JSON.parse(checkedIn) as { paths: Record<string, Record<string, Operation>> };
    const operations = Object.entries(document.paths).flatMap(([path, methods]) => Object.values(methods).map((operation) => ({ path, operation })));
    const byId = (id: string) => operations.find(({ operation }) => operation.operationId === id)!.operation;
    expect(Object.keys(byId('submitAction').responses['201']!.headers ?? {})).toEqual(['Idempotent-Replayed']);
    for (const { operation } of operations.filter(({ operation }) => operation.responses['429'])) {
      expect(Object.keys(operation.responses['429']!.headers ?? {}), operation.operationId).toEqual(['Retry-After', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'RateLimit-Policy']);
    }
    for (const id of ['joinGame', 'adminAbortGame', 'adminReplaceSeatByBot']) expect(byId(id).requestBody?.required, id).toBe(false);
    let examples = 0;
    for (const { path, operation } of operations) {
      const pattern = new RegExp(`^${path.replace(/\{\w+\}/g, '[^/]+')}$`);
      for (const response of Object.values(operation.responses)) {
        for (const example of Object.values(response.content?.['application/problem+json']?.examples ?? {})) {
          expect(example.value.instance, `${operation.operationId}`).toMatch(pattern);
          examples++;
        }
      }
    }
    expect(examples).toBeGreaterThan(500);
  });

  it('lints clean with Redocly (recommended ruleset, stricter where clients depend on it: redocly.yaml)', async () => {
    const root = join(import.meta.dirname, '..', '..');
    const cli = join(root, 'node_modules', '@redocly', 'cli', 'bin', 'cli.js');
    const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' };
    const run = await promisify(execFile)(process.execPath, [cli, 'lint', OPENAPI_PATH, '--config', join(root, 'redocly.yaml'), '--format', 'json'], { cwd: root, env, maxBuffer: 1 << 24 }).catch((error: { stdout: string }) => error);
    const report = JSON.parse(run.stdout.slice(run.stdout.indexOf('{'))) as { totals: { errors: number; warnings: number }; problems: { ruleId: string; message: string }[] };
    expect(report.problems.map((problem) => `${problem.ruleId}: ${problem.message}`)).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  }, 60_000);
});

interface Operation {
  operationId: string;
  summary?: string;
  description?: string;
  security?: unknown[];
  parameters?: { name: string; required?: boolean; schema?: { default?: unknown } }[];
  responses: Record<string, { description: string; content?: Record<string, { examples?: Record<string, unknown> }> }>;
}
