import "server-only";
import { recordStaffAction } from "@/lib/audit/record";
import { transactionRowOf } from "@/lib/admin/ops/transactions";
import { readDraft } from "@/lib/applications/draft-store";
import type { Staff } from "@/lib/auth/current-staff";
import { readingKeyring } from "@/lib/crypto/data-keys";
import { open, openLegacy, type Keyring } from "@/lib/crypto/secret-box";
import { listApplicationEvents, listApplicationFiles } from "@/lib/db/applications";
import { listTransactionsOf } from "@/lib/db/card-transactions";
import { findErasure, listApplicationCalls, listCardholderEvents, listNotesOf } from "@/lib/db/privacy";
import type { Application } from "@/lib/db/schema";
import { listAuditEntries } from "@/lib/db/staff-audit";
import type { Database } from "@/lib/db/types";
import { loadSubject, matchedBy } from "@/lib/privacy/subject";
import { openTransactions } from "@/lib/webhooks/transaction-details";

// One person's data as the portal holds it (GDPR art. 15 and 20): every application with the same email or
// identity number (lib/privacy/subject.ts), each with its card transactions, as one JSON document an admin
// downloads and hands over. Documents are listed with their issuer file ids; their images stay with the issuer.

export const EXPORT_FORMAT = "card-portal.subject-export.v2";

async function applicationFile(
  db: Database,
  keys: Keyring,
  subject: { anchor: Application; applications: Application[] },
  app: Application,
) {
  const [events, files, notes, calls, webhooks, transactions, staffActions, erasure] = await Promise.all([
    listApplicationEvents(db, app.id),
    listApplicationFiles(db, app.id),
    listNotesOf(db, app.id),
    listApplicationCalls(db, app),
    app.cardholderId ? listCardholderEvents(db, app.cardholderId) : Promise.resolve([]),
    listTransactionsOf(db, { cardholderIds: app.cardholderId ? [app.cardholderId] : [], cardIds: app.cardId ? [app.cardId] : [] }),
    listAuditEntries(db, { applicationId: app.id }, 1_000),
    findErasure(db, app.id),
  ]);
  // One lookup for the data keys of everything sealed below; what an erasure's destroyed key sealed is gone.
  const ring = await readingKeyring(keys, db, [app.draftCiphertext, ...files.map((f) => f.fileName), ...notes.map((n) => n.bodySealed)]);
  const opened = await openTransactions(keys, db, transactions);
  return {
    application: {
      id: app.id,
      matchedBy: matchedBy(subject.anchor, app, subject.applications),
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
    cardTransactions: opened.map(transactionRowOf),
    staffActions: staffActions.reverse().map((a) => ({ at: a.at, action: a.action, by: a.staffEmail })),
  };
}

/** The export of the person of application `id`; each application's timeline records it. */
export async function exportSubject(db: Database, keys: Keyring, staff: Staff, id: string, now = new Date()) {
  const subject = await loadSubject(db, id);
  const { anchor, applications } = subject;
  const files = [];
  for (const app of applications) files.push(await applicationFile(db, keys, subject, app));
  for (const app of applications) {
    await recordStaffAction(db, staff, "application.exported", { applicationId: app.id, detail: { subject: anchor.id } }, now);
  }
  return {
    format: EXPORT_FORMAT,
    exportedAt: now.toISOString(),
    subject: { requestedFor: anchor.id, applications: applications.map((a) => a.id) },
    applications: files,
  };
}
