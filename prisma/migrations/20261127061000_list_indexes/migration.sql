-- Lists that stay flat as the database grows (npm run bench:scale, docs/bench-results.md):
-- a page of games newest activity first (GET /v1/games, the lobby) and newest created first (admin
-- search) walks these indexes and stops after the page, instead of sorting every match.
CREATE INDEX "games_updated_at_id_idx" ON "games"("updated_at" DESC, "id");
CREATE INDEX "games_created_at_id_idx" ON "games"("created_at" DESC, "id");
-- Admin search by player also finds imported games' names without an account (compared as citext
-- does, by lower()). An expression index: schema.prisma cannot state it.
CREATE INDEX "seats_imported_username_lower_idx" ON "seats"(lower("imported_username")) WHERE "imported_username" IS NOT NULL;
