import { describe, expect, it } from "vitest";
import { blockerOf, type CaseFacts } from "@/lib/admin/case/blockers";

// What blocks an application, for each state and the facts that split a state.

const now = new Date("2026-01-01T12:00:00Z");
const base: CaseFacts = {
  state: "draft",
  kycMethod: "REDIRECT_LINK",
  upstreamKycStatus: null,
  kycExpiresAt: null,
  cardClaimedAt: null,
  cardAttempts: 0,
};
const ago = (ms: number) => new Date(now.getTime() - ms);

describe("blockerOf", () => {
  it.each<[Partial<CaseFacts>, string]>([
    [{ state: "draft" }, "form"],
    [{ state: "submitted" }, "creating"],
    [{ state: "kyc_pending", kycExpiresAt: ago(-60_000) }, "kycWaiting"],
    [{ state: "kyc_pending", kycExpiresAt: ago(1) }, "kycLinkExpired"],
    [{ state: "kyc_pending", upstreamKycStatus: "VERIFIED" }, "approval"],
    [{ state: "kyc_pending", kycMethod: null }, "approval"],
    [{ state: "kyc_rejected" }, "kycRejected"],
    [{ state: "approved" }, "issuing"],
    [{ state: "card_issuing", cardClaimedAt: ago(5_000) }, "issuing"],
    [{ state: "card_issuing", cardClaimedAt: ago(120_000) }, "issuingRetrying"],
    // A fresh claim whose last try failed (503) is retrying, not "created in a moment" (issue #27, item 2).
    [{ state: "card_issuing", cardClaimedAt: ago(5_000), cardAttempts: 1 }, "issuingRetrying"],
    [{ state: "card_issued" }, "none"],
    [{ state: "failed" }, "failed"],
  ])("%o -> %s", (facts, expected) => {
    expect(blockerOf({ ...base, ...facts }, now)).toBe(expected);
  });
});
