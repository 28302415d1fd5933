-- Client seeds (issue 23): seated players may contribute to the deal before the start.
-- Every existing game keeps dealing from its server seed alone (derivation 1: the column's
-- value for the rows already here); games created from now on get derivation 2 (src/engine/deal.ts).
ALTER TABLE "games" ADD COLUMN "seed_derivation" INTEGER NOT NULL DEFAULT 1;
ALTER TABLE "games" ALTER COLUMN "seed_derivation" SET DEFAULT 2;
-- Per seat, the client seed given (null: none); renumbered with the seats at the start.
ALTER TABLE "games" ADD COLUMN "client_seeds" JSONB;
