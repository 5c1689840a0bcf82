CREATE TABLE "identity_checks" (
	"user_id" text PRIMARY KEY NOT NULL,
	"document_kind" text NOT NULL,
	"checked_by" text,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "helpers" ADD COLUMN "direct_hire_reason" text;--> statement-breakpoint
ALTER TABLE "helpers" ADD COLUMN "employer_consent" boolean;--> statement-breakpoint
ALTER TABLE "helpers" ADD COLUMN "release_date" date;--> statement-breakpoint
ALTER TABLE "identity_checks" ADD CONSTRAINT "identity_checks_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_checks" ADD CONSTRAINT "identity_checks_checked_by_user_id_fk" FOREIGN KEY ("checked_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- A helper's own account (decision 197): her biodata is a direct hire, which the listing filters
-- (`hire=direct|agency`) and her card marks. The new column goes last, so the view is replaced
-- in place and nothing that reads it is dropped.
CREATE OR REPLACE VIEW "account_profiles" AS
  SELECT "id", "name", "company_name", "image", "phone", "telegram", "email", "locale",
    "ea_licence_number", "licence_checked_at", "created_at",
    ("email_verified" OR "role" = 'operator') AS "email_confirmed",
    ("licence_refused_at" IS NOT NULL) AS "licence_refused",
    xmin::text AS "version",
    ("role" = 'helper') AS "direct_hire"
  FROM "user";
--> statement-breakpoint
-- An operator's check of a helper's identity changes what her page says: every instance is told,
-- as for any change of the listing (rare: an operator's act).
CREATE TRIGGER identity_checks_listing_changed
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "identity_checks"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_listing_changed();
