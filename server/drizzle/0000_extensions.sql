-- pg_trgm backs the fuzzy title index on jobs (see 0001); PGlite loads it as a contrib extension.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
-- array_to_string is only STABLE, so generated columns cannot call it; on text[] it cannot vary.
CREATE OR REPLACE FUNCTION nordlys_words(text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN coalesce(array_to_string($1, ' '), '');
