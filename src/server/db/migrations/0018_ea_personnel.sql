CREATE TABLE "ea_personnel" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"supplier_id" text NOT NULL,
	"name" text NOT NULL,
	"registration_number" text NOT NULL,
	"checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ea_personnel" ADD CONSTRAINT "ea_personnel_supplier_id_user_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ea_personnel_supplier_registration_idx" ON "ea_personnel" USING btree ("supplier_id","registration_number");--> statement-breakpoint
-- An agency's biodata pages and PDFs name its first EA personnel: a change to its personnel is a
-- change of what the public sees of that supplier (decision 162), said as 0009's triggers say it.
CREATE OR REPLACE FUNCTION notify_ea_personnel_changed() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('listing_changed', 'user:' || COALESCE(NEW.supplier_id, OLD.supplier_id));
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER ea_personnel_listing_changed AFTER INSERT OR UPDATE OR DELETE ON "ea_personnel"
  FOR EACH ROW EXECUTE FUNCTION notify_ea_personnel_changed();
