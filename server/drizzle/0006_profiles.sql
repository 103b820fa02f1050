-- Issue #11, profiles: the startup and investor fields of the edit forms, the review state
-- (submitted_at, review_note, approved_at), soft deletion that keeps a key taken (deleted_at), team
-- invitations, and the bytes of every image size in the database (image_files), so that every
-- instance serves the same files.
CREATE TYPE "public"."profile_kind" AS ENUM('company', 'investor');--> statement-breakpoint
CREATE TABLE "image_files" (
	"path" text NOT NULL,
	"size" text NOT NULL,
	"content_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"etag" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "image_files_path_size_pk" PRIMARY KEY("path","size")
);
--> statement-breakpoint
CREATE TABLE "profile_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" "profile_kind" NOT NULL,
	"profile_id" integer NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by" integer,
	CONSTRAINT "profile_invitations_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "cover_image_id" integer;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "addresses" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "funding_stage" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "number_of_employees" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "business_model" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "perks" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "industries" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "sdgs" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "key_figures" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "founded_year" integer;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "applications_email" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "connect_url" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "review_note" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "kind" text;--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "uploaded_by" integer;--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "owner_kind" "profile_kind";--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "owner_id" integer;--> statement-breakpoint
ALTER TABLE "investments" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "investors" ADD COLUMN "investment_ranges" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "investors" ADD COLUMN "markets" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "investors" ADD COLUMN "type_keywords" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "investors" ADD COLUMN "contact_email" text;--> statement-breakpoint
ALTER TABLE "investors" ADD COLUMN "submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "investors" ADD COLUMN "review_note" text;--> statement-breakpoint
ALTER TABLE "investors" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "investors" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "profile_invitations" ADD CONSTRAINT "profile_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_invitations" ADD CONSTRAINT "profile_invitations_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "profile_invitations_profile_idx" ON "profile_invitations" USING btree ("kind","profile_id");--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_cover_image_id_images_id_fk" FOREIGN KEY ("cover_image_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "investments_investor_company_idx" ON "investments" USING btree ("investor_id","company_id");