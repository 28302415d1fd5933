-- Retention (services/retention.ts) deletes old rows in small batches by age: these indexes let
-- each batch find them without scanning the whole table.
CREATE INDEX "idempotency_keys_created_at_idx" ON "idempotency_keys"("created_at");
CREATE INDEX "webhook_deliveries_created_at_idx" ON "webhook_deliveries"("created_at");
