CREATE TABLE "helper_reports" (
	"family_id" uuid NOT NULL,
	"helper_id" uuid NOT NULL,
	"supplier_id" text NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "helper_reports_family_id_helper_id_pk" PRIMARY KEY("family_id","helper_id")
);
--> statement-breakpoint
ALTER TABLE "helper_reports" ADD CONSTRAINT "helper_reports_family_id_chat_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."chat_families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "helper_reports" ADD CONSTRAINT "helper_reports_helper_id_helpers_id_fk" FOREIGN KEY ("helper_id") REFERENCES "public"."helpers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "helper_reports" ADD CONSTRAINT "helper_reports_supplier_id_user_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "helper_reports_created_idx" ON "helper_reports" USING btree ("created_at");