ALTER TABLE "applications" ADD COLUMN "first_submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "first_approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "first_issued_at" timestamp with time zone;--> statement-breakpoint
-- The dashboard's milestones follow the timeline whoever writes it (transitions, seeds, reconciliation): the first
-- draft -> submitted, the first move from the identity check into approved, the first card_issued.
CREATE FUNCTION "application_milestones"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "applications" SET
    "first_submitted_at" = CASE WHEN NEW."from_state" = 'draft' AND NEW."to_state" = 'submitted'
      THEN least("first_submitted_at", NEW."created_at") ELSE "first_submitted_at" END,
    "first_approved_at" = CASE WHEN NEW."from_state" IN ('submitted', 'kyc_pending') AND NEW."to_state" = 'approved'
      THEN least("first_approved_at", NEW."created_at") ELSE "first_approved_at" END,
    "first_issued_at" = CASE WHEN NEW."to_state" = 'card_issued'
      THEN least("first_issued_at", NEW."created_at") ELSE "first_issued_at" END
  WHERE "id" = NEW."application_id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "application_events_milestones" AFTER INSERT ON "application_events"
  FOR EACH ROW WHEN (NEW."to_state" IN ('submitted', 'approved', 'card_issued'))
  EXECUTE FUNCTION "application_milestones"();--> statement-breakpoint
UPDATE "applications" a SET
  "first_submitted_at" = m."submitted", "first_approved_at" = m."approved", "first_issued_at" = m."issued"
FROM (
  SELECT "application_id",
    min("created_at") FILTER (WHERE "from_state" = 'draft' AND "to_state" = 'submitted') AS "submitted",
    min("created_at") FILTER (WHERE "from_state" IN ('submitted', 'kyc_pending') AND "to_state" = 'approved') AS "approved",
    min("created_at") FILTER (WHERE "to_state" = 'card_issued') AS "issued"
  FROM "application_events" WHERE "to_state" IN ('submitted', 'approved', 'card_issued') GROUP BY "application_id"
) m WHERE m."application_id" = a."id";--> statement-breakpoint
CREATE INDEX "applications_cohort_idx" ON "applications" USING btree ("created_at","product_id","state","kyc_method","upstream_kyc_status","failure_code","first_submitted_at","first_approved_at","first_issued_at");
