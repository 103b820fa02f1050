-- Issue #13, applying and hiring: stored files (CVs), the talent profile's visibility, the companies' own
-- pipeline stages, and each application's answers, CV, surface, ratings, notes and stage history.
CREATE TABLE "application_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"actor_id" integer,
	"kind" text NOT NULL,
	"from_stage" "pipeline_stage",
	"to_stage" "pipeline_stage",
	"stage_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "application_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"author_id" integer,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "application_ratings" (
	"application_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"rating" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "application_ratings_application_id_user_id_pk" PRIMARY KEY("application_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "company_stages" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"color" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stored_files" (
	"path" text PRIMARY KEY NOT NULL,
	"owner_user_id" integer,
	"kind" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"etag" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "applicant_profiles" ADD COLUMN "discoverable" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "stage_id" integer;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "answers" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "cv_path" text;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "surface" text DEFAULT 'site' NOT NULL;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "last_activity_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "rejection_mailed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "application_events" ADD CONSTRAINT "application_events_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_events" ADD CONSTRAINT "application_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_notes" ADD CONSTRAINT "application_notes_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_notes" ADD CONSTRAINT "application_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_ratings" ADD CONSTRAINT "application_ratings_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_ratings" ADD CONSTRAINT "application_ratings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_stages" ADD CONSTRAINT "company_stages_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_events_application_idx" ON "application_events" USING btree ("application_id","created_at");--> statement-breakpoint
CREATE INDEX "application_notes_application_idx" ON "application_notes" USING btree ("application_id");--> statement-breakpoint
CREATE UNIQUE INDEX "company_stages_company_name_idx" ON "company_stages" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE INDEX "stored_files_owner_idx" ON "stored_files" USING btree ("owner_user_id");--> statement-breakpoint
ALTER TABLE "applicant_profiles" ADD CONSTRAINT "applicant_profiles_cv_path_stored_files_path_fk" FOREIGN KEY ("cv_path") REFERENCES "public"."stored_files"("path") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_stage_id_company_stages_id_fk" FOREIGN KEY ("stage_id") REFERENCES "public"."company_stages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_cv_path_stored_files_path_fk" FOREIGN KEY ("cv_path") REFERENCES "public"."stored_files"("path") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "applications_last_activity_idx" ON "applications" USING btree ("last_activity_at");--> statement-breakpoint
CREATE INDEX "applications_job_created_idx" ON "applications" USING btree ("job_id","created_at");--> statement-breakpoint
CREATE INDEX "applications_cv_path_idx" ON "applications" USING btree ("cv_path");--> statement-breakpoint
CREATE INDEX "applicant_profiles_cv_path_idx" ON "applicant_profiles" USING btree ("cv_path");
--> statement-breakpoint
-- The free-text custom stages of earlier applications become the company's stages, in order of first use.
INSERT INTO "company_stages" ("company_id", "name", "color", "position")
SELECT j."company_id", a."custom_stage", '#8c7ae6', (row_number() OVER (PARTITION BY j."company_id" ORDER BY min(a."created_at")))::int - 1
FROM "applications" a JOIN "jobs" j ON j."id" = a."job_id"
WHERE a."stage" = 'custom' AND a."custom_stage" IS NOT NULL AND btrim(a."custom_stage") <> ''
GROUP BY j."company_id", a."custom_stage";--> statement-breakpoint
UPDATE "applications" a SET "stage_id" = s."id"
FROM "jobs" j, "company_stages" s
WHERE j."id" = a."job_id" AND s."company_id" = j."company_id" AND lower(s."name") = lower(a."custom_stage") AND a."stage" = 'custom';--> statement-breakpoint
UPDATE "applications" SET "stage" = 'applied' WHERE "stage" = 'custom' AND "stage_id" IS NULL;--> statement-breakpoint
UPDATE "applications" SET "last_activity_at" = "updated_at";--> statement-breakpoint
INSERT INTO "application_events" ("application_id", "kind", "to_stage", "created_at") SELECT "id", 'applied', 'applied', "created_at" FROM "applications";--> statement-breakpoint
ALTER TABLE "applications" DROP COLUMN "custom_stage";
--> statement-breakpoint
ALTER TABLE "application_ratings" ADD CONSTRAINT "application_ratings_rating_range" CHECK ("rating" BETWEEN 1 AND 5);
--> statement-breakpoint
-- The applicant board: its search (name, e-mail, headline, the candidate's note, the team's notes) through
-- pg_trgm, and a company stage's cards found by stage without scanning every application.
CREATE INDEX "applicant_profiles_headline_trgm_idx" ON "applicant_profiles" USING gin ("headline" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "application_notes_body_trgm_idx" ON "application_notes" USING gin ("body" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "applications_stage_id_idx" ON "applications" USING btree ("stage_id") WHERE "applications"."stage_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "applications_message_trgm_idx" ON "applications" USING gin ("message" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin (("first_name" || ' ' || "last_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);
