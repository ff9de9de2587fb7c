import "server-only";
import { PortalError } from "@/lib/errors";
import { patchApplication } from "@/lib/db/applications";
import type { Application } from "@/lib/db/schema";
import { seal } from "@/lib/crypto/secret-box";
import { getKycLink } from "@/lib/issuer/resources/cardholders";
import { requireAllowedKycUrl } from "@/lib/applications/kyc-url";
import type { AppDeps } from "@/lib/applications/deps";
import { move } from "@/lib/applications/transition";
import { forApplication } from "@/lib/issuer/client";
import { sealingKeys } from "@/lib/applications/keys";

/** The spec's expires_at form is YYYY-MM-DD HH:MM:SS without a zone; read as UTC (the sandbox's documented zone). */
export function parseLinkTime(value: string): Date | undefined {
  const match = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})$/.exec(value);
  const date = match ? new Date(`${match[1]}T${match[2]}Z`) : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** A link counts as expired a little early, so nobody is sent to a page that closes while it loads. */
const EXPIRY_MARGIN_MS = 60_000;

/** The KYC link for a REDIRECT_LINK application: the stored one while valid, a new one when expired or asked. */
export async function ensureKycLink(deps: AppDeps, app: Application, options: { renew?: boolean } = {}): Promise<Application> {
  if (app.kycMethod !== "REDIRECT_LINK" || !app.cardholderId) {
    throw new PortalError("INVALID_STATE", "This application has no identity check to open.");
  }
  if (!["submitted", "kyc_pending"].includes(app.state)) {
    throw new PortalError("INVALID_STATE", "The identity check of this application is already finished.");
  }
  const valid = app.kycUrl && app.kycExpiresAt && app.kycExpiresAt.getTime() - EXPIRY_MARGIN_MS > deps.now().getTime();
  if (valid && !options.renew) return app;
  const link = await getKycLink(forApplication(deps.issuer, app.id), app.cardholderId);
  const patch = {
    kycUrl: seal(requireAllowedKycUrl(link.url, deps.kycLinks), await sealingKeys(deps, app.id)),
    kycExpiresAt: parseLinkTime(link.expiresAt) ?? new Date(deps.now().getTime() + 15 * 60_000),
  };
  if (app.state === "submitted") return (await move(deps, app, "kyc_started", "KYC link issued", patch)) ?? app;
  return (await patchApplication(deps.db, app.id, patch, ["kyc_pending"])) ?? app;
}
