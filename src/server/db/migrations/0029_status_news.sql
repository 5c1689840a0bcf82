CREATE TABLE "alert_helper_statuses" (
	"helper_id" uuid PRIMARY KEY NOT NULL,
	"status" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alert_status_news" (
	"family_id" uuid NOT NULL,
	"helper_id" uuid NOT NULL,
	"status" text NOT NULL,
	"noticed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "alert_status_news_family_id_helper_id_status_pk" PRIMARY KEY("family_id","helper_id","status")
);
--> statement-breakpoint
ALTER TABLE "alert_helper_statuses" ADD CONSTRAINT "alert_helper_statuses_helper_id_helpers_id_fk" FOREIGN KEY ("helper_id") REFERENCES "public"."helpers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_status_news" ADD CONSTRAINT "alert_status_news_family_id_chat_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."chat_families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_status_news" ADD CONSTRAINT "alert_status_news_helper_id_helpers_id_fk" FOREIGN KEY ("helper_id") REFERENCES "public"."helpers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_status_news_unsent_idx" ON "alert_status_news" USING btree ("family_id") WHERE "alert_status_news"."sent_at" is null;--> statement-breakpoint
-- The statuses as they stand: a later change is told from them.
INSERT INTO "alert_helper_statuses" ("helper_id", "status") SELECT "id", "status" FROM "helpers";
