import type { ApplicationState } from "@/lib/db/schema";

// What a cardholder sees of an application's progress: one list for the server's view and the status page.

/** The stages in the order a person goes through them; Simplified products skip the identity check. */
export const PROGRESS_STAGES = ["submitted", "verifying", "approving", "issuing", "issued"] as const;
export type ProgressStage = (typeof PROGRESS_STAGES)[number];
export type Stage = "draft" | ProgressStage | "rejected" | "failed";

export const stagesFor = (needsKyc: boolean): ProgressStage[] => PROGRESS_STAGES.filter((s) => needsKyc || s !== "verifying");

type StageFacts = { state: ApplicationState; kycMethod: string | null; upstreamKycStatus: string | null; failureCode?: string | null };

export function stageOf(app: StageFacts): Stage {
  switch (app.state) {
    case "draft":
      return "draft";
    case "submitted":
      return app.kycMethod ? "submitted" : "approving";
    case "kyc_pending":
      return app.upstreamKycStatus === "VERIFIED" ? "approving" : "verifying";
    case "approved":
    case "card_issuing":
      return "issuing";
    case "card_issued":
      return "issued";
    case "kyc_rejected":
      return "rejected";
    case "failed":
      return "failed";
  }
}

/**
 * The stage an ended application stopped at: the identity check for a rejection, the issuer's approval when it
 * failed the cardholder after a passed check (before one, the check never finished), else the stage it had reached.
 */
export function stoppedAt(app: StageFacts, reachedFrom: ApplicationState | null): ProgressStage | null {
  if (app.state === "kyc_rejected") return "verifying";
  if (app.state !== "failed") return null;
  if (app.failureCode === "CARDHOLDER_FAILED") return app.kycMethod && app.upstreamKycStatus !== "VERIFIED" ? "verifying" : "approving";
  const before = stageOf({ ...app, state: reachedFrom ?? "draft" });
  return before === "draft" ? "submitted" : before === "rejected" || before === "failed" ? null : before;
}
