CREATE TABLE "staff_sessions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"staff_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"password_failures" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "oidc_issuer" text;--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "oidc_subject" text;--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD CONSTRAINT "staff_sessions_staff_id_staff_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_sessions_staff_idx" ON "staff_sessions" USING btree ("staff_id");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_users_oidc_idx" ON "staff_users" USING btree ("oidc_issuer","oidc_subject");