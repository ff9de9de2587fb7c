ALTER TABLE "staff_users" ADD COLUMN "oidc_issuer" text;--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "oidc_subject" text;--> statement-breakpoint
CREATE UNIQUE INDEX "staff_users_oidc_idx" ON "staff_users" USING btree ("oidc_issuer","oidc_subject");