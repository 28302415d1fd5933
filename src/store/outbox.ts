/**
 * The outbox rows a change writes, webhook deliveries and notifications, from its outbox entries:
 * `source` is a relation with `user_ids uuid[]`, `event text` and `payload jsonb` (the payload names
 * the game and its version). Written in the change's own statement or transaction, so a rolled-back
 * change notifies nobody. Both tables carry the game's id (the key to colocate them with the game's
 * rows, docs/scaling.md).
 */

/**
 * The webhook deliveries of a change's outbox entries (same `source` relation), one per webhook that
 * asked for the event, each carrying its game's id (the payload names the game; a ping has none).
 * Returns one row per delivery written (`RETURNING 1`).
 */
export const WEBHOOK_DELIVERIES_FROM_OUTBOX_SQL = (source: string) => `
  INSERT INTO webhook_deliveries (id, webhook_id, game_id, event, payload)
  SELECT gen_random_uuid(), w.id, (${source}.payload #>> '{game,id}')::uuid, ${source}.event, ${source}.payload
  FROM ${source} JOIN webhooks w ON w.user_id = ANY(${source}.user_ids) AND ${source}.event = ANY(w.events)
  RETURNING 1`;

export const MAILED_EVENTS = ['your_turn', 'deadline_near', 'game_over', 'invitation'] as const;
export const PUSHED_EVENTS = ['your_turn', 'deadline_near'] as const;

const list = (events: readonly string[]) => events.map((event) => `'${event}'`).join(', ');

/**
 * The notification rows (services/notifications.ts). Filtered in SQL against each
 * person's channels: e-mail only to a verified address whose owner did not choose "never", push
 * only to persons with a subscription. `ON CONFLICT DO NOTHING` on the (person, channel, kind, game,
 * version) key: one row per turn whoever writes it twice. A digest's row is due when the person's
 * next digest may leave. Returns one row per notification written (`RETURNING 1`).
 */
export const NOTIFICATIONS_FROM_OUTBOX_SQL = (source: string) => `
  INSERT INTO notifications (id, user_id, channel, kind, game_id, game_version, seat, payload, next_attempt_at)
  SELECT gen_random_uuid(), u.id, c.channel, ${source}.event, (${source}.payload #>> '{game,id}')::uuid, (${source}.payload #>> '{game,version}')::int,
    (${source}.payload ->> 'seat')::int, ${source}.payload,
    CASE WHEN c.channel = 'email' AND u.email_mode = 'digest' THEN GREATEST(now(), u.last_digest_at + u.digest_hours * interval '1 hour') ELSE now() END
  FROM ${source} JOIN users u ON u.id = ANY(${source}.user_ids) CROSS JOIN (VALUES ('email'), ('push')) AS c(channel)
  WHERE (c.channel = 'email' AND ${source}.event IN (${list(MAILED_EVENTS)}) AND u.email_verified_at IS NOT NULL AND u.email_mode <> 'never')
     OR (c.channel = 'push' AND ${source}.event IN (${list(PUSHED_EVENTS)}) AND EXISTS (SELECT 1 FROM push_subscriptions p WHERE p.user_id = u.id))
  ON CONFLICT DO NOTHING
  RETURNING 1`;
