-- Issue #16: searches that cost the same at 300,000 jobs as at 100,000. A search counts its matches
-- up to a cap (LIMITS.searchCountCap); that work should stop at the cap, in index pages that stay
-- cached, whatever the size of the table.
--
-- 1. The words of a job (search_vector) join the public list's index, so a text search that walks it
--    newest first (the title tier of queries/jobs.ts) reads only the index, never the heap.
DROP INDEX IF EXISTS "jobs_listed_idx";--> statement-breakpoint
CREATE INDEX "jobs_listed_idx" ON "jobs" ((coalesce("approved_at", "created_at")) DESC, "id" DESC)
  INCLUDE ("company_id", "location_id", "position_type", "is_remote", "expiration_date", "categories", "approved_at", "created_at", "search_vector")
  WHERE "status" = 'ACTIVE' AND "approved_at" IS NOT NULL;--> statement-breakpoint
-- 2. The public list by place: a country or city filter (a join on locations) reads the public jobs of
--    those locations and nothing else, newest first within each, with the same columns, so text with a
--    country ('design' in SE) is counted in one index too. Before, such a count read a GIN bitmap of
--    every job with the word, or the heap in physical order, both growing with the table.
CREATE INDEX "jobs_listed_place_idx" ON "jobs" ("location_id", (coalesce("approved_at", "created_at")) DESC, "id" DESC)
  INCLUDE ("company_id", "position_type", "is_remote", "expiration_date", "categories", "approved_at", "created_at", "search_vector")
  WHERE "status" = 'ACTIVE' AND "approved_at" IS NOT NULL;
