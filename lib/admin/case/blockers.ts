import type { ApplicationState } from "@/lib/db/schema";
import { ISSUANCE_RETRY_ATTENTION_MS } from "@/lib/db/work-queue";

// "What blocks this and what next" for staff, in one table: the application's facts in, two catalog keys out
// (admin.case.blockers.* and admin.case.next.*). Pure, so every branch is tested as a value.

export type CaseBlocker =
  "form" | "creating" | "kycLinkExpired" | "kycWaiting" | "approval" | "kycRejected" | "issuing" | "issuingRetrying" | "none" | "failed";

export type CaseFacts = {
  state: ApplicationState;
  kycMethod: string | null;
  upstreamKycStatus: string | null;
  kycExpiresAt: Date | null;
  cardClaimedAt: Date | null;
  /** Tries of the current card creation that had no answer (503, lost answer): the issuance is retrying. */
  cardAttempts: number;
};

export function blockerOf(app: CaseFacts, now: Date): CaseBlocker {
  switch (app.state) {
    case "draft":
      return "form";
    case "submitted":
      return "creating";
    case "kyc_pending":
      if (app.kycMethod === null || app.upstreamKycStatus === "VERIFIED") return "approval";
      return app.kycExpiresAt && app.kycExpiresAt <= now ? "kycLinkExpired" : "kycWaiting";
    case "kyc_rejected":
      return "kycRejected";
    case "approved":
      return "issuing";
    case "card_issuing":
      if (app.cardAttempts > 0) return "issuingRetrying";
      return app.cardClaimedAt && now.getTime() - app.cardClaimedAt.getTime() > ISSUANCE_RETRY_ATTENTION_MS ? "issuingRetrying" : "issuing";
    case "card_issued":
      return "none";
    case "failed":
      return "failed";
  }
}
