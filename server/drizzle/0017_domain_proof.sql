-- Issue #33: a career or white-label domain is served only once its owner proved control in DNS
-- (sdk/domains.ts). Each claim has a state and a token; only a verified domain is unique, so several
-- pending claims of one domain may wait while one owner proves it.
-- The domains set before this change (the demo's among them) start verified, each with a new token:
-- they keep being served, and the daily re-check lapses those whose owner adds no proof.
CREATE TYPE "public"."domain_state" AS ENUM('claimed', 'verified', 'lapsed');--> statement-breakpoint
ALTER TABLE "companies" DROP CONSTRAINT "companies_careers_domain_unique";--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "careers_domain_state" "domain_state";--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "careers_domain_token" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "careers_domain_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "careers_domain_verified_at" timestamp with time zone;--> statement-breakpoint
UPDATE "companies" SET "careers_domain_state" = 'verified', "careers_domain_token" = replace(gen_random_uuid()::text, '-', ''), "careers_domain_verified_at" = now() WHERE "careers_domain" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "companies_careers_domain_verified_idx" ON "companies" USING btree (lower("careers_domain")) WHERE "companies"."careers_domain_state" = 'verified';--> statement-breakpoint
ALTER TABLE "white_label_feeds" DROP CONSTRAINT "white_label_feeds_domain_unique";--> statement-breakpoint
ALTER TABLE "white_label_feeds" ADD COLUMN "domain_state" "domain_state" DEFAULT 'claimed' NOT NULL;--> statement-breakpoint
ALTER TABLE "white_label_feeds" ADD COLUMN "domain_token" text;--> statement-breakpoint
ALTER TABLE "white_label_feeds" ADD COLUMN "domain_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "white_label_feeds" ADD COLUMN "domain_verified_at" timestamp with time zone;--> statement-breakpoint
UPDATE "white_label_feeds" SET "domain_state" = 'verified', "domain_token" = replace(gen_random_uuid()::text, '-', ''), "domain_verified_at" = now();--> statement-breakpoint
ALTER TABLE "white_label_feeds" ALTER COLUMN "domain_token" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "white_label_feeds_domain_verified_idx" ON "white_label_feeds" USING btree (lower("domain")) WHERE "white_label_feeds"."domain_state" = 'verified';
