-- Stream tickets (issue 23): browsers' EventSource cannot send Authorization, so a signed-in client
-- asks for a ticket and opens the account stream with ?ticket=; a ticket works once, within 60 s.
-- Only its SHA-256 is stored; taking it deletes the row, so two processes cannot both accept it.
CREATE TABLE "stream_tickets" (
    "ticket_hash" TEXT NOT NULL,
    "user_id" UUID NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "stream_tickets_pkey" PRIMARY KEY ("ticket_hash")
);

CREATE INDEX "stream_tickets_user_id_idx" ON "stream_tickets"("user_id");

ALTER TABLE "stream_tickets" ADD CONSTRAINT "stream_tickets_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
