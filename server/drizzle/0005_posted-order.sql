-- "Newest first" sorts by the date a job shows (#10): coalesce(approved_at, created_at), the twin of
-- the sdk's postedAt (sdk/src/dates.ts; POSTED_AT in server/src/queries/jobs.ts). The public list's
-- index moves onto that expression, so a search still walks it and stops after a page. Both dates
-- are included so the scan stays index-only (PostgreSQL does not read them back out of an expression).
DROP INDEX IF EXISTS "jobs_listed_idx";--> statement-breakpoint
CREATE INDEX "jobs_listed_idx" ON "jobs" ((coalesce("approved_at", "created_at")) DESC, "id" DESC)
  INCLUDE ("company_id", "location_id", "position_type", "is_remote", "expiration_date", "categories", "approved_at", "created_at")
  WHERE "status" = 'ACTIVE' AND "approved_at" IS NOT NULL;
