import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
// @ts-expect-error -- http_ece ships no types: decrypt(buffer, { version, privateKey, authSecret }) → Buffer
import ece from 'http_ece';
import webPush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUser, startTestApp, type TestApp } from '../support/api.js';
import { waitFor } from '../support/wait.js';

/**
 * Web Push (services/push.ts) against a local HTTP server standing in for the push service: it
 * checks each request's VAPID JWT (RFC 8292) against the server's public key and decrypts the
 * RFC 8291 payload with the subscription's own keys, made here as a browser makes them.
 */
const vapid = webPush.generateVAPIDKeys();
const SUBJECT = 'mailto:ops@example.test';
const PUBLIC_URL = 'http://games.example.test';

interface Pushed {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}
const pushed: Pushed[] = [];
/** Answers the slow endpoints' requests still waiting. */
const releaseSlow: (() => void)[] = [];
/** The tests are done: the slow endpoints answer at once, so closing the app does not wait for the senders still trying them. */
let slowDone = false;
let pushService: Server;
let origin = '';
let t: TestApp;

beforeAll(async () => {
  pushService = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      pushed.push({ path: request.url!, headers: request.headers, body: Buffer.concat(chunks) });
      // A slow push service: answers after 5 s (or when the test is done with it).
      if (request.url!.startsWith('/push/slow') && !slowDone) {
        const timer = setTimeout(() => response.writeHead(201).end(), 5000);
        releaseSlow.push(() => {
          clearTimeout(timer);
          response.writeHead(201).end();
        });
        return;
      }
      // This browser unsubscribed: the push service says the subscription is gone.
      response.writeHead(request.url!.startsWith('/push/gone') ? 410 : 201).end();
    });
  });
  await new Promise<void>((resolve) => pushService.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(pushService.address() as { port: number }).port}`;
  t = await startTestApp({ config: { vapid: { ...vapid, subject: SUBJECT }, webhookAllowPrivate: true, pushAllowHttp: true, publicUrl: PUBLIC_URL, duePollMs: 200 } });
});
afterAll(async () => {
  slowDone = true;
  for (const release of releaseSlow.splice(0)) release();
  await t?.close();
  await new Promise<void>((resolve) => pushService.close(() => resolve()));
});

/** A browser's subscription: its own P-256 key pair and auth secret (what PushManager.subscribe makes). */
function browser(path: string): { ecdh: ECDH; auth: string; subscription: { endpoint: string; keys: { p256dh: string; auth: string } } } {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16).toString('base64url');
  return { ecdh, auth, subscription: { endpoint: `${origin}${path}`, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth } } };
}

/** Checks the request's `Authorization: vapid t=<JWT>, k=<key>` as a push service does; returns the JWT's claims. */
function checkVapid(headers: IncomingHttpHeaders): Record<string, unknown> {
  const match = /^vapid t=([\w-]+)\.([\w-]+)\.([\w-]+), k=([\w-]+)$/.exec(headers.authorization ?? '');
  expect(match, headers.authorization).not.toBeNull();
  const [, head, claims, signature, key] = match!;
  expect(key).toBe(vapid.publicKey);
  expect(JSON.parse(Buffer.from(head!, 'base64url').toString())).toEqual({ typ: 'JWT', alg: 'ES256' });
  const point = Buffer.from(key!, 'base64url');
  const publicKey = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33, 65).toString('base64url') }, format: 'jwk' });
  expect(verify('sha256', Buffer.from(`${head}.${claims}`), { key: publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature!, 'base64url'))).toBe(true);
  return JSON.parse(Buffer.from(claims!, 'base64url').toString()) as Record<string, unknown>;
}

describe('Web Push', () => {
  it('pushes "your turn" encrypted for each browser with a VAPID signature, and removes a subscription the push service reports gone', async () => {
    expect((await t.http.get('/v1/push/key').expect(200)).body).toEqual({ publicKey: vapid.publicKey });
    const alice = await newUser(t, 'alice');
    const bob = await newUser(t, 'bob');
    const phone = browser('/push/phone');
    const old = browser('/push/gone');
    await t.http.post('/v1/me/push-subscriptions').set(bob.auth).send({ ...phone.subscription, keys: { ...phone.subscription.keys, auth: 'short' } }).expect(400)
      .expect((res) => expect(res.body.code).toBe('INVALID_PUSH_SUBSCRIPTION'));
    const stored = await t.http.post('/v1/me/push-subscriptions').set(bob.auth).send(phone.subscription).expect(201);
    expect(stored.body).toMatchObject({ endpoint: phone.subscription.endpoint });
    await t.http.post('/v1/me/push-subscriptions').set(bob.auth).send(old.subscription).expect(201);

    const { body: game } = await t.http.post('/v1/games').set(alice.auth).send({ type: 'toy', seats: 2, options: { rounds: 3 } }).expect(201);
    await t.http.post(`/v1/games/${game.id}/join`).set(bob.auth).send({}).expect(200);
    await t.http.post(`/v1/games/${game.id}/actions`).set(alice.auth).send({ action: { type: 'pass' } }).expect(201);
    await waitFor(async () => (pushed.length >= 2 ? true : undefined), 10_000, 'the pushes');
    await waitFor(async () => ((await t.sql.query(`SELECT status FROM notifications WHERE user_id = $1 AND channel = 'push'`, [bob.id])).rows[0]?.status === 'sent' ? true : undefined), 5000, 'the row marked sent');

    const toPhone = pushed.filter((entry) => entry.path === '/push/phone');
    expect(toPhone).toHaveLength(1);
    const { headers, body } = toPhone[0]!;
    expect(headers['content-encoding']).toBe('aes128gcm');
    expect(Number(headers.ttl)).toBeGreaterThan(0);
    const claims = checkVapid(headers);
    expect(claims.aud).toBe(origin);
    expect(claims.sub).toBe(SUBJECT);
    expect(claims.exp as number).toBeGreaterThan(Date.now() / 1000);
    expect(claims.exp as number).toBeLessThanOrEqual(Date.now() / 1000 + 24 * 3600);
    const payload = JSON.parse((ece.decrypt(body, { version: 'aes128gcm', privateKey: phone.ecdh, authSecret: phone.auth }) as Buffer).toString('utf8'));
    expect(payload).toMatchObject({ kind: 'your_turn', title: 'Your turn', url: `${PUBLIC_URL}/games/${game.id}`, games: [{ id: game.id, type: 'toy', url: `${PUBLIC_URL}/games/${game.id}` }] });
    // Another browser's keys cannot read it.
    expect(() => ece.decrypt(body, { version: 'aes128gcm', privateKey: old.ecdh, authSecret: old.auth })).toThrow();

    // The 410 removed the gone browser's subscription; the phone's stays.
    const left = (await t.http.get('/v1/me/push-subscriptions').set(bob.auth).expect(200)).body as { endpoint: string }[];
    expect(left.map((entry) => entry.endpoint)).toEqual([phone.subscription.endpoint]);
    // Removed by its owner: nothing more is pushed to it (the next turn writes no push row).
    await t.http.delete(`/v1/me/push-subscriptions/${stored.body.id}`).set(bob.auth).expect(204);
    await t.http.post(`/v1/games/${game.id}/actions`).set(bob.auth).send({ action: { type: 'pass' } }).expect(201);
    await t.http.post(`/v1/games/${game.id}/actions`).set(alice.auth).send({ action: { type: 'pass' } }).expect(201);
    expect((await t.sql.query(`SELECT count(*)::int AS n FROM notifications WHERE user_id = $1 AND channel = 'push'`, [bob.id])).rows[0].n).toBe(1);
  });

  it("pushes in the recipient's language: a German account gets a German push", async () => {
    const alice = await newUser(t, 'alice');
    const hans = await newUser(t, 'hans');
    await t.http.put('/v1/me/language').set(hans.auth).send({ language: 'de' }).expect(200);
    const phone = browser('/push/german-phone');
    await t.http.post('/v1/me/push-subscriptions').set(hans.auth).send(phone.subscription).expect(201);
    const { body: game } = await t.http.post('/v1/games').set(alice.auth).send({ type: 'toy', seats: 2, options: { rounds: 3 } }).expect(201);
    await t.http.post(`/v1/games/${game.id}/join`).set(hans.auth).send({}).expect(200);
    await t.http.post(`/v1/games/${game.id}/actions`).set(alice.auth).send({ action: { type: 'pass' } }).expect(201);
    await waitFor(async () => pushed.find((entry) => entry.path === '/push/german-phone'), 10_000, 'the German push');
    const { body } = pushed.find((entry) => entry.path === '/push/german-phone')!;
    const payload = JSON.parse((ece.decrypt(body, { version: 'aes128gcm', privateKey: phone.ecdh, authSecret: phone.auth }) as Buffer).toString('utf8'));
    expect(payload).toMatchObject({
      kind: 'your_turn', title: 'Du bist am Zug', url: `${PUBLIC_URL}/games/${game.id}`,
      body: `High card (test game) mit ${alice.username}, ${hans.username} wartet auf deinen Zug.`,
    });
    // No word of the English push left (the test game's title is its own, English).
    expect(`${payload.title} ${payload.body.replace('High card (test game)', '')}`).not.toMatch(/\b(Your|turn|is|waiting|for|move|with)\b/);
  });

  it('refuses an endpoint another account holds, and http endpoints unless PUSH_ALLOW_HTTP (tests, development)', async () => {
    const owner = await newUser(t, 'owner');
    const thief = await newUser(t, 'thief');
    const phone = browser('/push/owned');
    const stored = await t.http.post('/v1/me/push-subscriptions').set(owner.auth).send(phone.subscription).expect(201);
    // The owner registering it again updates it in place.
    expect((await t.http.post('/v1/me/push-subscriptions').set(owner.auth).send(phone.subscription).expect(201)).body.id).toBe(stored.body.id);
    const taken = await t.http.post('/v1/me/push-subscriptions').set(thief.auth).send(browser('/push/owned').subscription).expect(409);
    expect(taken.body.code).toBe('PUSH_ENDPOINT_TAKEN');
    expect((await t.http.get('/v1/me/push-subscriptions').set(owner.auth).expect(200)).body.map((row: { id: string }) => row.id)).toEqual([stored.body.id]);
    expect((await t.http.get('/v1/me/push-subscriptions').set(thief.auth).expect(200)).body).toEqual([]);

    const strict = await startTestApp({ databaseUrl: t.databaseUrl, workers: false, config: { vapid: { ...vapid, subject: SUBJECT }, webhookAllowPrivate: true, publicUrl: PUBLIC_URL } });
    try {
      const plain = await strict.http.post('/v1/me/push-subscriptions').set(thief.auth).send(browser('/push/plain').subscription).expect(400);
      expect(plain.body.code).toBe('INVALID_PUSH_SUBSCRIPTION');
    } finally {
      await strict.close();
    }
  });

  it("delivers another person's push while one person's 80 slow endpoints (5 s each) are tried", async () => {
    const alice = await newUser(t, 'alice');
    const slow = await newUser(t, 'slow');
    const carol = await newUser(t, 'carol');
    await t.sql.query(`INSERT INTO push_subscriptions (id, user_id, endpoint, p256dh, auth)
      SELECT gen_random_uuid(), $1, $2 || n, $3, $4 FROM generate_series(1, 80) AS n`,
    [slow.id, `${origin}/push/slow/`, browser('/x').subscription.keys.p256dh, browser('/x').subscription.keys.auth]);
    const carolPhone = browser('/push/carol');
    await t.http.post('/v1/me/push-subscriptions').set(carol.auth).send(carolPhone.subscription).expect(201);
    const gameOf = async (player: { auth: { Authorization: string } }) => {
      const { body: game } = await t.http.post('/v1/games').set(alice.auth).send({ type: 'toy', seats: 2, options: { rounds: 3 } }).expect(201);
      await t.http.post(`/v1/games/${game.id}/join`).set(player.auth).send({}).expect(200);
      return game.id as string;
    };
    const slowGames = [await gameOf(slow), await gameOf(slow)];
    const carolGame = await gameOf(carol);
    const pass = (gameId: string) => t.http.post(`/v1/games/${gameId}/actions`).set(alice.auth).send({ action: { type: 'pass' } }).expect(201);
    const slowRequests = () => pushed.filter((entry) => entry.path.startsWith('/push/slow')).length;
    // The slow person's turn: their endpoints are being tried...
    await pass(slowGames[0]!);
    await waitFor(async () => (slowRequests() > 0 ? true : undefined), 10_000, 'the first slow push');
    // ...another turn of theirs, then carol's.
    await pass(slowGames[1]!);
    await pass(carolGame);
    await waitFor(async () => (pushed.some((entry) => entry.path === '/push/carol') ? true : undefined), 30_000, "carol's push");
    // Carol's push came while the slow person's endpoints were still being tried, at most PUSH_PER_PERSON_CONCURRENCY (2) at once.
    const { rows: [slowRows] } = await t.sql.query(`SELECT count(*) FILTER (WHERE status = 'pending')::int AS pending FROM notifications WHERE user_id = $1 AND channel = 'push'`, [slow.id]);
    expect(slowRows.pending).toBe(2);
    expect(slowRequests()).toBeLessThan(80);
    expect(releaseSlow.length).toBeLessThanOrEqual(2);
    // The claim was committed before the endpoints were tried: its lease is visible to everyone else.
    const { rows: [leased] } = await t.sql.query(`SELECT count(*)::int AS n FROM notifications WHERE user_id = $1 AND channel = 'push' AND claimed_until > now()`, [slow.id]);
    expect(leased.n).toBe(1);
    for (const release of releaseSlow.splice(0)) release();
  });
});
