-- Issue #12, job posting: the job form's fields (location kind, remote country, salary period, how to apply,
-- screening questions, plan, review), orders and payment events, and the job dashboard's daily figures.
CREATE TYPE "public"."apply_method" AS ENUM('nordlys', 'url', 'email');--> statement-breakpoint
CREATE TYPE "public"."job_location_kind" AS ENUM('address', 'place', 'remote');--> statement-breakpoint
CREATE TYPE "public"."job_plan" AS ENUM('free', 'boost', 'max', 'headhunter');--> statement-breakpoint
CREATE TYPE "public"."order_status" AS ENUM('open', 'awaiting_payment', 'paid', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."payment_provider" AS ENUM('stripe', 'invoice');--> statement-breakpoint
CREATE TYPE "public"."salary_period" AS ENUM('year', 'month', 'hour');--> statement-breakpoint
CREATE TABLE "job_daily_stats" (
	"job_id" integer NOT NULL,
	"day" date NOT NULL,
	"surface" text NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"apply_clicks" integer DEFAULT 0 NOT NULL,
	"applications" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "job_daily_stats_job_id_day_surface_pk" PRIMARY KEY("job_id","day","surface")
);
--> statement-breakpoint
CREATE TABLE "job_view_marks" (
	"job_id" integer NOT NULL,
	"day" date NOT NULL,
	"visitor" text NOT NULL,
	CONSTRAINT "job_view_marks_job_id_day_visitor_pk" PRIMARY KEY("job_id","day","visitor")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"job_id" integer,
	"job_title" text NOT NULL,
	"plan" "job_plan" NOT NULL,
	"status" "order_status" DEFAULT 'open' NOT NULL,
	"provider" "payment_provider" NOT NULL,
	"provider_ref" text,
	"invoice_number" text NOT NULL,
	"price_country" text NOT NULL,
	"currency" text NOT NULL,
	"net_minor" integer NOT NULL,
	"vat_rate" numeric(5, 2) DEFAULT 0 NOT NULL,
	"vat_minor" integer DEFAULT 0 NOT NULL,
	"total_minor" integer NOT NULL,
	"vat_note" text DEFAULT '' NOT NULL,
	"billing" jsonb,
	"created_by" integer,
	"due_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"applied_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_invoice_number_unique" UNIQUE("invoice_number")
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"provider" "payment_provider" NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "location_kind" "job_location_kind" DEFAULT 'place' NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "remote_country_code" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "salary_period" "salary_period";--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "apply_method" "apply_method" DEFAULT 'nordlys' NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "apply_url" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "apply_email" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "screening_questions" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "plan" "job_plan" DEFAULT 'free' NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "review_note" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "held_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "job_daily_stats" ADD CONSTRAINT "job_daily_stats_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_view_marks" ADD CONSTRAINT "job_view_marks_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_daily_stats_day_idx" ON "job_daily_stats" USING btree ("day");--> statement-breakpoint
CREATE INDEX "job_view_marks_day_idx" ON "job_view_marks" USING btree ("day");--> statement-breakpoint
CREATE INDEX "orders_company_idx" ON "orders" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_job_idx" ON "orders" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "orders_status_idx" ON "orders" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_provider_ref_idx" ON "orders" USING btree ("provider","provider_ref");--> statement-breakpoint
-- Invoice numbers (NL-{year}-{number}) come from one sequence, so instances never hand out the same one.
CREATE SEQUENCE IF NOT EXISTS "invoice_number_seq" START WITH 1001;