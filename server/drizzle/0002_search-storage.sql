-- Keep the jobs heap narrow: the description and its vector move out of line (TOAST) as soon as a
-- row passes 128 bytes, so scans, counts and top-N sorts over many jobs read a few MB, not 100+.
ALTER TABLE "jobs" SET (toast_tuple_target = 128);--> statement-breakpoint
-- What searches filter and rank on stays in the row, uncompressed. All of it is short: titles and
-- company names are limited in length, and a job has at most a few categories.
ALTER TABLE "jobs" ALTER COLUMN "title" SET STORAGE PLAIN;--> statement-breakpoint
ALTER TABLE "jobs" ALTER COLUMN "company_name" SET STORAGE PLAIN;--> statement-breakpoint
ALTER TABLE "jobs" ALTER COLUMN "categories" SET STORAGE PLAIN;--> statement-breakpoint
ALTER TABLE "jobs" ALTER COLUMN "search_vector" SET STORAGE PLAIN;--> statement-breakpoint
-- jobs.company_name follows its company: filled on insert and on a move to another company ...
CREATE OR REPLACE FUNCTION nordlys_job_company_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT name INTO NEW.company_name FROM companies WHERE id = NEW.company_id;
  NEW.company_name := coalesce(NEW.company_name, '');
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER jobs_company_name BEFORE INSERT OR UPDATE OF company_id ON jobs
  FOR EACH ROW EXECUTE FUNCTION nordlys_job_company_name();--> statement-breakpoint
-- ... and is rewritten when the company is renamed.
CREATE OR REPLACE FUNCTION nordlys_company_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE jobs SET company_name = NEW.name WHERE company_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER companies_renamed AFTER UPDATE OF name ON companies
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION nordlys_company_renamed();
--> statement-breakpoint
-- The public list, newest first. A search walks it and stops after a page; a count stops at its
-- cap. The included filter columns let both run as index-only scans, never reading the heap.
CREATE INDEX "jobs_listed_idx" ON "jobs" ("created_at" DESC, "id" DESC)
  INCLUDE ("company_id", "location_id", "position_type", "is_remote", "expiration_date", "categories")
  WHERE "status" = 'ACTIVE' AND "approved_at" IS NOT NULL;
