import "server-only";
import { recordStaffAction } from "@/lib/audit/record";
import { findCase } from "@/lib/admin/case/load";
import { processDeps, type AppDeps } from "@/lib/applications/deps";
import { refuseErased } from "@/lib/applications/erased";
import { answersOf, sealingKeys } from "@/lib/applications/keys";
import type { Staff } from "@/lib/auth/current-staff";
import { seal } from "@/lib/crypto/secret-box";
import { assignApplication, findAssignee, insertApplicationNote, unassignApplication } from "@/lib/db/application-case";
import { listApplicationFiles, lockApplication } from "@/lib/db/applications";
import type { Application } from "@/lib/db/schema";
import { PortalError } from "@/lib/errors";
import { downloadFile } from "@/lib/issuer/resources/files";
import { valueAt } from "@/lib/dotted-paths";
import type { SensitivePath } from "@/lib/requirements/sensitive";

// What staff do on the application page besides the actions panel: reveal one identity value, view a document,
// add a note, claim and release. Each is audited (never with the value or the note itself). All but release
// refuse an erased application: there is nothing left to show, and nothing may be added to it.

export const MAX_NOTE_CHARS = 4000;

async function caseOf(deps: AppDeps, id: string, erased: "refuse" | "allow" = "refuse"): Promise<Application> {
  const app = await findCase(deps, id);
  if (!app) throw new PortalError("NOT_FOUND", "No application was found.");
  if (erased === "refuse") refuseErased(app);
  return app;
}

/** One identity value in full; the reveal is audited with the field's path only. */
export async function revealValue(staff: Staff, id: string, path: SensitivePath, deps?: AppDeps) {
  const d = deps ?? (await processDeps());
  const app = await caseOf(d, id);
  const value = valueAt(await answersOf(d, app), path);
  if (value === undefined || value === null || value === "") throw new PortalError("NOT_FOUND", "The applicant has not given this value.");
  await recordStaffAction(
    d.db,
    staff,
    "application.value_revealed",
    { applicationId: app.id, target: path, detail: { field: path } },
    d.now(),
  );
  return { path, value: String(value) };
}

/** Types a browser may show inline; anything else would be downloaded, which a preview never does. */
const PREVIEWABLE: Record<string, string> = { "image/png": "png", "image/jpeg": "jpg", "application/pdf": "pdf" };

/** A document's bytes from the issuer, held in memory for this answer only; the view is audited. */
export async function viewDocument(staff: Staff, id: string, fileId: string, deps?: AppDeps) {
  const d = deps ?? (await processDeps());
  const app = await caseOf(d, id);
  const file = (await listApplicationFiles(d.db, app.id)).find((f) => f.fileId === fileId);
  if (!file) throw new PortalError("NOT_FOUND", "This application holds no such document.");
  const ext = PREVIEWABLE[file.fileType];
  if (!ext) throw new PortalError("UNSUPPORTED_MEDIA_TYPE", "This document cannot be previewed.");
  const download = await downloadFile(d.issuer, file.fileId);
  await recordStaffAction(
    d.db,
    staff,
    "application.document_viewed",
    { applicationId: app.id, target: file.fileId, detail: { field: file.field } },
    d.now(),
  );
  // The name is made here (never the uploaded one, which may carry the applicant's name): ASCII, no quotes.
  const name = `${(file.field ?? "document").replace(/[^A-Za-z0-9_-]+/g, "-")}.${ext}`;
  return { bytes: download.bytes, contentType: file.fileType, name };
}

/** A note, sealed at rest (it may quote the applicant); the audit says a note was added, not what it says. */
export async function addNote(staff: Staff, id: string, body: string, deps?: AppDeps) {
  const d = deps ?? (await processDeps());
  const app = await caseOf(d, id);
  // Under the row lock the erasure also takes: a note never lands on an application erased meanwhile.
  const ring = await sealingKeys(d, app.id);
  const note = await d.db.transaction(async (tx) => {
    refuseErased(await lockApplication(tx, app.id));
    return insertApplicationNote(tx, {
      applicationId: app.id,
      staffId: staff.id,
      staffName: staff.name || staff.email,
      bodySealed: seal(body, ring),
      createdAt: d.now(),
    });
  });
  await recordStaffAction(d.db, staff, "application.note_added", { applicationId: app.id, detail: { note_id: note?.id ?? null } }, d.now());
  return { id: note?.id ?? null };
}

/**
 * Takes the application. Held by another agent, it takes it only with `takeOver` (the page asks first); the
 * update is conditional on the holder seen here, so a claim racing another one fails instead of stealing it.
 */
export async function claimCase(staff: Staff, id: string, takeOver: boolean, deps?: AppDeps) {
  const d = deps ?? (await processDeps());
  const app = await caseOf(d, id);
  const holder = await findAssignee(d.db, app.id);
  if (holder?.id === staff.id) return { assignedTo: staff.id };
  if (holder && !takeOver) {
    throw new PortalError("INVALID_STATE", `${holder.name || holder.email} is working on this application.`);
  }
  if (!(await assignApplication(d.db, app.id, staff.id, holder?.id ?? null, d.now()))) {
    throw new PortalError("INVALID_STATE", "Someone else claimed this application a moment ago. Reload the page.");
  }
  const detail = holder ? { took_over_from: holder.email } : {};
  await recordStaffAction(d.db, staff, "application.claimed", { applicationId: app.id, detail }, d.now());
  return { assignedTo: staff.id };
}

/** Gives the application back to the queue; only its holder does (another agent takes it over instead). */
export async function releaseCase(staff: Staff, id: string, deps?: AppDeps) {
  const d = deps ?? (await processDeps());
  const app = await caseOf(d, id, "allow");
  if (!(await unassignApplication(d.db, app.id, staff.id))) {
    throw new PortalError("INVALID_STATE", "You do not hold this application.");
  }
  await recordStaffAction(d.db, staff, "application.released", { applicationId: app.id }, d.now());
  return { assignedTo: null };
}
