import "server-only";
import { recordStaffAction } from "@/lib/admin/audit";
import { readDraft } from "@/lib/applications/draft-store";
import type { Staff } from "@/lib/auth/staff";
import { readingKeyring } from "@/lib/crypto/data-keys";
import { open, openLegacy, type Keyring } from "@/lib/crypto/secret-box";
import { findApplication, listApplicationEvents, listApplicationFiles } from "@/lib/db/applications";
import { findErasure, listApplicationCalls, listCardholderEvents, listNotesOf } from "@/lib/db/privacy";
import { listAuditEntries } from "@/lib/db/staff-audit";
import type { Database } from "@/lib/db/types";
import { PortalError } from "@/lib/errors";

// One applicant's data as the portal holds it (GDPR art. 15 and 20): a JSON document an admin downloads and
// hands over. Documents are listed with their issuer file ids; their images stay with the issuer.

export const EXPORT_FORMAT = "card-portal.applicant-export.v1";

export async function exportApplicant(db: Database, keys: Keyring, staff: Staff, id: string, now = new Date()) {
  const app = await findApplication(db, id);
  if (!app) throw new PortalError("NOT_FOUND", "There is no application with this id.");
  const [events, files, notes, calls, webhooks, staffActions, erasure] = await Promise.all([
    listApplicationEvents(db, id),
    listApplicationFiles(db, id),
    listNotesOf(db, id),
    listApplicationCalls(db, app),
    app.cardholderId ? listCardholderEvents(db, app.cardholderId) : Promise.resolve([]),
    listAuditEntries(db, { applicationId: id }, 1_000),
    findErasure(db, id),
  ]);
  // One lookup for the data keys of everything sealed below; what an erasure's destroyed key sealed is gone.
  const ring = await readingKeyring(keys, db, [app.draftCiphertext, ...files.map((f) => f.fileName), ...notes.map((n) => n.bodySealed)]);
  const document = {
    format: EXPORT_FORMAT,
    exportedAt: now.toISOString(),
    application: {
      id: app.id,
      productId: app.productId,
      kycLevel: app.kycLevel,
      state: app.state,
      cardholderId: app.cardholderId,
      cardId: app.cardId,
      cardStatus: app.cardStatus,
      locale: app.locale,
      createdAt: app.createdAt,
      submittedAt: app.submittedAt,
      updatedAt: app.updatedAt,
      answersDroppedAt: app.answersDroppedAt,
      erasedAt: app.erasedAt,
      erasure: erasure ? { at: erasure.erasedAt, by: erasure.staffEmail, reason: erasure.reason } : null,
    },
    answers: readDraft(app, ring),
    documents: files.map((f) => ({
      issuerFileId: f.fileId,
      field: f.field,
      name: openLegacy(f.fileName, ring),
      type: f.fileType,
      size: f.size,
    })),
    timeline: events.map((e) => ({ at: e.createdAt, from: e.fromState, to: e.toState, reason: e.reason })),
    notes: notes.map((n) => ({ at: n.createdAt, by: n.staffName, text: open(n.bodySealed, ring) })),
    issuerCalls: calls,
    webhookEvents: webhooks,
    staffActions: staffActions.reverse().map((a) => ({ at: a.at, action: a.action, by: a.staffEmail })),
  };
  await recordStaffAction(db, staff, "application.exported", { applicationId: id }, now);
  return document;
}
