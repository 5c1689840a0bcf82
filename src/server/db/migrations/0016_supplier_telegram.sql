CREATE TABLE "supplier_telegram" (
	"supplier_id" text PRIMARY KEY NOT NULL,
	"chat_id" text,
	"linked_at" timestamp with time zone,
	"off_reason" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "telegram_link_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"supplier_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "supplier_telegram" ADD CONSTRAINT "supplier_telegram_supplier_id_user_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telegram_link_tokens" ADD CONSTRAINT "telegram_link_tokens_supplier_id_user_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "telegram_link_tokens_supplier_idx" ON "telegram_link_tokens" USING btree ("supplier_id");