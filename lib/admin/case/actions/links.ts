import "server-only";
import { patchApplication } from "@/lib/db/applications";
import { APPLICATION_STATES } from "@/lib/db/schema";
import { recordStaffAction } from "@/lib/audit/record";
import { loadForAction, stateChanged } from "@/lib/admin/case/actions/load";
import { qrDataUrl } from "@/lib/admin/case/actions/qr";
import type { Staff } from "@/lib/auth/current-staff";
import { freshResumeLink } from "@/lib/applications/access";
import type { AppDeps } from "@/lib/applications/deps";
import { ensureKycLink } from "@/lib/applications/kyc";
import { isFinal } from "@/lib/applications/state-machine";
import { kycUrlOf } from "@/lib/applications/view";
import { sealingKeys } from "@/lib/applications/keys";

export type IssuedLink = { url: string; expiresAt: string; qr: string };
type Actor = Pick<Staff, "id" | "email" | "ip">;

/**
 * A new identity-check link from the issuer, through the cardholder's own path (ensureKycLink: the trusted-host
 * allowlist applies, the link is stored sealed). The audit says when it expires, never the link itself.
 */
export async function reissueKycLink(deps: AppDeps, staff: Actor, id: string): Promise<IssuedLink> {
  const app = await loadForAction(deps, id, "kyc_link");
  const renewed = await ensureKycLink(deps, app, { renew: true });
  const url = await kycUrlOf(deps, renewed);
  if (!url || !renewed.kycExpiresAt) throw stateChanged();
  const expiresAt = renewed.kycExpiresAt.toISOString();
  await recordStaffAction(deps.db, staff, "application.kyc_link_issued", { applicationId: app.id, detail: { expires_at: expiresAt } });
  return { url, expiresAt, qr: await qrDataUrl(url) };
}

/**
 * A fresh single-use resume link: the new token's hash replaces the old one, so every earlier link stops
 * working at once. Using it binds the applicant's browser and ends other bindings (lib/applications/access.ts).
 */
export async function issueResumeLink(deps: AppDeps, staff: Actor, id: string): Promise<IssuedLink> {
  const app = await loadForAction(deps, id, "resume_link");
  // One instant for the link's life and the timeline's entry: the shown expiry is the entry's time plus the life.
  const now = deps.now();
  const { token, columns } = freshResumeLink({ ...deps, now: () => now }, await sealingKeys(deps, app.id), staff.id);
  const open = APPLICATION_STATES.filter((s) => !isFinal(s));
  const updated = await patchApplication(deps.db, app.id, { ...columns, updatedAt: now }, open);
  if (!updated) throw stateChanged();
  const url = `${deps.appUrl}/apply/resume/${token}`;
  const expiresAt = columns.resumeExpiresAt.toISOString();
  await recordStaffAction(
    deps.db,
    staff,
    "application.resume_link_issued",
    { applicationId: app.id, detail: { expires_at: expiresAt } },
    now,
  );
  return { url, expiresAt, qr: await qrDataUrl(url) };
}
