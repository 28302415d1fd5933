import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEB_APP_CSP, WEB_DIST } from '../../src/http/web.js';
import { startTestApp, type TestApp } from '../support/api.js';

/** The web app served by the service at `/` (the test run's global setup builds web/dist). */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const API_CSP = "default-src 'none';frame-ancestors 'none';base-uri 'none';form-action 'none'";

describe('the web app at /', () => {
  it('serves index.html with the app CSP (scripts and styles from self only, nothing inline) and no caching', async () => {
    const page = await t.http.get('/').expect(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.text).toContain('<div id="app">');
    expect(page.headers['content-security-policy']).toBe(WEB_APP_CSP);
    expect(WEB_APP_CSP).toContain("script-src 'self'");
    expect(WEB_APP_CSP).not.toContain('unsafe-inline');
    expect(page.headers['cache-control']).toBe('no-cache');
    // No inline script: every <script> loads a file.
    expect(page.text).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  });

  it('serves the built assets it references, cached for good (their names carry a content hash)', async () => {
    const page = await t.http.get('/').expect(200);
    const assets = [...page.text.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((match) => match[1]!);
    expect(assets.length).toBeGreaterThanOrEqual(2);
    expect(assets.map((asset) => asset.slice('/assets/'.length)).sort()).toEqual(readdirSync(join(WEB_DIST, 'assets')).filter((name) => assets.some((asset) => asset.endsWith(name))).sort());
    for (const asset of assets) {
      const response = await t.http.get(asset).expect(200);
      expect(response.headers['cache-control']).toContain('immutable');
      expect(response.headers['content-security-policy']).toBe(WEB_APP_CSP);
    }
  });

  it('serves the service worker at /sw.js uncached (its name never changes), with the app CSP', async () => {
    const response = await t.http.get('/sw.js').expect(200);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-security-policy']).toBe(WEB_APP_CSP);
    expect(response.text).toContain("addEventListener('push'");
  });

  it("answers deep links of the app's router with index.html (the app routes them), query strings included", async () => {
    for (const path of ['/login', '/admin/games', '/admin/games/00000000-0000-4000-8000-000000000000?at=3', '/games/some/thing']) {
      const response = await t.http.get(path).expect(200);
      expect(response.text).toContain('<div id="app">');
    }
  });

  it('keeps problem+json 404s and the strict CSP for unknown API paths, and 404s for missing files', async () => {
    for (const path of ['/v1/nowhere', '/v1', '/graphql/x', '/metrics/x', '/health/x', '/docs/nothing-here.js', '/assets/missing-abc123.js', '/favicon.ico']) {
      const response = await t.http.get(path).expect(404);
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(response.body.code).toBe('ROUTE_NOT_FOUND');
      if (!path.startsWith('/assets') && path !== '/favicon.ico') expect(response.headers['content-security-policy']).toBe(API_CSP);
    }
    // A too-long path parameter of an API route is still refused as such.
    expect((await t.http.get(`/v1/games/${'a'.repeat(150)}`).expect(414)).body.code).toBe('URI_TOO_LONG');
    // Other methods than GET are never the app's.
    const post = await t.http.post('/admin/games').send({}).expect(404);
    expect(post.body.code).toBe('ROUTE_NOT_FOUND');
  });

  it('leaves API answers alone: their CSP stays the strict one', async () => {
    const health = await t.http.get('/health').expect(200);
    expect(health.headers['content-security-policy']).toBe(API_CSP);
  });
});
