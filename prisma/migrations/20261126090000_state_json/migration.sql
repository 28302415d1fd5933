-- A game's state is written whole by every move and read whole by every reader; nothing in SQL
-- looks inside it. As `json` PostgreSQL only checks the text on the way in and hands it back as
-- stored, where `jsonb` built (and on reading, printed) a binary tree: for a 4.3 kB Urbanization
-- state 42 µs of backend CPU to store against 8, and 18 µs to read against ~0 (docs/bench-results.md,
-- fifth session). Engines never depend on key order (src/engine/canonical.ts), so the order json
-- keeps (the engine's) and the one jsonb gave the states stored before are alike to them.
ALTER TABLE "games" ALTER COLUMN "state" TYPE json USING "state"::json;

-- The rewrite keeps no column compression setting: lz4 again where this PostgreSQL has it (see
-- 20261124100000_state_lz4).
DO $$
BEGIN
  ALTER TABLE "games" ALTER COLUMN "state" SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported THEN
  RAISE NOTICE 'this PostgreSQL has no lz4: game states stay compressed with pglz';
END $$;
