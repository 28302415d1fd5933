-- An invitation can be declined (POST /v1/games/{id}/decline): the seat's reservation is dropped
-- and who declined is kept on the seat, so the creator sees it (a new invitation of the seat clears it).
ALTER TABLE "seats" ADD COLUMN "declined_by_id" UUID;

ALTER TABLE "seats" ADD CONSTRAINT "seats_declined_by_id_fkey" FOREIGN KEY ("declined_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
