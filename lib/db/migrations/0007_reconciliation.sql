CREATE TABLE "reconciliation_findings" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reconciliation_findings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"run_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"application_id" text,
	"cardholder_id" text NOT NULL,
	"detail" jsonb NOT NULL,
	"fixed_at" timestamp with time zone,
	"fixed_by" text
);
--> statement-breakpoint
CREATE TABLE "reconciliation_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"trigger" text NOT NULL,
	"staff_id" uuid,
	"staff_email" text,
	"cardholders_seen" integer DEFAULT 0 NOT NULL,
	"applications_seen" integer DEFAULT 0 NOT NULL,
	"unknown_cardholders" integer DEFAULT 0 NOT NULL,
	"lagging_states" integer DEFAULT 0 NOT NULL,
	"unrecorded_cards" integer DEFAULT 0 NOT NULL,
	"error" text
);
--> statement-breakpoint
ALTER TABLE "reconciliation_findings" ADD CONSTRAINT "reconciliation_findings_run_id_reconciliation_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."reconciliation_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reconciliation_findings_run_idx" ON "reconciliation_findings" USING btree ("run_id","id");--> statement-breakpoint
CREATE INDEX "reconciliation_runs_started_idx" ON "reconciliation_runs" USING btree ("started_at");