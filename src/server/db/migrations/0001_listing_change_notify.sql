-- Every change to what the public listing shows (helpers, or a supplier's name and avatar)
-- notifies 'listing_changed', so each running instance drops its cached listing pages at commit.
CREATE OR REPLACE FUNCTION notify_listing_changed() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('listing_changed', TG_TABLE_NAME);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER helpers_listing_changed
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "helpers"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_listing_changed();
--> statement-breakpoint
CREATE TRIGGER user_listing_changed
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "user"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_listing_changed();
