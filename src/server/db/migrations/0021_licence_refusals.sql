-- An operator may refuse a licence (decision 164): the number refused, when, by whom and why.
-- While refused, nothing of the account is public; the refused number is left out of the
-- one-account-per-licence index, so its real holder can claim it.
DROP INDEX "user_ea_licence_number_unique";--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "licence_refused_number" text;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "licence_refused_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "licence_refused_by" text;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "licence_refusal_reason" text;--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_licence_refused_by_user_id_fk" FOREIGN KEY ("licence_refused_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "user_ea_licence_number_unique" ON "user" USING btree (upper(regexp_replace("ea_licence_number", '\s', '', 'g'))) WHERE "user"."licence_refused_number" is null or "user"."ea_licence_number" <> "user"."licence_refused_number";--> statement-breakpoint
-- A changed licence loses its check, as before; a refusal stays (the new number waits for a
-- check, the account stays hidden) unless the supplier gives no licence at all.
CREATE OR REPLACE FUNCTION clear_changed_licence_check() RETURNS trigger AS $$
BEGIN
  IF NEW.ea_licence_number IS DISTINCT FROM OLD.ea_licence_number THEN
    NEW.licence_checked_at := NULL;
    NEW.licence_checked_by := NULL;
    NEW.licence_check_note := NULL;
    IF NEW.ea_licence_number IS NULL THEN
      NEW.licence_refused_number := NULL;
      NEW.licence_refused_at := NULL;
      NEW.licence_refused_by := NULL;
      NEW.licence_refusal_reason := NULL;
    END IF;
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
-- A refusal hides the account's pages: its change drops them as a check's does (0013's list).
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
      OR n.licence_refused_at IS DISTINCT FROM o.licence_refused_at
      OR n.phone IS DISTINCT FROM o.phone OR n.telegram IS DISTINCT FROM o.telegram
    LIMIT 101
  ) AS n;
  IF ids IS NOT NULL THEN
    PERFORM pg_notify('listing_changed', 'user:' || left(ids, 7000));
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
