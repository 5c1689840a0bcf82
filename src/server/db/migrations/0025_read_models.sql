-- Read models (decision 190): what other features may read of an account, a biodata and a lead
-- beside their own rows, declared by the owner (its server/tables.ts, as existing views) and
-- joined by the others instead of the owner's table. Plain views: PostgreSQL reads each as the
-- table itself, so a join on one costs what the join on the table cost. A migration that changes
-- or drops a column a view shows drops the view first and creates it again after.
--
-- The accounts': who the account is and how families reach it, its e-mail and language (the
-- notices it is sent), its licence as claimed and checked, whether it may show anything (its
-- e-mail confirmed, or an operator's account; no refused licence), and the version of its row
-- (`xmin`, which every update changes), which the search index's cards are kept under.
CREATE VIEW "account_profiles" AS
  SELECT "id", "name", "company_name", "image", "phone", "telegram", "email", "locale",
    "ea_licence_number", "licence_checked_at", "created_at",
    ("email_verified" OR "role" = 'operator') AS "email_confirmed",
    ("licence_refused_at" IS NOT NULL) AS "licence_refused",
    xmin::text AS "version"
  FROM "user";
--> statement-breakpoint
-- The helpers': a biodata's name and reference, whatever its status.
CREATE VIEW "helper_names" AS
  SELECT "id", "ref", "name" FROM "helpers";
--> statement-breakpoint
-- The leads': a lead's number (in E.164).
CREATE VIEW "lead_phones" AS
  SELECT "id", "phone" FROM "visitors";
