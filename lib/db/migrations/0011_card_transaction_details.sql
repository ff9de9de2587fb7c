ALTER TABLE "card_transactions" ADD COLUMN "details_sealed" text;--> statement-breakpoint
ALTER TABLE "card_transactions" DROP COLUMN "merchant_name";