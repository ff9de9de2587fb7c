import { describe, expect, it } from "vitest";
import { stageOf, stagesFor, stoppedAt } from "@/lib/applications/stages";

const kyc = { kycMethod: "REDIRECT_LINK", upstreamKycStatus: null };

describe("where an ended application stopped", () => {
  it("a rejected identity check stops at the check, never beyond it", () => {
    expect(stageOf({ ...kyc, state: "kyc_rejected" })).toBe("rejected");
    expect(stoppedAt({ ...kyc, state: "kyc_rejected", upstreamKycStatus: "REJECTED" }, "kyc_pending")).toBe("verifying");
    expect(stoppedAt({ ...kyc, state: "kyc_rejected" }, "card_issuing")).toBe("verifying");
  });

  it("a cardholder the issuer failed stops at its approval, or at the check when that never finished", () => {
    const failed = { ...kyc, state: "failed" as const, failureCode: "CARDHOLDER_FAILED" };
    expect(stoppedAt({ ...failed, upstreamKycStatus: "VERIFIED" }, "kyc_pending")).toBe("approving");
    expect(stoppedAt({ ...failed, upstreamKycStatus: "PENDING" }, "kyc_pending")).toBe("verifying");
    expect(stoppedAt({ ...failed, kycMethod: null }, "submitted")).toBe("approving");
  });

  it("a refused card stops at issuing; a refused submit at sending", () => {
    expect(stoppedAt({ ...kyc, state: "failed", failureCode: "COUNTRY_RESTRICTION" }, "card_issuing")).toBe("issuing");
    expect(stoppedAt({ ...kyc, state: "failed", failureCode: "COUNTRY_RESTRICTION" }, "draft")).toBe("submitted");
    expect(stoppedAt({ ...kyc, state: "card_issued" }, "card_issuing")).toBeNull();
  });

  it("a card without an identity check has no such stage", () => {
    expect(stagesFor(false)).not.toContain("verifying");
    expect(stagesFor(true)).toContain("verifying");
  });
});
