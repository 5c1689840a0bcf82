CREATE TABLE "privacy_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"phone" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"due_by" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "privacy_requests_phone_idx" ON "privacy_requests" USING btree ("phone");