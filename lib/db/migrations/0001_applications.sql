CREATE TABLE "application_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "application_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"application_id" text NOT NULL,
	"from_state" text,
	"to_state" text NOT NULL,
	"reason" text NOT NULL,
	"detail" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "application_files" (
	"file_id" text PRIMARY KEY NOT NULL,
	"application_id" text NOT NULL,
	"file_name" text NOT NULL,
	"file_type" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "applications" (
	"id" text PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL,
	"kyc_level" text NOT NULL,
	"kyc_method" text,
	"state" text DEFAULT 'draft' NOT NULL,
	"draft_ciphertext" text NOT NULL,
	"locale" text,
	"binding_hash" text NOT NULL,
	"resume_hash" text NOT NULL,
	"resume_expires_at" timestamp with time zone NOT NULL,
	"cardholder_id" text,
	"cardholder_request_id" text,
	"card_request_id" text,
	"card_id" text,
	"card_status" text,
	"card_claimed_at" timestamp with time zone,
	"kyc_url" text,
	"kyc_expires_at" timestamp with time zone,
	"upstream_status" text,
	"upstream_kyc_status" text,
	"status_checked_at" timestamp with time zone,
	"failure_code" text,
	"failure_message" text,
	"submitted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "applications_resume_hash_unique" UNIQUE("resume_hash"),
	CONSTRAINT "applications_cardholder_id_unique" UNIQUE("cardholder_id")
);
--> statement-breakpoint
CREATE TABLE "upstream_requests" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "upstream_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"method" text NOT NULL,
	"path" text NOT NULL,
	"request_id" text NOT NULL,
	"attempt" integer NOT NULL,
	"http_status" integer,
	"error_code" text,
	"duration_ms" integer NOT NULL,
	"request_body" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "application_events" ADD CONSTRAINT "application_events_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_files" ADD CONSTRAINT "application_files_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_events_app_idx" ON "application_events" USING btree ("application_id","id");--> statement-breakpoint
CREATE INDEX "application_files_app_idx" ON "application_files" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "applications_state_idx" ON "applications" USING btree ("state","updated_at");--> statement-breakpoint
CREATE INDEX "upstream_requests_request_id_idx" ON "upstream_requests" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "upstream_requests_created_idx" ON "upstream_requests" USING btree ("created_at");