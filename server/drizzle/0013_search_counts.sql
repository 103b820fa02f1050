-- Issue #16: a search's count stops at its cap (LIMITS.searchCountCap) after reading about as many
-- entries as it counts, whatever the size of the table (queries/jobs.ts, countMatches).
--
-- 1. Position type first: a search for internships counts and lists the public internships, newest
--    first, and nothing else. Before, its count read the heap in physical order (1,650 pages for
--    2,001 internships at 300,000 jobs).
CREATE INDEX "jobs_listed_type_idx" ON "jobs" ("position_type", (coalesce("approved_at", "created_at")) DESC, "id" DESC)
  INCLUDE ("company_id", "location_id", "is_remote", "expiration_date", "categories", "approved_at", "created_at")
  WHERE "status" = 'ACTIVE' AND "approved_at" IS NOT NULL;--> statement-breakpoint
-- 2. The remote jobs alone, newest first (countryCode=REMOTE): the same, for a filter that a tenth of
--    the jobs pass.
CREATE INDEX "jobs_listed_remote_idx" ON "jobs" ((coalesce("approved_at", "created_at")) DESC, "id" DESC)
  INCLUDE ("company_id", "location_id", "position_type", "expiration_date", "categories", "approved_at", "created_at")
  WHERE "status" = 'ACTIVE' AND "approved_at" IS NOT NULL AND "is_remote";--> statement-breakpoint
-- 3. The words of the public jobs by block of 32,768 job ids. A GIN index answers a text query with
--    every match at once: its cost grows with the table even when the count stops at 2,000 (two common
--    words: 5,800 matches at 300,000 jobs, read whole before the first one counts). Here each job's
--    words carry its block number ("9.senior"), so one block's matches are found apart from the
--    others', and a count walks the blocks newest first and stops at its cap (countMatches).
--    nordlys_block_words drops the weights and positions: the blocks answer unweighted queries only.
CREATE OR REPLACE FUNCTION nordlys_block_words(words tsvector, block integer) RETURNS tsvector
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT array_to_tsvector(array(SELECT block::text || '.' || w FROM unnest(tsvector_to_array(words)) AS w)) $$;--> statement-breakpoint
-- The same query for one block: every lexeme ('senior':*) prefixed as nordlys_block_words does
-- ('9.senior':*), quotes doubled inside a lexeme kept as they are.
CREATE OR REPLACE FUNCTION nordlys_block_query(query tsquery, block integer) RETURNS tsquery
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT regexp_replace(query::text, '''((?:[^'']|'''')*)''', '''' || block::text || '.\1''', 'g')::tsquery $$;--> statement-breakpoint
CREATE INDEX "jobs_listed_words_idx" ON "jobs" USING gin (nordlys_block_words("search_vector", "id" >> 15))
  WHERE "status" = 'ACTIVE' AND "approved_at" IS NOT NULL;
