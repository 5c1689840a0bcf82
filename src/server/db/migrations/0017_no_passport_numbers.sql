-- Passport numbers are no longer kept (decision 160): blank every stored one first, so that the
-- rows are rewritten without it, then drop the column (a drop alone leaves the old values in the
-- table's pages until each row is next written).
UPDATE "helpers" SET "passport_number" = NULL WHERE "passport_number" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "helpers" DROP COLUMN "passport_number";
