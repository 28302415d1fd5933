-- A move no longer rewrites its game's whole state: `state` is the state as of version
-- `state_version`, and the events after it (only players' actions, written by the move path,
-- store/moves.ts) are played on from it by whoever reads the game. The move path writes the state
-- every 16th version and when a game ends; every other writer writes it each time.
-- Why: the state (2-4 kB of JSON, ~1.4 kB compressed) was 70% of a move's WAL, and at 8 clients a
-- group commit's fdatasync took 0.9 ms against 0.4 ms for the floor's (docs/bench-results.md,
-- sixth session).
ALTER TABLE "games" ADD COLUMN "state_version" INTEGER NOT NULL DEFAULT 0;
UPDATE "games" SET "state_version" = "version" WHERE "state_version" <> "version";

-- Whoever writes the state writes it as of the game's version: the trigger keeps `state_version`
-- right for every writer (Prisma's included) without each having to know. It fires only when
-- `state` is a target of the UPDATE, so the move path's updates that leave the state alone keep
-- the older `state_version`.
CREATE FUNCTION "games_state_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."state_version" := NEW."version";
  RETURN NEW;
END $$;
CREATE TRIGGER "games_state_version" BEFORE INSERT OR UPDATE OF "state" ON "games" FOR EACH ROW EXECUTE FUNCTION "games_state_version"();

-- Keep the compressed state out of line (in the TOAST table), so an update that leaves it alone
-- copies an 18-byte pointer instead of writing the state again (the row without it is ~300 bytes).
ALTER TABLE "games" SET (toast_tuple_target = 512);
