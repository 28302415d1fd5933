-- Chat at the table (services/chat.ts): one row per message, in a table of its own so no move, undo
-- or take-back touches it (a take-back never removes chat). `id` orders a game's messages and is the
-- paging cursor. A deleted message (admin moderation) keeps its row, hidden from players.
CREATE TYPE "chat_channel" AS ENUM ('players', 'spectators');

CREATE TABLE "chat_messages" (
    "id" BIGSERIAL NOT NULL,
    "game_id" UUID NOT NULL,
    "channel" "chat_channel" NOT NULL,
    "user_id" UUID NOT NULL,
    "text" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "deleted_at" TIMESTAMPTZ(3),
    "deleted_by_id" UUID,

    CONSTRAINT "chat_messages_pkey" PRIMARY KEY ("id")
);

-- A page of one channel, newest first, before a cursor.
CREATE INDEX "chat_messages_game_id_channel_id_idx" ON "chat_messages"("game_id", "channel", "id");
CREATE INDEX "chat_messages_user_id_idx" ON "chat_messages"("user_id");

ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_game_id_fkey" FOREIGN KEY ("game_id") REFERENCES "games"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Muted by an admin: the account's chat messages are refused until it is unmuted.
ALTER TABLE "users" ADD COLUMN "muted_at" TIMESTAMPTZ(3);
