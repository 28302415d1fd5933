-- Background work is recorded on the game row, in the move's own transaction (see docs/architecture.md, "Jobs"):
-- due_at: when a worker must next look at the game (earliest human deadline, warning or bot turn; NULL: nothing due);
-- warn_at: the next "deadline near" warning not yet sent; work_attempts: failed attempts in a row (backoff).
ALTER TABLE "games" ADD COLUMN "due_at" TIMESTAMPTZ(3),
ADD COLUMN "warn_at" TIMESTAMPTZ(3),
ADD COLUMN "work_attempts" INTEGER NOT NULL DEFAULT 0;

CREATE INDEX "games_due_at_idx" ON "games"("due_at");

-- Running games are looked at once; the worker then stores their real next due time.
UPDATE "games" SET "due_at" = now() WHERE "status" = 'active';

-- pg-boss is gone: its jobs are superseded by the rows above.
DROP SCHEMA IF EXISTS "pgboss" CASCADE;
