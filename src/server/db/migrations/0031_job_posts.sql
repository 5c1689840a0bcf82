CREATE TABLE "job_posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"family_id" uuid NOT NULL,
	"cares" text[] NOT NULL,
	"adults" integer NOT NULL,
	"children_ages" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"elderly" boolean DEFAULT false NOT NULL,
	"elderly_needs" text[] DEFAULT '{}'::text[] NOT NULL,
	"home" text NOT NULL,
	"district" text NOT NULL,
	"languages" text[] DEFAULT '{}'::text[] NOT NULL,
	"start_date" date NOT NULL,
	"salary_min" integer NOT NULL,
	"salary_max" integer NOT NULL,
	"off_days" integer NOT NULL,
	"nationalities" text[] DEFAULT '{}'::text[] NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"hidden_at" timestamp with time zone,
	"hidden_reason" text,
	"reported_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_proposals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"helper_id" uuid NOT NULL,
	"supplier_id" text NOT NULL,
	"message" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"conversation_id" uuid,
	"reported_at" timestamp with time zone,
	"hidden_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "job_posts" ADD CONSTRAINT "job_posts_family_id_chat_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."chat_families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_proposals" ADD CONSTRAINT "job_proposals_job_id_job_posts_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."job_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_proposals" ADD CONSTRAINT "job_proposals_helper_id_helpers_id_fk" FOREIGN KEY ("helper_id") REFERENCES "public"."helpers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_proposals" ADD CONSTRAINT "job_proposals_supplier_id_user_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_posts_open_idx" ON "job_posts" USING btree ("created_at" DESC NULLS LAST) WHERE "job_posts"."status" = 'open' and "job_posts"."hidden_at" is null;--> statement-breakpoint
CREATE INDEX "job_posts_family_idx" ON "job_posts" USING btree ("family_id");--> statement-breakpoint
CREATE UNIQUE INDEX "job_proposals_job_helper_idx" ON "job_proposals" USING btree ("job_id","helper_id");--> statement-breakpoint
CREATE INDEX "job_proposals_supplier_idx" ON "job_proposals" USING btree ("supplier_id","job_id");