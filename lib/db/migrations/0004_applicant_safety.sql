CREATE TABLE "application_bindings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"origin" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_reason" text,
	CONSTRAINT "application_bindings_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "rate_limit_hits" (
	"bucket" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rate_limit_hits_bucket_window_start_pk" PRIMARY KEY("bucket","window_start")
);
--> statement-breakpoint
ALTER TABLE "application_files" ADD COLUMN "field" text;--> statement-breakpoint
ALTER TABLE "application_files" ADD COLUMN "replaced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "upstream_requests" ADD COLUMN "request_body_sealed" text;--> statement-breakpoint
ALTER TABLE "application_bindings" ADD CONSTRAINT "application_bindings_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_bindings_app_idx" ON "application_bindings" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "rate_limit_hits_window_idx" ON "rate_limit_hits" USING btree ("window_start");--> statement-breakpoint
-- The browsers that started applications under 0.1 keep their access: their binding becomes a row.
INSERT INTO "application_bindings" ("application_id", "token_hash", "origin", "created_at", "last_seen_at")
  SELECT "id", "binding_hash", 'legacy', "created_at", "updated_at" FROM "applications";--> statement-breakpoint
ALTER TABLE "applications" DROP COLUMN "binding_hash";