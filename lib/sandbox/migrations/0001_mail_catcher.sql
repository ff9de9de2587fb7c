CREATE TABLE "sandbox_mail" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sandbox_mail_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"message_id" text,
	"outbox_id" text,
	"mail_from" text NOT NULL,
	"rcpt_to" text[] NOT NULL,
	"subject" text NOT NULL,
	"raw" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sandbox_mail_outbox_idx" ON "sandbox_mail" USING btree ("outbox_id");--> statement-breakpoint
CREATE INDEX "sandbox_mail_rcpt_idx" ON "sandbox_mail" USING gin ("rcpt_to");