ALTER TABLE "applications" ADD COLUMN "state_since" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Hand-written: existing applications entered their state at their newest state change (or when they were started).
UPDATE "applications" SET "state_since" = coalesce((SELECT max(e."created_at") FROM "application_events" e WHERE e."application_id" = "applications"."id" AND e."from_state" IS DISTINCT FROM e."to_state"), "applications"."created_at");--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "attention_resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "attention_reason" text;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "attention_event_id" bigint;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "attention_snoozed_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "applications_state_since_idx" ON "applications" USING btree ("state_since","id");