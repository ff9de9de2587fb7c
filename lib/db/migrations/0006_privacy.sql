CREATE TABLE "application_erasures" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "application_erasures_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"application_id" text NOT NULL,
	"cardholder_id" text,
	"card_id" text,
	"state" text NOT NULL,
	"staff_id" uuid,
	"staff_email" text NOT NULL,
	"reason" text NOT NULL,
	"erased_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "card_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "answers_dropped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "upstream_requests" ADD COLUMN "application_id" text;--> statement-breakpoint
CREATE INDEX "application_erasures_app_idx" ON "application_erasures" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "upstream_requests_app_idx" ON "upstream_requests" USING btree ("application_id","created_at");