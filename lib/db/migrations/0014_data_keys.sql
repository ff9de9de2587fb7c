CREATE TABLE "data_keys" (
	"owner" text PRIMARY KEY NOT NULL,
	"key_id" text NOT NULL,
	"wrapped_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"destroyed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "card_transactions" ADD COLUMN "details_sealed" text;--> statement-breakpoint
CREATE INDEX "data_keys_key_id_idx" ON "data_keys" USING btree ("key_id");--> statement-breakpoint
ALTER TABLE "card_transactions" DROP COLUMN "merchant_name";