import { createECDH, randomBytes } from 'node:crypto';
import webPush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUser, startTestApp, type TestApp } from '../support/api.js';

/**
 * Per-account quotas under a burst: more concurrent requests of one account than the database pool
 * has connections, each of which would pass a count made before the others' inserts. Exactly the
 * quota succeed, the rest are 409 with the quota's code, and the table holds exactly the quota.
 * (Before the account lock, one burst created 29–40 open games of 20, 40 webhooks of 20, 51–80
 * tokens of 50 and 20–30 push subscriptions of 10.)
 */
const POOL = 3;
const QUOTA = 4;
const BURST = 24;

let t: TestApp;
beforeAll(async () => {
  const vapid = webPush.generateVAPIDKeys();
  t = await startTestApp({
    workers: false,
    config: {
      databasePoolSize: POOL, openGamesPerAccount: QUOTA, webhooksPerAccount: QUOTA, apiTokensPerAccount: QUOTA, pushSubscriptionsPerAccount: QUOTA,
      webhookAllowPrivate: true, pushAllowHttp: true, vapid: { ...vapid, subject: 'mailto:ops@example.org' }, publicUrl: 'http://127.0.0.1:9',
    },
  });
});
afterAll(async () => t?.close());

async function burst(send: (i: number) => Promise<{ status: number; body: { code?: string } }>, code: string) {
  const answers = await Promise.all(Array.from({ length: BURST }, (_, i) => send(i)));
  const statuses = answers.map((answer) => answer.status);
  expect(statuses.filter((status) => status === 201), JSON.stringify(answers.filter((a) => a.status !== 201 && a.status !== 409).map((a) => a.body))).toHaveLength(QUOTA);
  expect(answers.filter((answer) => answer.status !== 201).map((answer) => [answer.status, answer.body.code])).toEqual(Array(BURST - QUOTA).fill([409, code]));
}

const count = async (sql: string, userId: string) => Number((await t.sql.query(sql, [userId])).rows[0].count);

describe(`quotas under a burst of ${BURST} requests (pool of ${POOL})`, () => {
  it('open games', async () => {
    const ann = await newUser(t, 'ann');
    await burst(() => t.http.post('/v1/games').set(ann.auth).send({ type: 'toy', seats: 2 }), 'TOO_MANY_OPEN_GAMES');
    expect(await count("SELECT count(*) FROM games WHERE created_by_id = $1 AND status = 'open'", ann.id)).toBe(QUOTA);
  });

  it('webhooks', async () => {
    const ann = await newUser(t, 'ann');
    await burst((i) => t.http.post('/v1/me/webhooks').set(ann.auth).send({ url: `http://127.0.0.1:9/hook/${i}`, events: ['your_turn'] }), 'TOO_MANY_WEBHOOKS');
    expect(await count('SELECT count(*) FROM webhooks WHERE user_id = $1', ann.id)).toBe(QUOTA);
  });

  it('API tokens', async () => {
    const ann = await newUser(t, 'ann');
    await burst((i) => t.http.post('/v1/me/tokens').set(ann.auth).send({ name: `bot ${i}`, scopes: ['read'] }), 'TOO_MANY_TOKENS');
    expect(await count('SELECT count(*) FROM api_tokens WHERE user_id = $1 AND revoked_at IS NULL', ann.id)).toBe(QUOTA);
  });

  it('push subscriptions', async () => {
    const ann = await newUser(t, 'ann');
    const keys = () => ({ p256dh: createECDH('prime256v1').generateKeys().toString('base64url'), auth: randomBytes(16).toString('base64url') });
    await burst((i) => t.http.post('/v1/me/push-subscriptions').set(ann.auth).send({ endpoint: `http://127.0.0.1:9/push/${i}`, keys: keys() }), 'TOO_MANY_PUSH_SUBSCRIPTIONS');
    expect(await count('SELECT count(*) FROM push_subscriptions WHERE user_id = $1', ann.id)).toBe(QUOTA);
  });
});
