-- pg_trgm backs the fuzzy title index on jobs (see 0001); PGlite loads it as a contrib extension.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
