CREATE TABLE "saved_criteria" (
	"criteria" text PRIMARY KEY NOT NULL,
	"atoms" text[] NOT NULL
);
--> statement-breakpoint
DROP INDEX "saved_searches_live_atoms_idx";--> statement-breakpoint
CREATE INDEX "saved_criteria_atoms_idx" ON "saved_criteria" USING gin ("atoms");--> statement-breakpoint
CREATE INDEX "saved_searches_live_criteria_idx" ON "saved_searches" USING btree ("criteria") WHERE "saved_searches"."confirmed_at" is not null and "saved_searches"."unsubscribed_at" is null;--> statement-breakpoint
-- The criteria the searches saved so far name.
INSERT INTO "saved_criteria" ("criteria", "atoms") SELECT DISTINCT ON ("criteria") "criteria", "atoms" FROM "saved_searches";
