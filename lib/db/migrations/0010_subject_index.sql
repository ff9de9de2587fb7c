ALTER TABLE "applications" ADD COLUMN "identity_index" text;--> statement-breakpoint
CREATE INDEX "applications_identity_index_idx" ON "applications" USING btree ("identity_index");