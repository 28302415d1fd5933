-- Admin search by type (and rules version), and by status, newest created first: the page is read in
-- order from the index and stops after it (at 352,000 games a type and rules version that no game had
-- was a scan of every game: 359 ms, npm run bench:scale).
CREATE INDEX "games_type_rules_version_created_at_id_idx" ON "games"("type", "rules_version", "created_at" DESC, "id");
CREATE INDEX "games_status_created_at_id_idx" ON "games"("status", "created_at" DESC, "id");
