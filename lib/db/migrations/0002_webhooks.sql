CREATE TABLE "card_transactions" (
	"transaction_id" text PRIMARY KEY NOT NULL,
	"event_id" text NOT NULL,
	"card_id" text NOT NULL,
	"cardholder_id" text,
	"masked_card_number" text,
	"transaction_type" text NOT NULL,
	"transaction_status" text NOT NULL,
	"transaction_amount" text NOT NULL,
	"transaction_currency" text NOT NULL,
	"billing_amount" text NOT NULL,
	"billing_currency" text NOT NULL,
	"merchant_name" text,
	"transaction_time" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_inbox" (
	"event_id" text PRIMARY KEY NOT NULL,
	"event_type" text NOT NULL,
	"event_at" timestamp with time zone NOT NULL,
	"cardholder_id" text,
	"body" text NOT NULL,
	"headers" jsonb NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"last_error" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "upstream_event_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "card_transactions_card_idx" ON "card_transactions" USING btree ("card_id");--> statement-breakpoint
CREATE INDEX "webhook_inbox_due_idx" ON "webhook_inbox" USING btree ("state","next_attempt_at");--> statement-breakpoint
CREATE INDEX "webhook_inbox_cardholder_idx" ON "webhook_inbox" USING btree ("cardholder_id","event_at");