-- Ratings (services/ratings.ts): openskill's Plackett-Luce model per account per game type.
-- Games chosen rated at creation; games finished before this migration stay unrated.
ALTER TABLE "games" ADD COLUMN "rated" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "games" ALTER COLUMN "rated" SET DEFAULT true;

-- One row per finished game the rating work looked at, in the order it did (`seq`): the history
-- a recomputation replays. `unrated` says why a game changed no rating (null: it was rated).
CREATE TABLE "game_ratings" (
    "game_id" UUID NOT NULL,
    "seq" BIGSERIAL NOT NULL,
    "game_type" TEXT NOT NULL,
    "rated_at" TIMESTAMPTZ(3) NOT NULL,
    "unrated" TEXT,

    CONSTRAINT "game_ratings_pkey" PRIMARY KEY ("game_id")
);
CREATE UNIQUE INDEX "game_ratings_seq_key" ON "game_ratings"("seq");

-- Each rated player's change in one game: their place and their rating before and after.
CREATE TABLE "rating_changes" (
    "game_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "seat" INTEGER NOT NULL,
    "place" INTEGER NOT NULL,
    "mu_before" DOUBLE PRECISION NOT NULL,
    "sigma_before" DOUBLE PRECISION NOT NULL,
    "mu_after" DOUBLE PRECISION NOT NULL,
    "sigma_after" DOUBLE PRECISION NOT NULL,

    CONSTRAINT "rating_changes_pkey" PRIMARY KEY ("game_id","user_id")
);
CREATE INDEX "rating_changes_user_id_idx" ON "rating_changes"("user_id");

-- The current rating per account per game type; `rating` (mu - 3 sigma) orders the leaderboard.
CREATE TABLE "ratings" (
    "user_id" UUID NOT NULL,
    "game_type" TEXT NOT NULL,
    "mu" DOUBLE PRECISION NOT NULL,
    "sigma" DOUBLE PRECISION NOT NULL,
    "rating" DOUBLE PRECISION NOT NULL,
    "games" INTEGER NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "ratings_pkey" PRIMARY KEY ("user_id","game_type")
);
CREATE INDEX "ratings_game_type_rating_idx" ON "ratings"("game_type", "rating");

ALTER TABLE "game_ratings" ADD CONSTRAINT "game_ratings_game_id_fkey" FOREIGN KEY ("game_id") REFERENCES "games"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "rating_changes" ADD CONSTRAINT "rating_changes_game_id_fkey" FOREIGN KEY ("game_id") REFERENCES "game_ratings"("game_id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "rating_changes" ADD CONSTRAINT "rating_changes_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
