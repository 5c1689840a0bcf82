CREATE TABLE "family_devices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"family_id" uuid NOT NULL,
	"key_hash" text NOT NULL,
	"label" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "family_passes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"family_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"token_hash" text NOT NULL,
	"email" text,
	"via" text DEFAULT 'mail' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "family_shortlists" (
	"family_id" uuid NOT NULL,
	"helper_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "family_shortlists_family_id_helper_id_pk" PRIMARY KEY("family_id","helper_id")
);
--> statement-breakpoint
ALTER TABLE "chat_families" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chat_families" ADD COLUMN "link_salt" text;--> statement-breakpoint
ALTER TABLE "family_devices" ADD CONSTRAINT "family_devices_family_id_chat_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."chat_families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_passes" ADD CONSTRAINT "family_passes_family_id_chat_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."chat_families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_shortlists" ADD CONSTRAINT "family_shortlists_family_id_chat_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."chat_families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_shortlists" ADD CONSTRAINT "family_shortlists_helper_id_helpers_id_fk" FOREIGN KEY ("helper_id") REFERENCES "public"."helpers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "family_devices_key_idx" ON "family_devices" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "family_devices_family_idx" ON "family_devices" USING btree ("family_id");--> statement-breakpoint
CREATE UNIQUE INDEX "family_passes_token_idx" ON "family_passes" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "family_passes_family_idx" ON "family_passes" USING btree ("family_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_families_verified_email_idx" ON "chat_families" USING btree (lower("email")) WHERE "chat_families"."email_verified_at" is not null;--> statement-breakpoint
-- The helpers' read model (decision 190) shows a biodata's status too: a family's space marks a
-- reserved or hired helper it shortlisted or wrote about.
CREATE OR REPLACE VIEW "helper_names" AS
  SELECT "id", "ref", "name", "status" FROM "helpers";
