-- A change notifies 'listing_changed' only when the public can see it, and names what changed,
-- so each instance drops only the pages that show it (decision 083). A draft that stays a draft
-- (created, saved or deleted as a draft) is its supplier's business alone: no notification. A
-- statement changing helpers the public sees says "helpers:<id>,<id>,..." (or "helpers:*" past
-- 100 rows, a seed); a change of what the listing shows of a supplier says "user:<id>,...";
-- the instances treat anything but "helpers:<ids>" as "everything may have changed".
DROP TRIGGER IF EXISTS helpers_listing_changed ON "helpers";
--> statement-breakpoint
DROP TRIGGER IF EXISTS user_listing_changed ON "user";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION notify_helpers_changed() RETURNS trigger AS $$
DECLARE
  ids text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(id::text) INTO ids FROM (SELECT id FROM new_rows WHERE status <> 'draft' LIMIT 101) AS changed;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(id::text) INTO ids FROM (SELECT id FROM old_rows WHERE status <> 'draft' LIMIT 101) AS changed;
  ELSE
    -- Public before or after: a draft published, a listed biodata withdrawn to a draft, an edit.
    SELECT array_agg(id::text) INTO ids FROM (
      SELECT id FROM new_rows WHERE status <> 'draft'
      UNION SELECT id FROM old_rows WHERE status <> 'draft'
      LIMIT 101
    ) AS changed;
  END IF;
  IF ids IS NULL THEN
    RETURN NULL;
  END IF;
  -- A payload holds at most 8000 bytes: 100 ids fit with room to spare.
  IF array_length(ids, 1) > 100 THEN
    PERFORM pg_notify('listing_changed', 'helpers:*');
  ELSE
    PERFORM pg_notify('listing_changed', 'helpers:' || array_to_string(ids, ','));
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER helpers_listing_inserted AFTER INSERT ON "helpers"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_helpers_changed();
--> statement-breakpoint
CREATE TRIGGER helpers_listing_updated AFTER UPDATE ON "helpers"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_helpers_changed();
--> statement-breakpoint
CREATE TRIGGER helpers_listing_deleted AFTER DELETE ON "helpers"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_helpers_changed();
--> statement-breakpoint
CREATE TRIGGER helpers_listing_truncated AFTER TRUNCATE ON "helpers"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_listing_changed();
--> statement-breakpoint
-- Of an account, the listing shows the name, the company and the picture; an operator's role
-- change, and a confirmed e-mail where mail is sent, may hide or show its biodata (visibility.ts).
-- A sign-in changes none of them.
CREATE OR REPLACE FUNCTION notify_suppliers_changed() RETURNS trigger AS $$
DECLARE
  ids text;
BEGIN
  SELECT string_agg(n.id, ',') INTO ids FROM (
    SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE n.name IS DISTINCT FROM o.name OR n.company_name IS DISTINCT FROM o.company_name
      OR n.image IS DISTINCT FROM o.image OR n.role IS DISTINCT FROM o.role
      OR n.email_verified IS DISTINCT FROM o.email_verified
    LIMIT 101
  ) AS n;
  IF ids IS NOT NULL THEN
    PERFORM pg_notify('listing_changed', 'user:' || left(ids, 7000));
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER user_listing_updated AFTER UPDATE ON "user"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_suppliers_changed();
--> statement-breakpoint
CREATE TRIGGER user_listing_inserted_or_deleted AFTER INSERT OR DELETE OR TRUNCATE ON "user"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_listing_changed();
