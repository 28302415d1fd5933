-- Admin search by verify verdict ("failed", "ok"): the page is the newest games with that verdict.
-- Read through the verdicts' (verify_ok) index, every match was looked up in games for its
-- created_at before the newest 20 were kept: at 352,000 games, 250 failed verdicts cost 6.5 ms and
-- grew with their number. The verdict now carries its game's creation time (it never changes), and
-- one index gives the page in order.
ALTER TABLE "game_verifications" ADD COLUMN "game_created_at" TIMESTAMPTZ(3);
UPDATE "game_verifications" v SET "game_created_at" = g."created_at" FROM "games" g WHERE g."id" = v."game_id";
ALTER TABLE "game_verifications" ALTER COLUMN "game_created_at" SET NOT NULL;
DROP INDEX "game_verifications_verify_ok_idx";
CREATE INDEX "game_verifications_verify_ok_game_created_at_game_id_idx" ON "game_verifications"("verify_ok", "game_created_at" DESC, "game_id");
