import "server-only";
import { insertTimelineNote } from "@/lib/db/applications";
import type { Application } from "@/lib/db/schema";
import { PortalError } from "@/lib/errors";
import { recordStaffAction } from "@/lib/audit/record";
import { loadForAction } from "@/lib/admin/case/actions/load";
import type { Staff } from "@/lib/auth/current-staff";
import { resumeUrlOf } from "@/lib/applications/access";
import type { AppDeps } from "@/lib/applications/deps";
import { sealingKeys } from "@/lib/applications/keys";
import { recipientOf } from "@/lib/applications/mail";
import { kycUrlOf } from "@/lib/applications/view";
import { maskEmail } from "@/lib/mail/mask";
import { queueMail } from "@/lib/mail/queue";

// "Send to applicant": the application's current resume or identity-check link (the one staff just issued, read
// again on the server, never taken from the browser) emailed to the address in its own answers.

export const LINK_KINDS = ["resume", "kyc"] as const;
export type LinkKind = (typeof LINK_KINDS)[number];
type Actor = Pick<Staff, "id" | "email" | "ip">;

/** The link of that kind while it still works, with its expiry; undefined when there is none to send. */
async function currentLink(deps: AppDeps, app: Application, kind: LinkKind): Promise<{ url: string; expiresAt: Date } | undefined> {
  if (kind === "resume") {
    const url = await resumeUrlOf(deps, app);
    return url ? { url, expiresAt: app.resumeExpiresAt } : undefined;
  }
  const url = await kycUrlOf(deps, app);
  return url && app.kycExpiresAt && app.kycExpiresAt > deps.now() ? { url, expiresAt: app.kycExpiresAt } : undefined;
}

/**
 * Queues a `staff_link` email of the current link, in the applicant's language, and records it on the timeline and
 * in the audit log in the same transaction. The same role and state rules as issuing the link apply.
 */
export async function sendLinkToApplicant(deps: AppDeps, staff: Actor, id: string, kind: LinkKind) {
  const app = await loadForAction(deps, id, kind === "kyc" ? "kyc_link" : "resume_link");
  if (!deps.mail?.enabled) throw new PortalError("INVALID_STATE", "Email is off in this portal: copy the link and pass it on yourself.");
  const link = await currentLink(deps, app, kind);
  if (!link) throw new PortalError("INVALID_STATE", "There is no link that still works: issue a new one first.");
  const recipientOfApp = await recipientOf(deps, app);
  if (!recipientOfApp)
    throw new PortalError("VALIDATION_ERROR", "The applicant has not given an email address yet.", { email: "admin.actions.send.noEmail" });
  const ring = await sealingKeys(deps, app.id);
  const now = deps.now();
  const expires = link.expiresAt.toISOString();
  const { to, locale } = recipientOfApp;
  const recipient = maskEmail(to);
  return deps.db.transaction(async (tx) => {
    const mail = await queueMail(
      tx,
      deps.mail,
      {
        kind: "staff_link",
        locale,
        to,
        ring,
        params: { link: link.url, linkKind: kind, expires },
        applicationId: app.id,
        staffUserId: staff.id,
      },
      now,
    );
    if (!mail) throw new PortalError("INVALID_STATE", "Email is off in this portal: copy the link and pass it on yourself.");
    const detail = { link_kind: kind, recipient, expires_at: expires };
    await insertTimelineNote(
      tx,
      app,
      `${kind === "kyc" ? "identity-check" : "resume"} link emailed to the applicant by staff`,
      now,
      detail,
    );
    await recordStaffAction(tx, staff, "application.link_emailed", { applicationId: app.id, target: recipient, detail }, now);
    return { emailed: true as const, recipient, mailId: mail.id };
  });
}
