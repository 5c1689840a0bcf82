CREATE TABLE "interest" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"helper_id" uuid NOT NULL,
	"supplier_id" text NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "telegram" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "via" text DEFAULT 'supplier' NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "lead_id" uuid;--> statement-breakpoint
ALTER TABLE "interest" ADD CONSTRAINT "interest_helper_id_helpers_id_fk" FOREIGN KEY ("helper_id") REFERENCES "public"."helpers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interest" ADD CONSTRAINT "interest_supplier_id_user_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "interest_supplier_time_idx" ON "interest" USING btree ("supplier_id","created_at");--> statement-breakpoint
CREATE INDEX "interest_time_idx" ON "interest" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_lead_id_visitors_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."visitors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contacts_time_idx" ON "contacts" USING btree ("created_at");--> statement-breakpoint
-- Cards and biodata pages now carry the supplier's WhatsApp and Telegram: a change of either
-- drops the pages that show them, as a change of name does.
CREATE OR REPLACE FUNCTION notify_suppliers_changed() RETURNS trigger AS $$
DECLARE
  ids text;
BEGIN
  SELECT string_agg(n.id, ',') INTO ids FROM (
    SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE n.name IS DISTINCT FROM o.name OR n.company_name IS DISTINCT FROM o.company_name
      OR n.image IS DISTINCT FROM o.image OR n.role IS DISTINCT FROM o.role
      OR n.email_verified IS DISTINCT FROM o.email_verified
      OR n.phone IS DISTINCT FROM o.phone OR n.telegram IS DISTINCT FROM o.telegram
    LIMIT 101
  ) AS n;
  IF ids IS NOT NULL THEN
    PERFORM pg_notify('listing_changed', 'user:' || left(ids, 7000));
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
