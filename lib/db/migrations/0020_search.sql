ALTER TABLE "applications" ADD COLUMN "phone_index" text;--> statement-breakpoint
CREATE INDEX "applications_phone_index_idx" ON "applications" USING btree ("phone_index");--> statement-breakpoint
CREATE INDEX "applications_card_id_idx" ON "applications" USING btree ("card_id");--> statement-breakpoint
CREATE INDEX "applications_reference_idx" ON "applications" USING btree (left("id", 10));--> statement-breakpoint
CREATE INDEX "card_transactions_last_four_idx" ON "card_transactions" USING btree (right("masked_card_number", 4));