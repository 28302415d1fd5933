-- Admin search by type and status, newest created first: at 352,000 games the (type, rules_version)
-- index walked past the newest 18,000 active games to find finished ones (32 ms against 9 ms at
-- 10,000 games, npm run bench:scale); with the status in the key the page is read in order.
CREATE INDEX "games_type_status_created_at_id_idx" ON "games"("type", "status", "created_at" DESC, "id");

-- The outboxes a move writes in its own transaction carry the game's id in a column with an index,
-- ready to be distributed by game_id and colocated with the game's rows (docs/scaling.md, Citus).
-- A webhook delivery names its game in its payload (a test ping names none: NULL).
ALTER TABLE "webhook_deliveries" ADD COLUMN "game_id" UUID;
UPDATE "webhook_deliveries" SET "game_id" = ("payload" #>> '{game,id}')::uuid
  WHERE "payload" #>> '{game,id}' ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';
CREATE INDEX "webhook_deliveries_game_id_idx" ON "webhook_deliveries"("game_id");
CREATE INDEX "notifications_game_id_idx" ON "notifications"("game_id");
CREATE INDEX "idempotency_keys_game_id_idx" ON "idempotency_keys"("game_id");
