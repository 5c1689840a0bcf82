ALTER TABLE "helpers" ADD COLUMN "place_of_birth" text;--> statement-breakpoint
ALTER TABLE "helpers" ADD COLUMN "siblings" integer;--> statement-breakpoint
ALTER TABLE "helpers" ADD COLUMN "home_address" text;--> statement-breakpoint
ALTER TABLE "helpers" ADD COLUMN "repatriation_port" text;--> statement-breakpoint
ALTER TABLE "helpers" ADD COLUMN "home_phone" text;--> statement-breakpoint
ALTER TABLE "helpers" ADD COLUMN "passport_number" text;--> statement-breakpoint
ALTER TABLE "helpers" ADD COLUMN "allergies" text;--> statement-breakpoint
ALTER TABLE "helpers" ADD COLUMN "illnesses" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "helpers" ADD COLUMN "illness_other" text;--> statement-breakpoint
ALTER TABLE "helpers" ADD COLUMN "disabilities" text;--> statement-breakpoint
ALTER TABLE "helpers" ADD COLUMN "dietary_restrictions" text;--> statement-breakpoint
ALTER TABLE "helpers" ADD COLUMN "handles_pork" boolean;--> statement-breakpoint
ALTER TABLE "helpers" ADD COLUMN "handles_beef" boolean;--> statement-breakpoint
ALTER TABLE "helpers" ADD COLUMN "food_handling_other" text;--> statement-breakpoint
ALTER TABLE "helpers" ADD COLUMN "rest_days" integer;--> statement-breakpoint
ALTER TABLE "helpers" ADD COLUMN "other_remarks" text;--> statement-breakpoint
ALTER TABLE "helpers" ADD COLUMN "skills_evaluation" text;--> statement-breakpoint
ALTER TABLE "helpers" ADD COLUMN "skills_evaluation_other" text;--> statement-breakpoint
ALTER TABLE "helpers" ADD COLUMN "skills" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "helpers" ADD COLUMN "skill_areas" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "helpers" ADD COLUMN "employment" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "helpers" ADD COLUMN "worked_in_singapore" boolean;--> statement-breakpoint
ALTER TABLE "helpers" ADD COLUMN "available_from" date;--> statement-breakpoint
ALTER TABLE "helpers" ADD COLUMN "interview" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "helpers_skill_areas_idx" ON "helpers" USING gin ("skill_areas");--> statement-breakpoint
CREATE INDEX "helpers_interview_idx" ON "helpers" USING gin ("interview");--> statement-breakpoint
CREATE INDEX "helpers_available_from_idx" ON "helpers" USING btree ("available_from") WHERE "helpers"."status" = 'available';