-- A finished (or aborted) game's events in one row (store/archive.ts): the actions, seats, actors,
-- kinds, undo links, flags, logs and times column-wise, brotli-compressed, in place of its
-- game_events rows, which the archiving transaction deletes. Reads go through
-- store/archive.ts#readEvents, which serves the rows or this archive.
CREATE TABLE "game_archives" (
    "game_id" UUID NOT NULL,
    "format" INTEGER NOT NULL,
    "event_count" INTEGER NOT NULL,
    "data" BYTEA NOT NULL,
    -- The undo links ([[seq, undoesSeq], ...]) uncompressed: the notification claim reads them in SQL.
    "undos" JSONB NOT NULL DEFAULT '[]',
    "archived_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "game_archives_pkey" PRIMARY KEY ("game_id")
);

ALTER TABLE "game_archives" ADD CONSTRAINT "game_archives_game_id_fkey" FOREIGN KEY ("game_id") REFERENCES "games"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Set with the archive row: the archive pass finds what is left to archive in this partial index,
-- whose rows leave it as they are archived (so a claim costs the same at any progress).
ALTER TABLE "games" ADD COLUMN "archived_at" TIMESTAMPTZ(3);
CREATE INDEX "games_unarchived_idx" ON "games"("finished_at", "id") WHERE "status" IN ('finished', 'aborted') AND "archived_at" IS NULL;
