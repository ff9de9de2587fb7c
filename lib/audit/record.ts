import "server-only";

// The audit log's one writer, apart from the staff area so that sign-in (lib/auth), erasure and going live record
// actions without importing the staff area.
import { insertAuditEntry } from "@/lib/db/staff-audit";
import type { Database } from "@/lib/db/types";

/** The actions the audit log knows; the audit page filters by them. */
export const AUDIT_ACTIONS = [
  "staff.signed_in",
  "staff.sign_in_failed",
  "staff.sign_in_throttled",
  "staff.signed_out",
  "staff.oidc_linked",
  "staff.oidc_unlinked",
  "staff.created",
  "staff.changed",
  "staff.password_reset",
  "staff.password_set",
  "staff.time_zone_set",
  "application.claimed",
  "application.released",
  "application.assigned",
  "application.attention_resolved",
  "application.note_added",
  "application.value_revealed",
  "application.document_viewed",
  "application.kyc_link_issued",
  "application.resume_link_issued",
  "application.link_emailed",
  "application.values_shown_via_link",
  "application.card_retried",
  "application.failed_by_staff",
  "application.reopened",
  "application.cardholder_updated",
  "application.third_party_submitted",
  "application.invite_created",
  "applications.exported",
  "audit.exported",
  "application.exported",
  "application.erased",
  "subject.erased",
  "reconciliation.run",
  "reconciliation.fixed",
  "webhook.reprocessed",
  "webhook.body_viewed",
  "mail.resent",
  "transactions.exported",
  "database.went_live",
  "merchant_key.created",
  "merchant_key.revoked",
  // The merchant's event endpoints (docs/events.md); the secrets never appear in the detail.
  "event_endpoint.created",
  "event_endpoint.updated",
  "event_endpoint.secret_rotated",
  "event_endpoint.disabled",
  "event_endpoint.enabled",
  "event_endpoint.deleted",
  "event_endpoint.test_sent",
  "event_delivery.resent",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Who acted: a staff member, or the email typed in a refused sign-in (no id). */
export type AuditActor = { id: string; email: string; ip: string };

export type AuditInput = { applicationId?: string; target?: string; detail?: Record<string, unknown> };

/** Records one staff action (who, when, what, which application, from where). Never holds an identity value. */
export async function recordStaffAction(db: Database, staff: AuditActor, action: AuditAction, input: AuditInput = {}, now = new Date()) {
  await insertAuditEntry(db, {
    at: now,
    // An attempt on an account that does not exist has no staff id.
    staffId: staff.id || null,
    staffEmail: staff.email,
    action,
    applicationId: input.applicationId ?? null,
    target: input.target ?? null,
    detail: input.detail ?? null,
    ip: staff.ip || null,
  });
}
