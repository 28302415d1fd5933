-- Admin tools (issue 14): aborted games, stored verify verdicts, imported games, disabled accounts.

-- An admin may abort a running (or open) game: it ends without a result.
ALTER TYPE "game_status" ADD VALUE 'aborted';

-- The last verdict of POST /v1/admin/games/:id/verify. A table of its own, not columns of "games":
-- writing a verdict must not touch the game row, whose every update moves "revision" (the move
-- cache's commit guard) and costs the next move a reload.
CREATE TABLE "game_verifications" (
    "game_id" UUID NOT NULL,
    "verified_at" TIMESTAMPTZ(3) NOT NULL,
    "verify_ok" BOOLEAN NOT NULL,
    "verify_divergence" JSONB,
    "version" INTEGER NOT NULL,
    CONSTRAINT "game_verifications_pkey" PRIMARY KEY ("game_id")
);
CREATE INDEX "game_verifications_verify_ok_idx" ON "game_verifications"("verify_ok");
ALTER TABLE "game_verifications" ADD CONSTRAINT "game_verifications_game_id_fkey" FOREIGN KEY ("game_id") REFERENCES "games"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Games stored from a portable record (POST /v1/admin/games/import), and the names of their
-- seats that have no account on this server.
ALTER TABLE "games" ADD COLUMN "imported_at" TIMESTAMPTZ(3);
ALTER TABLE "seats" ADD COLUMN "imported_username" TEXT;

-- A disabled account cannot log in and none of its tokens work (services/admin-accounts.ts).
ALTER TABLE "users" ADD COLUMN "disabled_at" TIMESTAMPTZ(3);
