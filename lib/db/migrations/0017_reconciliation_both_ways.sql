CREATE TABLE "recorded_cards" (
	"card_id" text PRIMARY KEY NOT NULL,
	"application_id" text NOT NULL,
	"cardholder_id" text,
	"status" text,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reconciliation_runs" ADD COLUMN "missing_cardholders" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reconciliation_runs" ADD COLUMN "missing_cards" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reconciliation_runs" ADD COLUMN "issuer_total" integer;--> statement-breakpoint
ALTER TABLE "reconciliation_runs" ADD COLUMN "partial" text;--> statement-breakpoint
CREATE INDEX "recorded_cards_recorded_idx" ON "recorded_cards" USING btree ("recorded_at");