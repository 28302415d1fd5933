-- Every per-game table carries game_id in its primary key (docs/scaling.md): the keys a table
-- distributed by game_id (Citus) must have, so the shards of one game's rows stay together.
-- undo_requests and chat_messages were keyed by id alone; their ids stay unique by construction
-- (uuid, a sequence), and chat messages keep an index on id for the admin's delete by message id.
ALTER TABLE "undo_requests" DROP CONSTRAINT "undo_requests_pkey";
ALTER TABLE "undo_requests" ADD CONSTRAINT "undo_requests_pkey" PRIMARY KEY ("game_id", "id");

ALTER TABLE "chat_messages" DROP CONSTRAINT "chat_messages_pkey";
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_pkey" PRIMARY KEY ("game_id", "id");
CREATE INDEX "chat_messages_id_idx" ON "chat_messages"("id");
