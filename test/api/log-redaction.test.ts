import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactUrl } from '../../src/http/request-log.js';
import { signLink } from '../../src/services/notifications.js';
import { newUser, startTestApp, TEST_JWT_SECRET, type TestApp } from '../support/api.js';
import { connectSse } from '../support/sse.js';
import { waitFor } from '../support/wait.js';

/**
 * Request logs keep the URL of every request, and some URLs carry credentials: stream tickets
 * (`/v1/me/events?ticket=`), the mail links' tokens (`/v1/email/verify?token=`, unsubscribe).
 * The logged URL has them redacted; the log is read as an operator would read it.
 */
describe('request logs', () => {
  let t: TestApp;
  let base: string;
  const lines: string[] = [];

  beforeAll(async () => {
    t = await startTestApp({ listen: true, config: { logLevel: 'info' }, logStream: { write: (line) => void lines.push(line) } });
    base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  });
  afterAll(async () => t?.close());

  it('hold no stream ticket, mail link token or API token, and keep the rest of the URL', async () => {
    const ann = await newUser(t, 'ann');
    const { body: issued } = await t.http.post('/v1/me/stream-tickets').set(ann.auth).expect(201);
    const stream = await connectSse(base, {}, undefined, `/v1/me/events?ticket=${encodeURIComponent(issued.ticket)}`);
    await stream.close();
    // The spent ticket again (401), then the mail links, real ones signed as the service signs them.
    expect((await fetch(`${base}/v1/me/events?ticket=${encodeURIComponent(issued.ticket)}`)).status).toBe(401);
    const verify = signLink(TEST_JWT_SECRET, 'verify', { u: ann.id, e: 'ann@example.com', x: Date.now() + 60_000 });
    const unsubscribe = signLink(TEST_JWT_SECRET, 'unsubscribe', { u: ann.id });
    await t.http.get(`/v1/email/verify?token=${encodeURIComponent(verify)}`);
    await t.http.post(`/v1/email/unsubscribe?token=${encodeURIComponent(unsubscribe)}`).send({});
    await t.http.get(`/v1/email/unsubscribe?token=${encodeURIComponent(unsubscribe)}`);
    // A client that puts its API token in the URL by mistake: no route takes it there, the log still hides it.
    const { body: apiToken } = await t.http.post('/v1/me/tokens').set(ann.auth).send({ name: 'bot', scopes: ['read'] }).expect(201);
    await t.http.get(`/v1/games?access_token=${apiToken.token}&limit=5`);

    const logged = await waitFor(async () => {
      const requests = lines.map((line) => JSON.parse(line) as { msg: string; req?: { url: string } }).filter((line) => line.msg === 'request completed' || line.msg === 'request errored');
      return requests.some((line) => line.req?.url.startsWith('/v1/games?')) ? requests : undefined;
    }, 10_000, 'the request log lines');
    const text = lines.join('');
    for (const secret of [issued.ticket, verify, unsubscribe, apiToken.token, encodeURIComponent(verify), verify.split('.')[1]!]) expect(text).not.toContain(secret);
    const urls = logged.map((line) => line.req!.url);
    // The open stream (a hijacked reply) logs no line of its own; the refused second use does.
    expect(urls.filter((url) => url.startsWith('/v1/me/events'))).toEqual(['/v1/me/events?ticket=[redacted]']);
    expect(urls).toContain('/v1/email/verify?token=[redacted]');
    expect(urls.filter((url) => url === '/v1/email/unsubscribe?token=[redacted]')).toHaveLength(2);
    expect(urls).toContain('/v1/games?access_token=[redacted]&limit=5');
  });

  it('redacts secret path parameters by their name, and any bgs_ token wherever it is', () => {
    expect(redactUrl('/v1/auth/reset/abc123?x=1', { pattern: '/v1/auth/reset/:resetToken', params: { resetToken: 'abc123' } })).toBe('/v1/auth/reset/[redacted]?x=1');
    expect(redactUrl('/v1/games/42/log?after=3', { pattern: '/v1/games/:id/log', params: { id: '42' } })).toBe('/v1/games/42/log?after=3');
    expect(redactUrl('/v1/x?Password=hunter2&clientSecret=s&name=bgs_abcDEF-12')).toBe('/v1/x?Password=[redacted]&clientSecret=[redacted]&name=bgs_[redacted]');
    expect(redactUrl('/v1/x?%74oken=abc')).toBe('/v1/x?%74oken=[redacted]');
  });
});
