-- IF NOT EXISTS: databases of 0.1 created these tables in the portal's own migration history.
CREATE TABLE IF NOT EXISTS "sandbox_cardholders" (
	"id" text PRIMARY KEY NOT NULL,
	"product_id" text,
	"fields" jsonb NOT NULL,
	"status" text NOT NULL,
	"kyc_status" text NOT NULL,
	"kyc_method" text,
	"kyc_reference_id" text,
	"kyc_due_at" timestamp with time zone,
	"approval_due_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "sandbox_cards" (
	"id" text PRIMARY KEY NOT NULL,
	"cardholder_id" text NOT NULL,
	"product_id" text NOT NULL,
	"label" text,
	"recharge_amount" numeric(18, 2) NOT NULL,
	"available_balance" numeric(18, 2) NOT NULL,
	"out_id" text,
	"status" text NOT NULL,
	"masked_number" text NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "sandbox_files" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" integer NOT NULL,
	"content" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "sandbox_idempotency" (
	"request_id" text PRIMARY KEY NOT NULL,
	"route" text NOT NULL,
	"body_hash" text NOT NULL,
	"http_status" integer,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "sandbox_kyc_links" (
	"token" text PRIMARY KEY NOT NULL,
	"cardholder_id" text NOT NULL,
	"review_status" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "sandbox_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "sandbox_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "sandbox_webhook_attempts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sandbox_webhook_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"event_id" text NOT NULL,
	"attempt" integer NOT NULL,
	"url" text NOT NULL,
	"http_status" integer,
	"error" text,
	"ok" boolean NOT NULL,
	"duration_ms" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "sandbox_webhook_outbox" (
	"event_id" text PRIMARY KEY NOT NULL,
	"event_type" text NOT NULL,
	"body" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"last_status" integer,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "sandbox_cardholders_kyc_reference_uq" ON "sandbox_cardholders" USING btree ("kyc_reference_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sandbox_cardholders_kyc_due_idx" ON "sandbox_cardholders" USING btree ("kyc_due_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sandbox_cardholders_approval_due_idx" ON "sandbox_cardholders" USING btree ("approval_due_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sandbox_cards_cardholder_idx" ON "sandbox_cards" USING btree ("cardholder_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sandbox_kyc_links_cardholder_idx" ON "sandbox_kyc_links" USING btree ("cardholder_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sandbox_webhook_attempts_event_idx" ON "sandbox_webhook_attempts" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sandbox_webhook_outbox_due_idx" ON "sandbox_webhook_outbox" USING btree ("state","next_attempt_at");