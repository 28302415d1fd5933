import { createServer, type IncomingMessage, type Server } from 'node:http';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { isPublicAddress } from '../../src/net/public-address.js';
import { deliverDue } from '../../src/services/webhooks.js';
import { newUser, startedToyGame, startTestApp, type TestApp } from '../support/api.js';
import { codeOf, postGraphql } from '../support/graphql.js';
import { waitFor } from '../support/wait.js';

/** A real local HTTP receiver: records what it got, answers with the status asked for. */
interface Receiver {
  url: string;
  received: { headers: IncomingMessage['headers']; body: string }[];
  answer: number;
  close(): Promise<void>;
}

async function startReceiver(): Promise<Receiver> {
  const receiver = { received: [], answer: 204 } as unknown as Receiver & { server: Server };
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      receiver.received.push({ headers: request.headers, body });
      response.writeHead(receiver.answer).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as { port: number }).port}/hook`;
  receiver.close = () => new Promise((resolve) => server.close(() => resolve()));
  return receiver;
}

let t: TestApp;
let receiver: Receiver;
beforeAll(async () => {
  t = await startTestApp({ config: { webhookAllowPrivate: true, webhookRetryBaseMs: 200, webhookMaxAttempts: 3 } });
  receiver = await startReceiver();
});
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

describe('personal API tokens', () => {
  it('are created with scopes, shown once, accepted like a login, limited to their scopes, and revocable', async () => {
    const alice = await newUser(t);
    const created = await t.http.post('/v1/me/tokens').set(alice.auth).send({ name: 'my bot', scopes: ['read'] }).expect(201);
    expect(created.body.token).toMatch(/^bgs_/);
    const stored = (await t.sql.query('SELECT token_hash FROM api_tokens WHERE id = $1', [created.body.id])).rows[0].token_hash;
    expect(stored).not.toContain(created.body.token);
    const readOnly = { Authorization: `Bearer ${created.body.token}` };
    expect((await t.http.get('/v1/me').set(readOnly).expect(200)).body.username).toBe(alice.username);
    expect((await t.http.post('/v1/games').set(readOnly).send({ type: 'toy', seats: 2 }).expect(403)).body.code).toBe('INSUFFICIENT_SCOPE');
    // Token management needs the account scope, and even then a login token, not another API token.
    expect((await t.http.post('/v1/me/tokens').set(readOnly).send({ name: 'x', scopes: ['read'] }).expect(403)).body.code).toBe('INSUFFICIENT_SCOPE');
    const carol = await newUser(t, 'carol');
    const accountToken = (await t.http.post('/v1/me/tokens').set(carol.auth).send({ name: 'settings', scopes: ['account'] }).expect(201)).body.token;
    expect((await t.http.post('/v1/me/tokens').set({ Authorization: `Bearer ${accountToken}` }).send({ name: 'x', scopes: ['read'] }).expect(403)).body.code).toBe('LOGIN_REQUIRED');
    expect((await t.http.post('/v1/me/tokens').set(alice.auth).send({ name: 'x', scopes: ['admin'] }).expect(403)).body.code).toBe('ADMIN_ONLY');
    expect((await t.http.post('/v1/me/tokens').set(alice.auth).send({ name: 'x', scopes: ['fly'] }).expect(400)).body.code).toBe('VALIDATION_FAILED');

    const player = await t.http.post('/v1/me/tokens').set(alice.auth).send({ name: 'player', scopes: ['read', 'play'] }).expect(201);
    await t.http.post('/v1/games').set({ Authorization: `Bearer ${player.body.token}` }).send({ type: 'toy', seats: 2 }).expect(201);
    const listed = (await t.http.get('/v1/me/tokens').set(alice.auth).expect(200)).body;
    expect(listed.map((token: { name: string }) => token.name).sort()).toEqual(['my bot', 'player']);
    expect(JSON.stringify(listed)).not.toContain(created.body.token);

    await t.http.delete(`/v1/me/tokens/${created.body.id}`).set(alice.auth).expect(204);
    expect((await t.http.get('/v1/me').set(readOnly).expect(401)).body.code).toBe('INVALID_TOKEN');
    expect((await t.http.delete(`/v1/me/tokens/${created.body.id}`).set(alice.auth).expect(404)).body.code).toBe('NOT_FOUND');
    expect((await t.http.get('/v1/me').set({ Authorization: 'Bearer bgs_madeup' }).expect(401)).body.code).toBe('INVALID_TOKEN');
  });
});

describe('webhooks', () => {
  it('refuse private targets unless the operator allows them, bad URLs and unknown events', async () => {
    const strict = await startTestApp({ workers: false });
    try {
      const alice = await newUser(strict);
      for (const url of ['http://127.0.0.1:9/hook', 'http://169.254.169.254/latest/meta-data', 'http://[::1]/x', 'http://localhost/x', 'http://10.1.2.3/x']) {
        expect((await strict.http.post('/v1/me/webhooks').set(alice.auth).send({ url, events: ['your_turn'] }).expect(422)).body.code, url).toBe('UNSAFE_WEBHOOK_URL');
      }
      expect((await strict.http.post('/v1/me/webhooks').set(alice.auth).send({ url: 'ftp://example.com/x', events: ['your_turn'] }).expect(422)).body.code).toBe('UNSAFE_WEBHOOK_URL');
      expect((await strict.http.post('/v1/me/webhooks').set(alice.auth).send({ url: 'not a url', events: ['your_turn'] }).expect(400)).body.code).toBe('INVALID_WEBHOOK_URL');
      expect((await strict.http.post('/v1/me/webhooks').set(alice.auth).send({ url: 'http://example.com', events: ['lunch'] }).expect(400)).body.code).toBe('VALIDATION_FAILED');
      expect((await strict.sql.query('SELECT count(*)::int AS n FROM webhooks')).rows[0].n).toBe(0);
    } finally {
      await strict.close();
    }
    for (const address of ['127.0.0.1', '10.0.0.1', '172.16.5.4', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', 'fe80::1', 'fd00::1', '::ffff:127.0.0.1']) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111']) expect(isPublicAddress(address), address).toBe(true);
  });

  it('deliver signed turn notifications written with the move, and record them', async () => {
    const { alice, bob, gameId } = await startedToyGame(t);
    const hook = (await t.http.post('/v1/me/webhooks').set(bob.auth).send({ url: receiver.url, events: ['your_turn', 'game_over'] }).expect(201)).body;
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    receiver.received.length = 0;
    await t.http.post(`/v1/games/${gameId}/actions`).set(alice.auth).send({ action: { type: 'pass' } }).expect(201);
    const [delivery] = await waitFor(async () => (receiver.received.length > 0 ? receiver.received : undefined), 10_000, 'a webhook delivery');
    const body = JSON.parse(delivery!.body);
    expect(body).toMatchObject({ event: 'your_turn', seat: 1, game: { id: gameId, version: 2, type: 'toy' } });
    expect(delivery!.headers['x-event']).toBe('your_turn');
    // The Standard Webhooks library verifies id, timestamp and body; a replay later, or any change, fails.
    const headers = { 'webhook-id': String(delivery!.headers['webhook-id']), 'webhook-timestamp': String(delivery!.headers['webhook-timestamp']), 'webhook-signature': String(delivery!.headers['webhook-signature']) };
    expect(headers['webhook-id']).toBe(body.id);
    expect(Math.abs(Number(headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(60);
    const verifier = new Webhook(hook.secret);
    expect(verifier.verify(delivery!.body, headers)).toEqual(body);
    expect(() => verifier.verify(delivery!.body.replace('your_turn', 'game_over'), headers)).toThrow(WebhookVerificationError);
    expect(() => verifier.verify(delivery!.body, { ...headers, 'webhook-id': 'another-id' })).toThrow(WebhookVerificationError);
    const replayed = { ...headers, 'webhook-timestamp': String(Number(headers['webhook-timestamp']) - 600) };
    expect(() => verifier.verify(delivery!.body, replayed)).toThrow(WebhookVerificationError);
    expect(delivery!.headers['x-signature']).toBeUndefined();
    const records = await waitFor(async () => {
      const list = (await t.http.get(`/v1/me/webhooks/${hook.id}/deliveries`).set(bob.auth).expect(200)).body.items;
      return list[0]?.status === 'delivered' ? list : undefined;
    }, 5000, 'the delivery record');
    expect(records[0]).toMatchObject({ event: 'your_turn', status: 'delivered', attempts: 1, lastStatus: 204 });
    expect((await t.http.get(`/v1/me/webhooks/${hook.id}/deliveries`).set(alice.auth).expect(404)).body.code).toBe('NOT_FOUND');
  });

  it('tell of the start, your turn, a near deadline and the end, each once', async () => {
    const [alice, bob] = [await newUser(t), await newUser(t)];
    const { body: game } = await t.http.post('/v1/games').set(alice.auth)
      .send({ type: 'toy', seats: 2, options: { rounds: 1 }, timeControl: { kind: 'per-move', moveSeconds: 4 } }).expect(201);
    await t.http.post('/v1/me/webhooks').set(bob.auth).send({ url: receiver.url, events: ['game_started', 'your_turn', 'deadline_near', 'game_over'] }).expect(201);
    receiver.received.length = 0;
    await t.http.post(`/v1/games/${game.id}/join`).set(bob.auth).expect(200);
    await t.http.post(`/v1/games/${game.id}/actions`).set(alice.auth).send({ action: { type: 'pass' } }).expect(201);
    // Bob lets his turn run out: warned a second before, then the timeout ends the one-round game.
    const events = await waitFor(async () => {
      const kinds = receiver.received.map((entry) => JSON.parse(entry.body)).filter((body) => body.game.id === game.id).map((body) => body.event);
      return kinds.includes('game_over') ? kinds : undefined;
    }, 15_000, 'the game to end by timeout');
    // Deliveries of one poll go out together, so only the set is fixed, not the arrival order.
    expect([...events].sort()).toEqual(['deadline_near', 'game_over', 'game_started', 'your_turn']);
  });

  it('retry with backoff after the receiver fails, then give up after the last attempt', async () => {
    const { alice, bob, gameId } = await startedToyGame(t);
    const hook = (await t.http.post('/v1/me/webhooks').set(bob.auth).send({ url: receiver.url, events: ['your_turn'] }).expect(201)).body;
    receiver.received.length = 0;
    receiver.answer = 500;
    try {
      await t.http.post(`/v1/games/${gameId}/actions`).set(alice.auth).send({ action: { type: 'pass' } }).expect(201);
      const failed = await waitFor(async () => {
        const list = (await t.http.get(`/v1/me/webhooks/${hook.id}/deliveries`).set(bob.auth).expect(200)).body.items;
        return list[0]?.status === 'failed' ? list[0] : undefined;
      }, 15_000, 'the delivery to give up');
      expect(failed).toMatchObject({ attempts: 3, lastStatus: 500, lastError: 'the receiver answered 500' });
      const ids = receiver.received.map((entry) => entry.headers['webhook-id']);
      expect(ids).toHaveLength(3);
      expect(new Set(ids).size).toBe(1);
    } finally {
      receiver.answer = 204;
    }
  });

  it('list their deliveries a page at a time with a total and an enum status; ping; redeliver the same message, signed; refuse what is not yours and change nothing', async () => {
    const { alice, bob, gameId } = await startedToyGame(t, { rounds: 5 });
    const hook = (await t.http.post('/v1/me/webhooks').set(bob.auth).send({ url: receiver.url, events: ['your_turn'] }).expect(201)).body;
    const verifier = new Webhook(hook.secret);
    const signed = (entry: Receiver['received'][number]) => verifier.verify(entry.body, {
      'webhook-id': String(entry.headers['webhook-id']), 'webhook-timestamp': String(entry.headers['webhook-timestamp']), 'webhook-signature': String(entry.headers['webhook-signature']),
    });
    const ours = () => receiver.received.filter((entry) => entry.headers['x-webhook-id'] === hook.id);
    // Three of Bob's turns: Alice, Bob, Alice, Bob, Alice pass.
    for (const player of [alice, bob, alice, bob, alice]) await t.http.post(`/v1/games/${gameId}/actions`).set(player.auth).send({ action: { type: 'pass' } }).expect(201);
    await waitFor(async () => (ours().length === 3 ? true : undefined), 10_000, 'three turn deliveries');

    // A test ping: a `ping` event to the URL, signed like the rest, listed with the others.
    const ping = (await t.http.post(`/v1/me/webhooks/${hook.id}/ping`).set(bob.auth).expect(202)).body;
    expect(ping).toMatchObject({ event: 'ping', status: 'pending', deliveredAt: null });
    const pinged = await waitFor(async () => ours().find((entry) => entry.headers['webhook-id'] === ping.id), 10_000, 'the ping');
    expect(pinged.headers['x-event']).toBe('ping');
    expect(signed(pinged)).toEqual({ id: ping.id, event: 'ping', webhook: { id: hook.id, url: hook.url, events: ['your_turn'] }, createdAt: ping.createdAt });

    // Paged, newest first, with the total; every status one of the published enum's.
    const list = (query: string) => t.http.get(`/v1/me/webhooks/${hook.id}/deliveries${query}`).set(bob.auth).expect(200).then((response) => response.body);
    const all = await waitFor(async () => {
      const page = await list('?limit=100');
      return page.items.every((item: { status: string }) => item.status === 'delivered') ? page : undefined;
    }, 10_000, 'every delivery delivered');
    expect(all).toMatchObject({ total: 4, limit: 100, offset: 0 });
    expect(all.items.map((item: { event: string }) => item.event)).toEqual(['ping', 'your_turn', 'your_turn', 'your_turn']);
    const [first, second, third] = [await list('?limit=3'), await list('?limit=3&offset=3'), await list('?limit=3&offset=6')];
    expect([first.total, second.total, third.total]).toEqual([4, 4, 4]);
    expect([...first.items, ...second.items].map((item: { id: string }) => item.id)).toEqual(all.items.map((item: { id: string }) => item.id));
    expect(third.items).toEqual([]);
    expect(await list('?status=failed')).toEqual({ items: [], total: 0, limit: 20, offset: 0 });
    expect((await list('?status=delivered')).total).toBe(4);
    expect((await t.http.get(`/v1/me/webhooks/${hook.id}/deliveries?status=lost`).set(bob.auth).expect(400)).body.code).toBe('VALIDATION_FAILED');
    const document = JSON.parse(readFileSync(new URL('../../openapi/openapi.json', import.meta.url), 'utf8'));
    expect(document.components.schemas.WebhookDeliveryStatus).toMatchObject({ type: 'string', enum: ['pending', 'delivered', 'failed'] });
    expect(document.webhooks.ping.post.requestBody.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/WebhookPing' });

    // Redelivered: the same id and body once more, signed anew, through the outbox (pending, then delivered on a new round).
    const oldest = all.items.at(-1) as { id: string; attempts: number };
    const original = ours().find((entry) => entry.headers['webhook-id'] === oldest.id)!;
    const requeued = (await t.http.post(`/v1/me/webhooks/${hook.id}/deliveries/${oldest.id}/redeliver`).set(bob.auth).expect(202)).body;
    expect(requeued).toMatchObject({ id: oldest.id, event: 'your_turn', status: 'pending', attempts: 0, deliveredAt: null });
    const copies = await waitFor(async () => {
      const found = ours().filter((entry) => entry.headers['webhook-id'] === oldest.id);
      return found.length === 2 ? found : undefined;
    }, 10_000, 'the redelivery');
    expect(copies[1]!.body).toBe(original.body);
    expect(signed(copies[1]!)).toMatchObject({ id: oldest.id, event: 'your_turn', seat: 1, game: { id: gameId, version: 2 } });
    await waitFor(async () => ((await list('?status=delivered')).items.find((item: { id: string; attempts: number }) => item.id === oldest.id && item.attempts === 1) ? true : undefined), 10_000, 'the redelivery recorded');

    // GraphQL: the same use cases.
    const gqlPing = await postGraphql(t, 'mutation($id: ID!) { pingWebhook(id: $id) { id event status } }', { id: hook.id }, bob.token);
    expect(gqlPing.data.pingWebhook).toMatchObject({ event: 'ping', status: 'pending' });
    await waitFor(async () => (ours().some((entry) => entry.headers['webhook-id'] === gqlPing.data.pingWebhook.id) ? true : undefined), 10_000, 'the GraphQL ping');
    const REDELIVER = 'mutation($w: ID!, $d: ID!) { redeliverWebhookDelivery(webhookId: $w, deliveryId: $d) { id status attempts } }';
    await waitFor(async () => ((await list('?status=delivered')).total === 5 ? true : undefined), 10_000, 'the GraphQL ping recorded');
    expect((await postGraphql(t, REDELIVER, { w: hook.id, d: ping.id }, bob.token)).data.redeliverWebhookDelivery).toEqual({ id: ping.id, status: 'pending', attempts: 0 });
    await waitFor(async () => (ours().filter((entry) => entry.headers['webhook-id'] === ping.id).length === 2 ? true : undefined), 10_000, 'the GraphQL redelivery');
    await waitFor(async () => ((await list('?status=pending')).total === 0 ? true : undefined), 10_000, 'nothing pending');

    // Refusals: another account's webhook or delivery, unknown ids, bad ids, a pending delivery; none changes anything.
    const outsider = await newUser(t);
    const theirs = (await t.http.post('/v1/me/webhooks').set(outsider.auth).send({ url: receiver.url, events: ['game_over'] }).expect(201)).body;
    const pending = (await t.sql.query("INSERT INTO webhook_deliveries (id, webhook_id, event, payload, next_attempt_at) VALUES (gen_random_uuid(), $1, 'your_turn', '{}', now() + interval '1 hour') RETURNING id", [hook.id])).rows[0].id;
    const snapshot = async () => (await t.sql.query('SELECT * FROM webhook_deliveries WHERE webhook_id = ANY($1) ORDER BY id', [[hook.id, theirs.id]])).rows;
    const before = await snapshot();
    const sentBefore = receiver.received.length;
    const unknown = '00000000-0000-4000-8000-000000000000';
    const refusals: [string, number, string][] = [
      [`/v1/me/webhooks/${hook.id}/deliveries/${oldest.id}/redeliver`, 404, 'NOT_FOUND'], // outsider: Bob's webhook
      [`/v1/me/webhooks/${theirs.id}/deliveries/${oldest.id}/redeliver`, 404, 'NOT_FOUND'], // outsider's webhook, Bob's delivery
      [`/v1/me/webhooks/${theirs.id}/deliveries/${unknown}/redeliver`, 404, 'NOT_FOUND'],
      [`/v1/me/webhooks/${hook.id}/ping`, 404, 'NOT_FOUND'],
      [`/v1/me/webhooks/${unknown}/ping`, 404, 'NOT_FOUND'],
      [`/v1/me/webhooks/not-a-uuid/ping`, 400, 'VALIDATION_FAILED'],
      [`/v1/me/webhooks/${theirs.id}/deliveries/not-a-uuid/redeliver`, 400, 'VALIDATION_FAILED'],
    ];
    for (const [path, status, code] of refusals) expect((await t.http.post(path).set(outsider.auth).expect(status)).body.code, path).toBe(code);
    expect((await t.http.get(`/v1/me/webhooks/${hook.id}/deliveries`).set(outsider.auth).expect(404)).body.code).toBe('NOT_FOUND');
    expect((await t.http.post(`/v1/me/webhooks/${hook.id}/deliveries/${pending}/redeliver`).set(bob.auth).expect(409)).body.code).toBe('DELIVERY_PENDING');
    expect((await t.http.post(`/v1/me/webhooks/${hook.id}/deliveries/${theirs.id}/redeliver`).set(bob.auth).expect(404)).body.code).toBe('NOT_FOUND');
    expect(codeOf(await postGraphql(t, REDELIVER, { w: hook.id, d: oldest.id }, outsider.token))).toBe('NOT_FOUND');
    expect(codeOf(await postGraphql(t, REDELIVER, { w: hook.id, d: 'nope' }, bob.token))).toBe('NOT_FOUND');
    expect(codeOf(await postGraphql(t, REDELIVER, { w: hook.id, d: pending }, bob.token))).toBe('DELIVERY_PENDING');
    expect(codeOf(await postGraphql(t, 'mutation($id: ID!) { pingWebhook(id: $id) { id } }', { id: hook.id }, outsider.token))).toBe('NOT_FOUND');
    expect(await snapshot()).toEqual(before);
    expect(receiver.received.length).toBe(sentBefore);
  });

  it('redeliver through the outbox: a redelivery asked of a WORKERS=false process is sent by a worker process on the same database', async () => {
    const writer = await startTestApp({ workers: false, config: { webhookAllowPrivate: true } });
    try {
      const bob = await newUser(writer);
      const hook = (await writer.http.post('/v1/me/webhooks').set(bob.auth).send({ url: receiver.url, events: ['game_over'] }).expect(201)).body;
      const payload = { event: 'game_over', game: { id: '00000000-0000-4000-8000-000000000001', type: 'toy', version: 9, status: 'finished', activeSeats: [] }, result: null };
      const failed = (await writer.sql.query("INSERT INTO webhook_deliveries (id, webhook_id, event, payload, status, attempts, last_status) VALUES (gen_random_uuid(), $1, 'game_over', $2, 'failed', 8, 500) RETURNING id", [hook.id, payload])).rows[0].id;
      receiver.received.length = 0;
      await writer.http.post(`/v1/me/webhooks/${hook.id}/deliveries/${failed}/redeliver`).set(bob.auth).expect(202);
      // Written, not sent: this process delivers nothing itself.
      expect((await writer.sql.query('SELECT status, attempts FROM webhook_deliveries WHERE id = $1', [failed])).rows).toEqual([{ status: 'pending', attempts: 0 }]);
      const worker = await startTestApp({ databaseUrl: writer.databaseUrl, config: { webhookAllowPrivate: true } });
      try {
        const [sent] = await waitFor(async () => (receiver.received.length > 0 ? receiver.received : undefined), 10_000, 'the redelivery by the worker');
        expect(sent!.headers['webhook-id']).toBe(failed);
        const headers = { 'webhook-id': failed, 'webhook-timestamp': String(sent!.headers['webhook-timestamp']), 'webhook-signature': String(sent!.headers['webhook-signature']) };
        expect(new Webhook(hook.secret).verify(sent!.body, headers)).toMatchObject({ id: failed, ...payload });
      } finally {
        await worker.close();
      }
    } finally {
      await writer.close();
    }
  });

  it('send nothing for a move that was rolled back', async () => {
    const { alice, bob, gameId } = await startedToyGame(t);
    await t.http.post('/v1/me/webhooks').set(bob.auth).send({ url: receiver.url, events: ['your_turn'] }).expect(201);
    const before = (await t.sql.query('SELECT count(*)::int AS n FROM webhook_deliveries')).rows[0].n;
    // A refused action rolls back its whole transaction, outbox rows included.
    await t.http.post(`/v1/games/${gameId}/actions`).set(alice.auth).send({ action: { type: 'play', card: 99 } }).expect(400);
    await t.http.post(`/v1/games/${gameId}/actions`).set(alice.auth).send({ action: { type: 'pass' }, expectedVersion: 7 }).expect(409);
    // And a transaction that fails after the outbox insert (a duplicate seq, as a racing writer would cause) leaves none either.
    await t.sql.query(`INSERT INTO game_events (game_id, seq, action, log) VALUES ($1, 2, '{}', '[]')`, [gameId]);
    const racing = await t.http.post(`/v1/games/${gameId}/actions`).set(alice.auth).send({ action: { type: 'pass' } });
    expect(racing.status).toBe(500);
    expect((await t.sql.query('SELECT count(*)::int AS n FROM webhook_deliveries')).rows[0].n).toBe(before);
  });

  it('are sent at once by a worker elsewhere when a WORKERS=false process writes them (NOTIFY, not the poll)', async () => {
    const writer = await startTestApp({ workers: false, config: { webhookAllowPrivate: true } });
    const worker = await startTestApp({ databaseUrl: writer.databaseUrl, config: { webhookAllowPrivate: true, duePollMs: 600_000 } });
    try {
      const { alice, bob, gameId } = await startedToyGame(writer);
      await writer.http.post('/v1/me/webhooks').set(bob.auth).send({ url: receiver.url, events: ['your_turn'] }).expect(201);
      receiver.received.length = 0;
      const moved = Date.now();
      await writer.http.post(`/v1/games/${gameId}/actions`).set(alice.auth).send({ action: { type: 'pass' } }).expect(201);
      await waitFor(async () => (receiver.received.length > 0 ? true : undefined), 5000, 'the delivery');
      expect(Date.now() - moved).toBeLessThan(3000);
      expect(JSON.parse(receiver.received[0]!.body)).toMatchObject({ event: 'your_turn', game: { id: gameId } });
    } finally {
      await worker.close();
      await writer.close();
    }
  });

  it('deliver after a restart what was written to the outbox before it', async () => {
    const quiet = await startTestApp({ workers: false, config: { webhookAllowPrivate: true } });
    try {
      const { alice, bob, gameId } = await startedToyGame(quiet);
      await quiet.http.post('/v1/me/webhooks').set(bob.auth).send({ url: receiver.url, events: ['your_turn'] }).expect(201);
      receiver.received.length = 0;
      await quiet.http.post(`/v1/games/${gameId}/actions`).set(alice.auth).send({ action: { type: 'pass' } }).expect(201);
      expect((await quiet.sql.query("SELECT status FROM webhook_deliveries")).rows).toEqual([{ status: 'pending' }]);
      await quiet.app.close();
      // A new server process on the same database delivers it.
      const restarted = await startTestApp({ databaseUrl: quiet.databaseUrl, config: { webhookAllowPrivate: true } });
      try {
        await waitFor(async () => (receiver.received.length > 0 ? true : undefined), 10_000, 'the delivery after restart');
        expect(JSON.parse(receiver.received[0]!.body)).toMatchObject({ event: 'your_turn', game: { id: gameId } });
        expect(await deliverDue(restarted.app.services, { allowPrivate: true, timeoutMs: 1000, maxAttempts: 3, retryBaseMs: 100 })).toBe(0);
      } finally {
        await restarted.close(); // closes the second process only: it did not create the database
      }
    } finally {
      await quiet.close();
    }
  });
});

describe('the account event stream (SSE)', () => {
  it("carries 'your_turn' and game updates for the user's games", async () => {
    const listening = await startTestApp({ listen: true });
    try {
      const { alice, bob, gameId } = await startedToyGame(listening);
      const { port } = listening.app.server.address() as { port: number };
      const controller = new AbortController();
      const response = await fetch(`http://127.0.0.1:${port}/v1/me/events`, { headers: bob.auth, signal: controller.signal });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/text\/event-stream/);
      const reader = response.body!.getReader();
      let text = '';
      const readUntil = async (pattern: RegExp) => {
        while (!pattern.test(text)) text += new TextDecoder().decode((await reader.read()).value);
      };
      await readUntil(/connected/);
      await listening.http.post(`/v1/games/${gameId}/actions`).set(alice.auth).send({ action: { type: 'pass' } }).expect(201);
      await readUntil(/event: your_turn\nid: [^\n]+\ndata: [^\n]+\n\n/);
      const data = JSON.parse(/event: your_turn\nid: [^\n]+\ndata: ([^\n]+)/.exec(text)![1]!);
      expect(data).toMatchObject({ type: 'game_updated', gameId, version: 2, yourTurn: true, status: 'active' });
      await listening.http.post(`/v1/games/${gameId}/actions`).set(bob.auth).send({ action: { type: 'pass' } }).expect(201);
      await readUntil(/event: game_updated\nid: [^\n]+:3\n/);
      controller.abort();
      expect((await fetch(`http://127.0.0.1:${port}/v1/me/events`)).status).toBe(401);
    } finally {
      await listening.close();
    }
  });
});
