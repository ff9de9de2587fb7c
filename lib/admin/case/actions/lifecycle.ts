import "server-only";
import type { Application } from "@/lib/db/schema";
import { PortalError } from "@/lib/errors";
import { getCardholder } from "@/lib/issuer/resources/cardholders";
import { recordStaffAction } from "@/lib/audit/record";
import { loadForAction, stateChanged } from "@/lib/admin/case/actions/load";
import type { Staff } from "@/lib/auth/current-staff";
import type { AppDeps } from "@/lib/applications/deps";
import { CLAIM_STALE_MS, issueCardOnce } from "@/lib/applications/card-issuance";
import { latestUpstreamCallOf } from "@/lib/db/upstream-requests";
import { move } from "@/lib/applications/transition";
import { STAFF_FAILED_REASON } from "@/lib/db/retention";

type Actor = Pick<Staff, "id" | "email" | "ip">;

/** The issuer's last answer when card creation is still retrying: HTTP status (0: none), its code and X-Request-Id. */
export type IssuerUnavailable = { status: number; code: string | null; requestId: string; retryFrom: string };
export type RetryOutcome = { state: Application["state"]; unavailable?: IssuerUnavailable };

/**
 * Retries the card through the cardholder's exactly-once path (issueCardOnce: a claimed issuance keeps its
 * X-Request-Id, a fresh claim by another process is left alone). A refused issuance comes back only when the
 * issuer says now that the cardholder is approved, e.g. after a correction.
 */
export async function retryCardIssuance(deps: AppDeps, staff: Actor, id: string): Promise<RetryOutcome> {
  let app = await loadForAction(deps, id, "retry_card");
  const from = app.state;
  if (app.state === "failed" && app.cardholderId) {
    const upstream = await getCardholder(deps.issuer, app.cardholderId);
    if (upstream.status !== "SUCCESS" || (app.kycMethod !== null && upstream.kycStatus !== "VERIFIED")) {
      throw new PortalError("INVALID_STATE", "The card issuer has not approved this cardholder, so no card can be issued yet.");
    }
    const retried = await move(deps, app, "retry_card", "card issuance retried by staff", { failureCode: null, failureMessage: null });
    if (!retried) throw stateChanged();
    app = retried;
  }
  const after = await issueCardOnce(deps, app);
  await recordStaffAction(deps.db, staff, "application.card_retried", { applicationId: app.id, detail: { from, to: after.state } });
  const unavailable = await unansweredIssuance(deps, after);
  return unavailable ? { state: after.state, unavailable } : { state: after.state };
}

/**
 * A card creation whose tries had no answer (cardAttempts > 0) is reported with the issuer's last answer and when
 * the claim may be taken again (the status page or the issuer's next event retries it then), never as "being issued".
 */
async function unansweredIssuance(deps: AppDeps, app: Application): Promise<IssuerUnavailable | undefined> {
  if (app.state !== "card_issuing" || app.cardAttempts === 0 || !app.cardClaimedAt) return undefined;
  const call = await latestUpstreamCallOf(deps.db, app.id);
  const retryFrom = new Date(app.cardClaimedAt.getTime() + CLAIM_STALE_MS).toISOString();
  const requestId = call?.requestId ?? app.cardRequestId ?? "";
  return { status: call?.httpStatus ?? 0, code: call?.errorCode ?? null, requestId, retryFrom };
}

/** Ends an application with the staff member's reason (on the timeline and the status the applicant sees). */
export async function markFailed(deps: AppDeps, staff: Actor, id: string, reason: string): Promise<{ state: Application["state"] }> {
  const app = await loadForAction(deps, id, "mark_failed");
  const failed = await move(
    deps,
    app,
    "fail",
    `${STAFF_FAILED_REASON}: ${reason}`,
    { failureCode: "STAFF_FAILED", failureMessage: reason },
    { staff: staff.email },
  );
  if (!failed) throw stateChanged();
  await recordStaffAction(deps.db, staff, "application.failed_by_staff", { applicationId: app.id, detail: { from: app.state, reason } });
  return { state: failed.state };
}

/**
 * Gives a failed application that never reached the issuer back to the applicant as a draft, answers kept;
 * the next submit is a new request. The applicant opens it with their browser or a fresh resume link.
 */
export async function reopenDraft(deps: AppDeps, staff: Actor, id: string): Promise<{ state: Application["state"] }> {
  const app = await loadForAction(deps, id, "reopen");
  const reopened = await move(deps, app, "reopen", "reopened by staff for the applicant", {
    failureCode: null,
    failureMessage: null,
    cardholderRequestId: null,
    submittedAt: null,
  });
  if (!reopened) throw stateChanged();
  await recordStaffAction(deps.db, staff, "application.reopened", { applicationId: app.id, detail: { failure_code: app.failureCode } });
  return { state: reopened.state };
}
