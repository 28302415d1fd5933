import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/api.js';

/** Browser clients: CORS for the listed origins only (preflight answered), security headers everywhere. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ config: { corsOrigins: ['https://play.example.com'] } });
});
afterAll(async () => t?.close());

describe('CORS', () => {
  it('answers a preflight from a listed origin with the methods and headers a client sends', async () => {
    const response = await t.http
      .options('/v1/games/00000000-0000-4000-8000-000000000000/actions')
      .set('Origin', 'https://play.example.com')
      .set('Access-Control-Request-Method', 'POST')
      .set('Access-Control-Request-Headers', 'authorization, content-type, idempotency-key');
    expect(response.status).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe('https://play.example.com');
    expect(response.headers['access-control-allow-methods']).toContain('POST');
    expect(response.headers['access-control-allow-headers']?.toLowerCase()).toContain('idempotency-key');
    // A page may ask for a minimal answer to a move (Prefer: return=minimal) and read its version.
    expect(response.headers['access-control-allow-headers']?.toLowerCase()).toContain('prefer');
    expect(response.headers['access-control-max-age']).toBe('600');
  });

  it('lets a listed origin read responses and the rate-limit headers; gives other origins nothing', async () => {
    const allowed = await t.http.get('/v1/game-types').set('Origin', 'https://play.example.com').expect(200);
    expect(allowed.headers['access-control-allow-origin']).toBe('https://play.example.com');
    expect(allowed.headers['access-control-expose-headers']).toContain('Retry-After');
    expect(allowed.headers['access-control-expose-headers']).toContain('Game-Version');
    const other = await t.http.get('/v1/game-types').set('Origin', 'https://evil.example.net').expect(200);
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await t.http.options('/v1/games').set('Origin', 'https://evil.example.net').set('Access-Control-Request-Method', 'POST');
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('security headers', () => {
  it('sends helmet headers with a CSP that loads nothing on API answers, errors included', async () => {
    for (const response of [await t.http.get('/health').expect(200), await t.http.get('/v1/nowhere').expect(404)]) {
      expect(response.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none';base-uri 'none';form-action 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
    }
  });

  it('keeps Swagger UI at /docs working: its pages get a CSP allowing their own scripts and styles', async () => {
    const page = await t.http.get('/docs/').expect(200);
    const csp = page.headers['content-security-policy'] as string;
    expect(csp).toMatch(/script-src 'self'/);
    expect(csp).toMatch(/style-src 'self'/);
    expect(csp).not.toContain('upgrade-insecure-requests');
    // Any inline script of the page is covered by a hash in the policy (today it has none: all load from 'self').
    const { createHash } = await import('node:crypto');
    const inline = [...page.text.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1]!);
    for (const script of inline) expect(csp).toContain(`'sha256-${createHash('sha256').update(script).digest('base64')}'`);
    await t.http.get('/docs/static/swagger-initializer.js').expect(200);
    await t.http.get('/docs/json').expect(200);
  });
});
