-- Trigram indexes make q= (ILIKE on name and reference) an index lookup instead of a scan.
-- pg_trgm is a trusted extension (PostgreSQL 13+): the database owner may create it; PGlite
-- loads it when the database is opened.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "helpers_name_trgm_idx" ON "helpers" USING gin ("name" gin_trgm_ops) WITH (fastupdate = off);--> statement-breakpoint
CREATE INDEX "helpers_ref_trgm_idx" ON "helpers" USING gin ("ref" gin_trgm_ops) WITH (fastupdate = off);