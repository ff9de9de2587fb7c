import { describe, expect, it } from "vitest";
import type { ListedCardholder } from "@/lib/issuer/resources/cardholder-list";
import type { PortalRow } from "@/lib/db/schema";
import { compare, countFindings, maskEmail } from "@/lib/reconciliation/compare";

const row = (over: Partial<PortalRow> = {}): PortalRow => ({
  id: "app_1",
  state: "submitted",
  kycMethod: null,
  cardholderId: "ch_1",
  upstreamStatus: null,
  upstreamKycStatus: null,
  knownCardIds: [],
  ...over,
});
const upstream = (over: Partial<ListedCardholder> = {}): ListedCardholder => ({
  id: "ch_1",
  status: "PENDING",
  kycStatus: "NOT_STARTED",
  productId: "prod_a",
  email: "ada@example.com",
  cards: [],
  ...over,
});

describe("compare", () => {
  it("finds nothing when both sides agree", () => {
    expect(compare([row({ upstreamStatus: "PENDING", upstreamKycStatus: "NOT_STARTED" })], [upstream()])).toEqual([]);
    expect(compare([row()], [upstream()])).toEqual([]); // never stored yet, nothing to move: not a lag
  });

  it("reports a cardholder the portal does not know, with its email masked", () => {
    const findings = compare([], [upstream({ id: "ch_x", status: "SUCCESS", cards: [{ id: "card_1", status: "ACTIVE" }] })]);
    expect(findings).toEqual([
      {
        kind: "unknown_cardholder",
        applicationId: null,
        cardholderId: "ch_x",
        detail: {
          issuer_status: "SUCCESS",
          issuer_kyc_status: "NOT_STARTED",
          product_id: "prod_a",
          cards: 1,
          email_masked: "a***@e***.com",
        },
      },
    ]);
    expect(JSON.stringify(findings)).not.toContain("ada");
  });

  it("reports a state the transition rules would move (a lost webhook)", () => {
    const [f] = compare([row()], [upstream({ status: "SUCCESS" })]);
    expect(f).toMatchObject({
      kind: "lagging_state",
      applicationId: "app_1",
      detail: { portal_state: "submitted", expected_state: "approved" },
    });
    expect(compare([row({ state: "kyc_pending" })], [upstream({ kycStatus: "REJECTED" })])[0]?.detail).toMatchObject({
      expected_state: "kyc_rejected",
    });
    expect(compare([row({ state: "kyc_pending" })], [upstream({ status: "FAILED" })])[0]?.detail).toMatchObject({
      expected_state: "failed",
    });
  });

  it("waits for VERIFIED when the application has a KYC method", () => {
    const pending = row({ state: "kyc_pending", kycMethod: "REDIRECT_LINK", upstreamStatus: "SUCCESS", upstreamKycStatus: "PENDING" });
    expect(compare([pending], [upstream({ status: "SUCCESS", kycStatus: "PENDING" })])).toEqual([]);
    expect(compare([pending], [upstream({ status: "SUCCESS", kycStatus: "VERIFIED" })])[0]?.kind).toBe("lagging_state");
  });

  it("reports stored statuses that differ even when no move follows (a final state)", () => {
    const done = row({ state: "card_issued", upstreamStatus: "SUCCESS", upstreamKycStatus: "NOT_STARTED", knownCardIds: ["card_1"] });
    const [f] = compare([done], [upstream({ status: "FAILED", cards: [{ id: "card_1", status: "ACTIVE" }] })]);
    expect(f).toMatchObject({
      kind: "lagging_state",
      detail: { expected_state: "card_issued", stored_status: "SUCCESS", issuer_status: "FAILED" },
    });
  });

  it("reports cards the portal did not record, and only those", () => {
    const known = row({ state: "card_issued", upstreamStatus: "SUCCESS", upstreamKycStatus: "NOT_STARTED", knownCardIds: ["card_1"] });
    const cards = [
      { id: "card_1", status: "ACTIVE" },
      { id: "card_2", status: "ACTIVE" },
    ];
    const findings = compare([known], [upstream({ status: "SUCCESS", cards })]);
    expect(findings).toEqual([
      {
        kind: "unrecorded_card",
        applicationId: "app_1",
        cardholderId: "ch_1",
        detail: { card_id: "card_2", card_status: "ACTIVE", portal_state: "card_issued" },
      },
    ]);
    expect(countFindings(findings)).toEqual({ unknownCardholders: 0, laggingStates: 0, unrecordedCards: 1 });
  });

  it("leaves the portal's applications the issuer did not list alone (another page's business or erased)", () => {
    expect(compare([row(), row({ id: "app_2", cardholderId: "ch_2" })], [upstream()])).toEqual([]);
  });
});

describe("maskEmail", () => {
  it("keeps one letter of each part and the top-level domain", () => {
    expect(maskEmail("grace.hopper@navy.mil")).toBe("g***@n***.mil");
    expect(maskEmail(undefined)).toBeNull();
    expect(maskEmail("not-an-email")).toBeNull();
  });
});
