ALTER TABLE "user" ADD COLUMN "licence_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "licence_checked_by" text;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "licence_check_note" text;--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_licence_checked_by_user_id_fk" FOREIGN KEY ("licence_checked_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Licences typed before they were normalised ("19c 9871") are stored as the forms store them now.
UPDATE "user" SET "ea_licence_number" = NULLIF(upper(regexp_replace("ea_licence_number", '\s', '', 'g')), '')
  WHERE "ea_licence_number" IS NOT NULL;--> statement-breakpoint
-- A licence claimed by several accounts stays with the account that claimed it first; the
-- others show as overseas suppliers until they are checked (decision 100).
UPDATE "user" AS later SET "ea_licence_number" = NULL
  WHERE later."ea_licence_number" IS NOT NULL AND EXISTS (
    SELECT 1 FROM "user" AS earlier
    WHERE earlier."ea_licence_number" = later."ea_licence_number"
      AND (earlier."created_at", earlier."id") < (later."created_at", later."id")
  );--> statement-breakpoint
CREATE UNIQUE INDEX "user_ea_licence_number_unique" ON "user" USING btree (upper(regexp_replace("ea_licence_number", '\s', '', 'g')));--> statement-breakpoint
-- A check is of one licence: whichever way the number changes (profile, API), the check goes.
CREATE OR REPLACE FUNCTION clear_changed_licence_check() RETURNS trigger AS $$
BEGIN
  IF NEW.ea_licence_number IS DISTINCT FROM OLD.ea_licence_number THEN
    NEW.licence_checked_at := NULL;
    NEW.licence_checked_by := NULL;
    NEW.licence_check_note := NULL;
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER user_licence_changed BEFORE UPDATE OF ea_licence_number ON "user"
  FOR EACH ROW EXECUTE FUNCTION clear_changed_licence_check();--> statement-breakpoint
-- Pages show a supplier's licence and its check too: a change of either drops them as a change
-- of the name does (0012's list, with the licence and its check added).
CREATE OR REPLACE FUNCTION notify_suppliers_changed() RETURNS trigger AS $$
DECLARE
  ids text;
BEGIN
  SELECT string_agg(n.id, ',') INTO ids FROM (
    SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE n.name IS DISTINCT FROM o.name OR n.company_name IS DISTINCT FROM o.company_name
      OR n.image IS DISTINCT FROM o.image OR n.role IS DISTINCT FROM o.role
      OR n.email_verified IS DISTINCT FROM o.email_verified
      OR n.ea_licence_number IS DISTINCT FROM o.ea_licence_number
      OR n.licence_checked_at IS DISTINCT FROM o.licence_checked_at
      OR n.phone IS DISTINCT FROM o.phone OR n.telegram IS DISTINCT FROM o.telegram
    LIMIT 101
  ) AS n;
  IF ids IS NOT NULL THEN
    PERFORM pg_notify('listing_changed', 'user:' || left(ids, 7000));
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- The demo agencies' licences are shown checked, as the seed now writes them (decision 100).
UPDATE "user" SET "licence_checked_at" = now(), "licence_check_note" = 'Checked MOM EA directory: licence current, agency name matches'
  WHERE "email" LIKE '%@demo.directhelpers.sg' AND "ea_licence_number" IS NOT NULL AND "licence_checked_at" IS NULL;
