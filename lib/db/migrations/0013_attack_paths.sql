ALTER TABLE "application_bindings" ADD COLUMN "issued_by" uuid;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "resume_issued_by" uuid;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "prevalidation" jsonb;