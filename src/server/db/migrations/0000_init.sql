CREATE SEQUENCE "public"."helper_ref_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1001 CACHE 1;--> statement-breakpoint
CREATE TABLE "account" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "helpers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ref" text DEFAULT 'DH' || nextval('helper_ref_seq') NOT NULL,
	"name" text NOT NULL,
	"nationality" text NOT NULL,
	"experience" text NOT NULL,
	"singapore_experience" text,
	"salary" integer NOT NULL,
	"off_days" integer NOT NULL,
	"date_of_birth" date NOT NULL,
	"height_cm" integer,
	"weight_kg" integer,
	"marital" text NOT NULL,
	"children_ages" text,
	"religion" text NOT NULL,
	"english" text,
	"mother_tongue" text NOT NULL,
	"other_languages" text[] DEFAULT '{}'::text[] NOT NULL,
	"education" text,
	"cares" text[] DEFAULT '{}'::text[] NOT NULL,
	"special_notes" text DEFAULT '' NOT NULL,
	"photo" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"supplier_id" text NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "helpers_ref_unique" UNIQUE("ref")
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"channel" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limit" (
	"id" text PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"count" integer NOT NULL,
	"last_request" bigint NOT NULL,
	CONSTRAINT "rate_limit_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "session" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"token" text NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "session_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "user" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"role" text DEFAULT 'supplier' NOT NULL,
	"company_name" text,
	"ea_licence_number" text,
	"phone" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "verification" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visitors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"visits" integer DEFAULT 1 NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account" ADD CONSTRAINT "account_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "helpers" ADD CONSTRAINT "helpers_supplier_id_user_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session" ADD CONSTRAINT "session_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_user_id_idx" ON "account" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "helpers_available_published_idx" ON "helpers" USING btree ("published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "helpers"."status" = 'available';--> statement-breakpoint
CREATE INDEX "helpers_available_nationality_idx" ON "helpers" USING btree ("nationality","published_at" DESC NULLS LAST) WHERE "helpers"."status" = 'available';--> statement-breakpoint
CREATE INDEX "helpers_available_salary_idx" ON "helpers" USING btree ("salary") WHERE "helpers"."status" = 'available';--> statement-breakpoint
CREATE INDEX "helpers_available_dob_idx" ON "helpers" USING btree ("date_of_birth") WHERE "helpers"."status" = 'available';--> statement-breakpoint
CREATE INDEX "helpers_experience_idx" ON "helpers" USING btree ("experience");--> statement-breakpoint
CREATE INDEX "helpers_mother_tongue_idx" ON "helpers" USING btree ("mother_tongue");--> statement-breakpoint
CREATE INDEX "helpers_marital_idx" ON "helpers" USING btree ("marital");--> statement-breakpoint
CREATE INDEX "helpers_religion_idx" ON "helpers" USING btree ("religion");--> statement-breakpoint
CREATE INDEX "helpers_cares_idx" ON "helpers" USING gin ("cares");--> statement-breakpoint
CREATE INDEX "helpers_other_languages_idx" ON "helpers" USING gin ("other_languages");--> statement-breakpoint
CREATE INDEX "helpers_supplier_idx" ON "helpers" USING btree ("supplier_id","status");--> statement-breakpoint
CREATE INDEX "outbox_due_idx" ON "outbox" USING btree ("next_attempt_at") WHERE "outbox"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "outbox_status_idx" ON "outbox" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "session_user_id_idx" ON "session" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "verification_identifier_idx" ON "verification" USING btree ("identifier");--> statement-breakpoint
CREATE UNIQUE INDEX "visitors_phone_idx" ON "visitors" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "visitors_last_seen_idx" ON "visitors" USING btree ("last_seen_at" DESC NULLS LAST);