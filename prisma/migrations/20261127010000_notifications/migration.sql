-- Notifications to persons (services/notifications.ts): e-mail and Web Push.
-- An account's address is used only once verified; `email_mode` is never / each_turn / digest
-- (a digest at most every `digest_hours`); `last_digest_at` is when the last digest left.
ALTER TABLE "users" ADD COLUMN "email" TEXT;
ALTER TABLE "users" ADD COLUMN "email_verified_at" TIMESTAMPTZ(3);
ALTER TABLE "users" ADD COLUMN "email_mode" TEXT NOT NULL DEFAULT 'each_turn';
ALTER TABLE "users" ADD COLUMN "digest_hours" INTEGER NOT NULL DEFAULT 24;
ALTER TABLE "users" ADD COLUMN "last_digest_at" TIMESTAMPTZ(3);

-- The outbox: written in the transaction of the change that causes it (a move, a deadline, an
-- invitation), claimed FOR UPDATE SKIP LOCKED by a worker that sends it and marks it in that same
-- transaction. One row per person, channel, kind and turn (the unique key): never twice for a turn.
CREATE TABLE "notifications" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "channel" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "game_id" UUID,
    "game_version" INTEGER,
    "seat" INTEGER,
    "payload" JSONB NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_error" TEXT,
    "sent_to" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sent_at" TIMESTAMPTZ(3),

    CONSTRAINT "notifications_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "notifications_user_id_channel_kind_game_id_game_version_key" ON "notifications"("user_id", "channel", "kind", "game_id", "game_version");
CREATE INDEX "notifications_status_next_attempt_at_idx" ON "notifications"("status", "next_attempt_at");
CREATE INDEX "notifications_created_at_idx" ON "notifications"("created_at");
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A browser's Web Push subscription (RFC 8030 endpoint, RFC 8291 keys); removed when the push
-- service answers 404 or 410.
CREATE TABLE "push_subscriptions" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "endpoint" TEXT NOT NULL,
    "p256dh" TEXT NOT NULL,
    "auth" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "push_subscriptions_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "push_subscriptions_endpoint_key" ON "push_subscriptions"("endpoint");
CREATE INDEX "push_subscriptions_user_id_idx" ON "push_subscriptions"("user_id");
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A game record says which of its players have an outbox channel (`hasOutbox`: it decides whether a
-- move writes outbox rows), and processes cache game records: as for webhooks, a change of a
-- player's push subscriptions or mail settings moves their unfinished games' revision, so no cached
-- record keeps the old answer.
CREATE TRIGGER "push_subscriptions_revision" AFTER INSERT OR UPDATE OR DELETE ON "push_subscriptions" FOR EACH ROW EXECUTE FUNCTION "webhooks_touch_games"();
CREATE FUNCTION "users_mail_touch_games"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "games" SET "revision" = "revision"
  WHERE "status" <> 'finished' AND "id" IN (SELECT "game_id" FROM "seats" WHERE "user_id" = NEW."id");
  RETURN NULL;
END $$;
CREATE TRIGGER "users_mail_revision" AFTER UPDATE OF "email_verified_at", "email_mode" ON "users" FOR EACH ROW
  WHEN (OLD."email_verified_at" IS DISTINCT FROM NEW."email_verified_at" OR OLD."email_mode" IS DISTINCT FROM NEW."email_mode")
  EXECUTE FUNCTION "users_mail_touch_games"();
