CREATE TABLE "alert_matches" (
	"search_id" uuid NOT NULL,
	"helper_id" uuid NOT NULL,
	"state" text NOT NULL,
	"matched_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "alert_matches_search_id_helper_id_pk" PRIMARY KEY("search_id","helper_id")
);
--> statement-breakpoint
CREATE TABLE "alert_passes" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"search_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "alert_suppressions" (
	"email_hash" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_search_atoms" (
	"atom" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_searches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"family_id" uuid NOT NULL,
	"criteria" text NOT NULL,
	"atoms" text[] NOT NULL,
	"frequency" text NOT NULL,
	"email" text NOT NULL,
	"locale" text NOT NULL,
	"confirmed_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	"last_sent_on" date,
	"sent_on_day" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alert_matches" ADD CONSTRAINT "alert_matches_search_id_saved_searches_id_fk" FOREIGN KEY ("search_id") REFERENCES "public"."saved_searches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_matches" ADD CONSTRAINT "alert_matches_helper_id_helpers_id_fk" FOREIGN KEY ("helper_id") REFERENCES "public"."helpers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_passes" ADD CONSTRAINT "alert_passes_search_id_saved_searches_id_fk" FOREIGN KEY ("search_id") REFERENCES "public"."saved_searches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_family_id_chat_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."chat_families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_matches_pending_idx" ON "alert_matches" USING btree ("search_id") WHERE "alert_matches"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "saved_searches_live_atoms_idx" ON "saved_searches" USING gin ("atoms") WHERE "saved_searches"."confirmed_at" is not null and "saved_searches"."unsubscribed_at" is null;--> statement-breakpoint
CREATE INDEX "saved_searches_family_idx" ON "saved_searches" USING btree ("family_id");