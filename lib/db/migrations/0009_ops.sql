CREATE TABLE "webhook_signature_failures" (
	"hour" timestamp with time zone PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "webhook_inbox" ADD COLUMN "duplicates" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "card_transactions_created_idx" ON "card_transactions" USING btree ("created_at","transaction_id");--> statement-breakpoint
CREATE INDEX "webhook_inbox_received_idx" ON "webhook_inbox" USING btree ("received_at","event_id");