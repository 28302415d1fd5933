import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pruneOnce, type RetentionSettings } from '../../src/services/retention.js';
import { startedToyGame, startTestApp, type TestApp } from '../support/api.js';
import { waitFor } from '../support/wait.js';

/** Old idempotency keys and finished webhook deliveries are deleted in batches; everything else stays. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ workers: false });
});
afterAll(async () => t?.close());

const settings: RetentionSettings = { idempotencyKeyDays: 7, webhookDeliveryDays: 30, finishedGameOutboxDays: 7, intervalSeconds: 3600, batchSize: 2 };

/** A world with rows on both sides of every limit; returns the ids that must survive. */
async function seed() {
  const { alice, gameId } = await startedToyGame(t);
  const { gameId: finishedGame } = await startedToyGame(t);
  const { gameId: recentlyFinished } = await startedToyGame(t);
  const { gameId: abortedGame } = await startedToyGame(t);
  await t.sql.query(`UPDATE games SET status = 'aborted', finished_at = now() - interval '8 days' WHERE id = $1`, [abortedGame]);
  await t.sql.query(`UPDATE games SET status = 'finished', finished_at = now() - interval '8 days' WHERE id = $1`, [finishedGame]);
  await t.sql.query(`UPDATE games SET status = 'finished', finished_at = now() - interval '1 day' WHERE id = $1`, [recentlyFinished]);
  const key = (name: string, age: string) => t.sql.query(
    `INSERT INTO idempotency_keys (user_id, key, game_id, request_hash, response, created_at) VALUES ($1, $2, $3, 'h', '{}', now() - $4::interval)`, [alice.id, name, gameId, age]);
  for (let i = 0; i < 5; i++) await key(`old-${i}`, '8 days');
  await key('fresh', '6 days');
  const hook = (await t.sql.query(`INSERT INTO webhooks (id, user_id, url, events, secret) VALUES (gen_random_uuid(), $1, 'https://example.com/h', '{your_turn}', 's') RETURNING id`, [alice.id])).rows[0].id;
  const delivery = async (label: string, game: string, status: string, age: string) => {
    const gameKey = /^[0-9a-f-]{36}$/.test(game) ? game : null;
    await t.sql.query(`INSERT INTO webhook_deliveries (id, webhook_id, game_id, event, payload, status, created_at) VALUES (gen_random_uuid(), $1, $2, 'your_turn', $3, $4, now() - $5::interval)`,
      [hook, gameKey, JSON.stringify({ label, game: { id: game } }), status, age]);
  };
  for (let i = 0; i < 3; i++) await delivery('old delivered', gameId, 'delivered', '31 days');
  await delivery('old failed', gameId, 'failed', '31 days');
  await delivery('old pending', gameId, 'pending', '31 days');
  await delivery('recent delivered', gameId, 'delivered', '29 days');
  await delivery('finished game, delivered', finishedGame, 'delivered', '8 days');
  await delivery('finished game, pending', finishedGame, 'pending', '8 days');
  await delivery('recently finished game', recentlyFinished, 'delivered', '1 day');
  await delivery('aborted game, delivered', abortedGame, 'delivered', '8 days');
  // A delivery about no game (a test ping) is never taken for one, nor does it stop the pass.
  await delivery('ping', 'not-a-game', 'delivered', '8 days');
  const notification = (label: string, status: string, age: string) => t.sql.query(
    `INSERT INTO notifications (id, user_id, channel, kind, game_id, game_version, payload, status, created_at) VALUES (gen_random_uuid(), $1, 'email', 'your_turn', $2, $3, $4, $5, now() - $6::interval)`,
    [alice.id, gameId, label.length, JSON.stringify({ label }), status, age]);
  await notification('old sent', 'sent', '31 days');
  await notification('old moot!', 'moot', '31 days');
  await notification('old pending, retried', 'pending', '31 days');
  await notification('recent sent, a', 'sent', '29 days');
  return { alice };
}

describe('retention', () => {
  it('deletes exactly the rows past their age, in batches, with two processes pruning at once', async () => {
    await seed();
    // Two workers at the same time, batches of 2: together they delete each row once.
    const [a, b] = await Promise.all([pruneOnce(t.app.services.db, settings), pruneOnce(t.app.services.db, settings)]);
    expect(a.idempotencyKeys + b.idempotencyKeys).toBe(5);
    expect(a.webhookDeliveries + b.webhookDeliveries + a.finishedGameOutbox + b.finishedGameOutbox).toBe(6);
    expect((await t.sql.query('SELECT key FROM idempotency_keys ORDER BY key')).rows.map((row) => row.key)).toEqual(['fresh']);
    const left = (await t.sql.query(`SELECT payload->>'label' AS label FROM webhook_deliveries ORDER BY 1`)).rows.map((row) => row.label);
    expect(left).toEqual(['finished game, pending', 'old pending', 'ping', 'recent delivered', 'recently finished game']);
    expect(a.notifications + b.notifications).toBe(2);
    expect((await t.sql.query(`SELECT payload->>'label' AS label FROM notifications ORDER BY 1`)).rows.map((row) => row.label)).toEqual(['old pending, retried', 'recent sent, a']);
    expect(await pruneOnce(t.app.services.db, settings)).toEqual({ idempotencyKeys: 0, webhookDeliveries: 0, finishedGameOutbox: 0, notifications: 0 });
  });

  it('runs by itself in every worker process', async () => {
    const worker = await startTestApp({ databaseUrl: t.databaseUrl, workers: true, config: { retentionIntervalSeconds: 1 } });
    try {
      const { alice } = await startedToyGame(worker);
      const { rows } = await t.sql.query('SELECT id FROM games WHERE created_by_id = $1', [alice.id]);
      await t.sql.query(`INSERT INTO idempotency_keys (user_id, key, game_id, request_hash, response, created_at) VALUES ($1, 'ancient', $2, 'h', '{}', now() - interval '100 days')`, [alice.id, rows[0].id]);
      await waitFor(async () => ((await t.sql.query(`SELECT 1 FROM idempotency_keys WHERE key = 'ancient'`)).rowCount === 0 ? true : undefined), 20_000, 'the periodic retention pass');
    } finally {
      await worker.close();
    }
  });
});
