CREATE TABLE "site_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "site_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"payload" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "site_events_created_idx" ON "site_events" USING btree ("created_at");--> statement-breakpoint
-- One path for a change (decision 189): the triggers that told the instances by NOTIFY alone now
-- write the change as an event in its own transaction, and NOTIFY only to say "read the events".
-- A NOTIFY missed by an instance (a lost connection) no longer loses the change: the instance reads
-- what it has not delivered. The payloads are those of 0009, 0018 and 0021.
CREATE OR REPLACE FUNCTION announce(event_name text, event_payload text) RETURNS void AS $$
BEGIN
  INSERT INTO site_events (name, payload) VALUES (event_name, event_payload);
  PERFORM pg_notify('site_events', event_name);
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION notify_listing_changed() RETURNS trigger AS $$
BEGIN
  PERFORM announce('listing', TG_TABLE_NAME);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
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
    SELECT array_agg(id::text) INTO ids FROM (
      SELECT id FROM new_rows WHERE status <> 'draft'
      UNION SELECT id FROM old_rows WHERE status <> 'draft'
      LIMIT 101
    ) AS changed;
  END IF;
  IF ids IS NULL THEN
    RETURN NULL;
  END IF;
  IF array_length(ids, 1) > 100 THEN
    PERFORM announce('listing', 'helpers:*');
  ELSE
    PERFORM announce('listing', 'helpers:' || array_to_string(ids, ','));
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
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
    PERFORM announce('listing', 'user:' || left(ids, 7000));
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION notify_ea_personnel_changed() RETURNS trigger AS $$
BEGIN
  PERFORM announce('listing', 'user:' || COALESCE(NEW.supplier_id, OLD.supplier_id));
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
