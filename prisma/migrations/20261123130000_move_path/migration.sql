-- The move path (docs/architecture.md, "The submit path").

-- A move updates its game row without touching any index, so PostgreSQL can update it in place
-- (HOT): `updated_at` leaves the index, the lobby sorts a status's games instead; fillfactor leaves
-- room on each page for the new row version.
DROP INDEX "games_status_updated_at_idx";
CREATE INDEX "games_status_idx" ON "games"("status");
ALTER TABLE "games" SET (fillfactor = 70);

-- `revision` moves with every change of a game row or of its seats, whoever writes it (Prisma,
-- node-postgres, a script, an admin by hand): the in-process game cache commits a move only
-- `WHERE revision = <the cached one>`, so a cached game can never accept a move on an old state.
ALTER TABLE "games" ADD COLUMN "revision" INTEGER NOT NULL DEFAULT 0;

CREATE FUNCTION "games_next_revision"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."revision" := OLD."revision" + 1;
  RETURN NEW;
END $$;
CREATE TRIGGER "games_revision" BEFORE UPDATE ON "games" FOR EACH ROW EXECUTE FUNCTION "games_next_revision"();

CREATE FUNCTION "seats_touch_game"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "games" SET "revision" = "revision" WHERE "id" = COALESCE(NEW."game_id", OLD."game_id");
  RETURN NULL;
END $$;
CREATE TRIGGER "seats_revision" AFTER INSERT OR UPDATE OR DELETE ON "seats" FOR EACH ROW EXECUTE FUNCTION "seats_touch_game"();

-- A game record also says which of its players have webhooks (it decides the outbox rows and the
-- "deadline near" warnings of a move): a change of a player's webhooks moves their games' revision too.
CREATE FUNCTION "webhooks_touch_games"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "games" SET "revision" = "revision"
  WHERE "status" <> 'finished' AND "id" IN (SELECT "game_id" FROM "seats" WHERE "user_id" = COALESCE(NEW."user_id", OLD."user_id"));
  RETURN NULL;
END $$;
CREATE TRIGGER "webhooks_revision" AFTER INSERT OR UPDATE OR DELETE ON "webhooks" FOR EACH ROW EXECUTE FUNCTION "webhooks_touch_games"();
