-- Archive format 2 (store/archive.ts): the events' columns compressed by brotli primed with a
-- dictionary of the game's type, named here (src/store/archive-dictionaries/<name>.br); null for format 1.
ALTER TABLE "game_archives" ADD COLUMN "dictionary" TEXT;
