import "server-only";
import { patchApplication } from "@/lib/db/applications";
import type { Application } from "@/lib/db/schema";
import { getCardholder } from "@/lib/issuer/resources/cardholders";
import type { IssuerCardholder } from "@/lib/issuer/types";
import type { AppDeps } from "@/lib/applications/deps";
import { issueCardOnce } from "@/lib/applications/card-issuance";
import { move } from "@/lib/applications/transition";
import { forApplication } from "@/lib/issuer/client";

// The application's state from what the issuer says of its cardholder, by polling (refreshStatus) or a webhook
// (applyCardholderState); once approved, the card is issued (lib/applications/card-issuance.ts).

/** Local state younger than this is answered as is; older is refreshed from cardholder detail. */
export const STATUS_FRESH_MS = 3_000;
const WATCHED = new Set(["submitted", "kyc_pending", "approved", "card_issuing"]);

/** Applies what the upstream says about the cardholder (from polling or a webhook) to the application. */
export async function applyCardholderState(
  deps: AppDeps,
  app: Application,
  upstream: Pick<IssuerCardholder, "status" | "kycStatus">,
): Promise<Application> {
  const observed = { upstreamStatus: upstream.status, upstreamKycStatus: upstream.kycStatus, statusCheckedAt: deps.now() };
  let current = (await patchApplication(deps.db, app.id, observed)) ?? app;
  if (upstream.kycStatus === "REJECTED") {
    current =
      (await move(deps, current, "kyc_rejected", "upstream kyc_status REJECTED", { failureCode: "CARDHOLDER_KYC_REJECTED" })) ?? current;
  } else if (upstream.status === "FAILED") {
    current = (await move(deps, current, "fail", "upstream status FAILED", { failureCode: "CARDHOLDER_FAILED" })) ?? current;
  } else if (upstream.status === "SUCCESS" && (current.kycMethod === null || upstream.kycStatus === "VERIFIED")) {
    current =
      (await move(deps, current, "approved", "upstream approved the cardholder", undefined, {
        status: upstream.status,
        kyc_status: upstream.kycStatus,
      })) ?? current;
  }
  return current;
}

/** Local state, refreshed from the upstream when stale; issues the card once the rules allow. */
export async function refreshStatus(deps: AppDeps, app: Application, options: { force?: boolean } = {}): Promise<Application> {
  let current = app;
  const stale = !current.statusCheckedAt || deps.now().getTime() - current.statusCheckedAt.getTime() > STATUS_FRESH_MS;
  if (current.cardholderId && WATCHED.has(current.state) && current.state !== "card_issuing" && (stale || options.force)) {
    const polledAt = deps.now();
    const upstream = await getCardholder(forApplication(deps.issuer, current.id), current.cardholderId);
    // What polling saw is current: webhook events older than it must not move the state back.
    if (!current.upstreamEventAt || polledAt > current.upstreamEventAt) {
      current = (await patchApplication(deps.db, current.id, { upstreamEventAt: polledAt })) ?? current;
    }
    current = await applyCardholderState(deps, current, upstream);
  }
  if (current.state === "approved" || current.state === "card_issuing") current = await issueCardOnce(deps, current);
  return current;
}
