-- Issue #14, job alerts: digests get double opt-in (confirmed_at, the confirmation token's hash), their
-- timing (hour of day in the subscriber's time zone, pause) and scheduling (next_due_at, last_period);
-- digest_sent_jobs keeps every job a subscription has mailed, so none is mailed to it twice.
CREATE TABLE "digest_sent_jobs" (
	"digest_id" integer NOT NULL,
	"job_id" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "digest_sent_jobs_digest_id_job_id_pk" PRIMARY KEY("digest_id","job_id")
);
--> statement-breakpoint
DROP INDEX "digests_email_idx";--> statement-breakpoint
ALTER TABLE "digests" ADD COLUMN "confirmed_at" timestamp with time zone DEFAULT now();--> statement-breakpoint
-- Subscriptions from before double opt-in were made by signed-in users: confirmed since they began.
UPDATE "digests" SET "confirmed_at" = "created_at";--> statement-breakpoint
ALTER TABLE "digests" ADD COLUMN "confirm_token_hash" text;--> statement-breakpoint
ALTER TABLE "digests" ADD COLUMN "paused" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "digests" ADD COLUMN "hour_of_day" integer DEFAULT 8 NOT NULL;--> statement-breakpoint
ALTER TABLE "digests" ADD COLUMN "time_zone" text DEFAULT 'Europe/Copenhagen' NOT NULL;--> statement-breakpoint
ALTER TABLE "digests" ADD COLUMN "next_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "digests" ADD COLUMN "last_period" text;--> statement-breakpoint
ALTER TABLE "digest_sent_jobs" ADD CONSTRAINT "digest_sent_jobs_digest_id_digests_id_fk" FOREIGN KEY ("digest_id") REFERENCES "public"."digests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "digest_sent_jobs" ADD CONSTRAINT "digest_sent_jobs_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "digest_sent_jobs_job_idx" ON "digest_sent_jobs" USING btree ("job_id");--> statement-breakpoint
-- One subscription per address: of older duplicates, the first made stays.
DELETE FROM "digests" AS d USING "digests" AS e WHERE lower(d."email") = lower(e."email") AND d."id" > e."id";--> statement-breakpoint
CREATE UNIQUE INDEX "digests_email_lower_idx" ON "digests" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "digests_user_idx" ON "digests" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "digests_due_idx" ON "digests" USING btree ("next_due_at") WHERE "digests"."confirmed_at" IS NOT NULL AND NOT "digests"."paused";--> statement-breakpoint
ALTER TABLE "digests" ADD CONSTRAINT "digests_confirm_token_hash_unique" UNIQUE("confirm_token_hash");--> statement-breakpoint
-- Statistics on the posted date that jobs_listed_idx sorts by, so the planner sees how few jobs are
-- "approved since" a day or a week ago (the digests' range, and the saved searches' counts).
CREATE STATISTICS IF NOT EXISTS "jobs_posted_at_stats" ON (coalesce("approved_at", "created_at")) FROM "jobs";
