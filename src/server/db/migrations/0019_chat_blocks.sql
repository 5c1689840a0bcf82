CREATE TABLE "chat_blocks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"phone_hash" text,
	"family_id" uuid,
	"supplier_id" text,
	"blocked_by" text,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lifted_at" timestamp with time zone,
	"lifted_by" text
);
--> statement-breakpoint
ALTER TABLE "chat_blocks" ADD CONSTRAINT "chat_blocks_family_id_chat_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."chat_families"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_blocks" ADD CONSTRAINT "chat_blocks_supplier_id_user_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_blocks" ADD CONSTRAINT "chat_blocks_blocked_by_user_id_fk" FOREIGN KEY ("blocked_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_blocks" ADD CONSTRAINT "chat_blocks_lifted_by_user_id_fk" FOREIGN KEY ("lifted_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_blocks_phone_idx" ON "chat_blocks" USING btree ("phone_hash") WHERE "chat_blocks"."lifted_at" is null;--> statement-breakpoint
CREATE INDEX "chat_blocks_family_idx" ON "chat_blocks" USING btree ("family_id") WHERE "chat_blocks"."lifted_at" is null;--> statement-breakpoint
CREATE INDEX "chat_blocks_created_idx" ON "chat_blocks" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
-- The blocks made before the log: an operator's (the family's blocked_at) and each supplier's
-- (a conversation's "blocked" status), kept by family; the number's hash is taken at the next block.
INSERT INTO "chat_blocks" ("family_id", "reason", "created_at") SELECT "id", 'Blocked before the block log', "blocked_at" FROM "chat_families" WHERE "blocked_at" IS NOT NULL;--> statement-breakpoint
INSERT INTO "chat_blocks" ("family_id", "supplier_id", "reason") SELECT DISTINCT "family_id", "supplier_id", 'Blocked before the block log' FROM "conversations" WHERE "status" = 'blocked';--> statement-breakpoint
ALTER TABLE "chat_families" DROP COLUMN "blocked_at";