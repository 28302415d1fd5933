-- The open-games quota counts an account's open games on every creation (services/lobby.ts#createGame).
CREATE INDEX "games_created_by_id_status_idx" ON "games"("created_by_id", "status");
