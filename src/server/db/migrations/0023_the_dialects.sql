-- Mandarin and the Chinese dialects are languages of their own, each with a level (decision 134).
-- Her level in each language but English (whose level stays in "english") is kept by slug; a
-- language without one has its level not stated, as every language had until now.
ALTER TABLE "helpers" ADD COLUMN "language_levels" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
-- "Chinese" was Mandarin (its alias and the standard form's "Mandarin" row): today's answers are
-- carried over as Mandarin, without a level, since none was ever asked.
UPDATE "helpers" SET "other_languages" = array_replace("other_languages", 'chinese', 'mandarin') WHERE "other_languages" @> ARRAY['chinese']::text[];
