-- Each biodata names one of its agency's EA personnel; null names the first registered, and
-- removing the person named sets it back to null (decision 163). An operator's check of a
-- personnel records who checked, as a licence check does.
ALTER TABLE "ea_personnel" ADD COLUMN "checked_by" text;--> statement-breakpoint
ALTER TABLE "helpers" ADD COLUMN "ea_personnel_id" uuid;--> statement-breakpoint
ALTER TABLE "ea_personnel" ADD CONSTRAINT "ea_personnel_checked_by_user_id_fk" FOREIGN KEY ("checked_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "helpers" ADD CONSTRAINT "helpers_ea_personnel_id_ea_personnel_id_fk" FOREIGN KEY ("ea_personnel_id") REFERENCES "public"."ea_personnel"("id") ON DELETE set null ON UPDATE no action;
