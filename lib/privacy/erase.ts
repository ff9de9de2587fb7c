import "server-only";
import { z } from "zod";
import { hashToken, newSecretToken } from "@/lib/applications/deps";
import { isFinal } from "@/lib/applications/state-machine";
import { recordStaffAction } from "@/lib/admin/audit";
import type { Staff } from "@/lib/auth/staff";
import { lockApplication } from "@/lib/db/applications";
import { eraseApplicantRows, findErasure } from "@/lib/db/privacy";
import type { Keyring } from "@/lib/crypto/secret-box";
import type { Database } from "@/lib/db/types";
import { PortalError } from "@/lib/errors";

// Erasure on request (GDPR art. 17): the portal forgets the applicant and keeps a tombstone and the audit
// trail. The issuer's API offers no deletion: what it holds stays there (the privacy page says so).

export const erasureSchema = z.object({
  /** Typed by the admin: the application's id, so the wrong applicant is never erased by a slip. */
  confirm: z.string().trim().max(200),
  reason: z.string().trim().min(3, "Say why, e.g. the date and channel of the request.").max(500),
});
export type ErasureRequest = z.infer<typeof erasureSchema>;

/**
 * Only a draft or a finished application: one in flight would go on upstream (identity check, card) with
 * nothing left here to follow it. Mark it failed first.
 */
export const canErase = (state: Parameters<typeof isFinal>[0]) => state === "draft" || isFinal(state);

export async function eraseApplicant(db: Database, keys: Keyring, staff: Staff, id: string, input: ErasureRequest, now = new Date()) {
  return db.transaction(async (tx) => {
    const app = await lockApplication(tx, id);
    if (!app) throw new PortalError("NOT_FOUND", "There is no application with this id.");
    if (app.erasedAt) {
      const done = await findErasure(tx, id);
      throw new PortalError("INVALID_STATE", `This applicant's data was already erased${done ? ` by ${done.staffEmail}` : ""}.`);
    }
    if (input.confirm !== app.id) {
      throw new PortalError("VALIDATION_ERROR", "Check the confirmation.", { confirm: "Type the application id exactly as shown." });
    }
    if (!canErase(app.state)) {
      throw new PortalError("INVALID_STATE", "This application is still in progress upstream. Mark it failed first, then erase.");
    }
    await eraseApplicantRows(tx, app, {
      staffId: staff.id,
      staffEmail: staff.email,
      reason: input.reason,
      resumeHash: hashToken(newSecretToken()),
      now,
      keys,
    });
    await recordStaffAction(tx, staff, "application.erased", { applicationId: id, detail: { state: app.state } }, now);
    return { erasedAt: now };
  });
}
