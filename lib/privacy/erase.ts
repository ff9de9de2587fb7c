import "server-only";
import { z } from "zod";
import { hashToken, newSecretToken } from "@/lib/applications/ids-and-tokens";
import { recordStaffAction } from "@/lib/audit/record";
import { APPLICATION_ID } from "@/lib/applications/application-id";
import type { Staff } from "@/lib/auth/current-staff";
import { findApplication } from "@/lib/db/applications";
import { eraseApplicantRows, findErasure, listSubjectApplications, lockApplications, lockErasures } from "@/lib/db/privacy";
import type { Application } from "@/lib/db/schema";
import { destroyOwnerKeys, ownersOfApplication } from "@/lib/crypto/data-keys";
import type { Keyring } from "@/lib/crypto/secret-box";
import type { Database } from "@/lib/db/types";
import { PortalError } from "@/lib/errors";
import { canErase, matchedBy } from "@/lib/privacy/subject";

// Erasure on request (GDPR art. 17), of a person: every application with the same email or identity number
// (lib/privacy/subject.ts), in one transaction, all or nothing. The portal forgets them and keeps a tombstone per
// application and the audit trail. The issuer's API offers no deletion: what it holds stays there (the page says so).

export const erasureSchema = z.object({
  /** Typed by the admin: the id of the application the page was opened on, so the wrong person is never erased by a slip. */
  confirm: z.string().trim().max(200),
  reason: z.string().trim().min(3, "admin.privacy.erase.reasonShort").max(500, "admin.privacy.erase.reasonLong"),
  /** The applications the page listed; when given, an erasure whose list has changed since is refused. */
  applications: z.array(z.string().regex(APPLICATION_ID)).max(1000).optional(),
});
export type ErasureRequest = z.infer<typeof erasureSchema>;

const sameSet = (a: string[], b: string[]) => a.length === b.length && new Set([...a, ...b]).size === a.length;

/** Refuses, before anything is written, an erasure whose person holds an application still in progress upstream. */
function refuseInFlight(apps: Application[]): void {
  const inFlight = apps.filter((a) => !canErase(a.state));
  if (inFlight.length === 0) return;
  throw new PortalError(
    "INVALID_STATE",
    `Still in progress at the issuer: ${inFlight.map((a) => `${a.id} (${a.state})`).join(", ")}. Mark ${inFlight.length > 1 ? "them" : "it"} failed first, then erase. Nothing was erased.`,
    Object.fromEntries(inFlight.map((a) => [`applications.${a.id}`, "admin.privacy.erase.stillInFlight"])),
  );
}

const keysOf = (apps: Application[]) => apps.map((a) => `${a.id}:${a.emailIndex}:${a.identityIndex}:${a.erasedAt?.getTime()}`).join();

export async function eraseSubject(db: Database, keys: Keyring, staff: Staff, id: string, input: ErasureRequest, now = new Date()) {
  const { erased, owners } = await db.transaction(async (tx) => {
    // One erasure at a time; the person's applications are then locked in one statement, before any check or write.
    await lockErasures(tx);
    const seen = await findApplication(tx, id);
    if (!seen) throw new PortalError("NOT_FOUND", "There is no application with this id.");
    const found = await listSubjectApplications(tx, seen);
    const apps = await lockApplications(
      tx,
      found.map((a) => a.id),
    );
    const anchor = apps.find((a) => a.id === id);
    if (!anchor) throw new PortalError("NOT_FOUND", "There is no application with this id.");
    if (anchor.erasedAt) {
      const done = await findErasure(tx, id);
      throw new PortalError("INVALID_STATE", `This applicant's data was already erased${done ? ` by ${done.staffEmail}` : ""}.`);
    }
    if (input.confirm !== anchor.id) {
      throw new PortalError("VALIDATION_ERROR", "Check the confirmation.", { confirm: "admin.privacy.erase.confirmWrong" });
    }
    // A save between the search and the locks may have changed who is who: then nothing is erased.
    const changed = keysOf(apps) !== keysOf(found);
    if (
      changed ||
      (input.applications &&
        !sameSet(
          input.applications,
          apps.map((a) => a.id),
        ))
    ) {
      throw new PortalError(
        "INVALID_STATE",
        "This person's applications changed since the page was shown. Reload it and check the list again. Nothing was erased.",
        { applications: "admin.privacy.erase.listChanged" },
      );
    }
    refuseInFlight(apps);
    for (const app of apps) {
      await eraseApplicantRows(tx, app, {
        staffId: staff.id,
        staffEmail: staff.email,
        reason: input.reason,
        resumeHash: hashToken(newSecretToken()),
        now,
      });
      const detail = { state: app.state, subject: anchor.id, matched_by: matchedBy(anchor, app, apps) };
      await recordStaffAction(tx, staff, "application.erased", { applicationId: app.id, detail }, now);
    }
    const ids = apps.map((a) => a.id);
    await recordStaffAction(tx, staff, "subject.erased", { applicationId: anchor.id, detail: { applications: ids } }, now);
    return { erased: ids, owners: apps.flatMap(ownersOfApplication) };
  });
  // The data keys go once the erasure is committed: on PGlite the key file cannot roll back with a failed
  // transaction. A crash in between is caught by the sealing job's first pass (lib/crypto/reseal.ts).
  await destroyOwnerKeys(keys, db, owners);
  return { erasedAt: now, applications: erased };
}
