CREATE TABLE "merchant_api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"key_hash" text NOT NULL,
	"scopes" text[] NOT NULL,
	"rate_per_minute" integer DEFAULT 60 NOT NULL,
	"created_by" uuid,
	"created_by_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "merchant_api_keys_key_hash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "merchant_reference" text;--> statement-breakpoint
CREATE INDEX "merchant_api_keys_created_idx" ON "merchant_api_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "applications_merchant_reference_idx" ON "applications" USING btree ("merchant_reference","created_at");