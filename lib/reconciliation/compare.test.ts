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
  submittedAt: new Date("2030-01-01T00:00:00Z"),
  knownCardIds: [],
  ...over,
});
const upstream = (over: Partial<ListedCardholder> = {}): ListedCardholder => ({
  id: "ch_1",
  status: "PENDING",
  kycStatus: "NOT_STARTED",
  productId: "prod_a",
  email: "ada@example.com",
  cardsListed: true,
  cards: [],
  ...over,
});

/** A complete read of the issuer's list, begun after the rows above reached it. */
const READ = { complete: true, startedAt: new Date("2030-01-02T00:00:00Z") };
const check = (portal: PortalRow[], issuer: ListedCardholder[], read = READ) => compare(portal, issuer, read);

describe("compare", () => {
  it("finds nothing when both sides agree", () => {
    expect(check([row({ upstreamStatus: "PENDING", upstreamKycStatus: "NOT_STARTED" })], [upstream()])).toEqual([]);
    expect(check([row()], [upstream()])).toEqual([]); // never stored yet, nothing to move: not a lag
  });

  it("reports a cardholder the portal does not know, with its email masked", () => {
    const findings = check([], [upstream({ id: "ch_x", status: "SUCCESS", cards: [{ id: "card_1", status: "ACTIVE" }] })]);
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
    const [f] = check([row()], [upstream({ status: "SUCCESS" })]);
    expect(f).toMatchObject({
      kind: "lagging_state",
      applicationId: "app_1",
      detail: { portal_state: "submitted", expected_state: "approved" },
    });
    expect(check([row({ state: "kyc_pending" })], [upstream({ kycStatus: "REJECTED" })])[0]?.detail).toMatchObject({
      expected_state: "kyc_rejected",
    });
    expect(check([row({ state: "kyc_pending" })], [upstream({ status: "FAILED" })])[0]?.detail).toMatchObject({
      expected_state: "failed",
    });
  });

  it("waits for VERIFIED when the application has a KYC method", () => {
    const pending = row({ state: "kyc_pending", kycMethod: "REDIRECT_LINK", upstreamStatus: "SUCCESS", upstreamKycStatus: "PENDING" });
    expect(check([pending], [upstream({ status: "SUCCESS", kycStatus: "PENDING" })])).toEqual([]);
    expect(check([pending], [upstream({ status: "SUCCESS", kycStatus: "VERIFIED" })])[0]?.kind).toBe("lagging_state");
  });

  it("reports stored statuses that differ even when no move follows (a final state)", () => {
    const done = row({ state: "card_issued", upstreamStatus: "SUCCESS", upstreamKycStatus: "NOT_STARTED", knownCardIds: ["card_1"] });
    const [f] = check([done], [upstream({ status: "FAILED", cards: [{ id: "card_1", status: "ACTIVE" }] })]);
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
    const findings = check([known], [upstream({ status: "SUCCESS", cards })]);
    expect(findings).toEqual([
      {
        kind: "unrecorded_card",
        applicationId: "app_1",
        cardholderId: "ch_1",
        detail: { card_id: "card_2", card_status: "ACTIVE", portal_state: "card_issued" },
      },
    ]);
    expect(countFindings(findings)).toEqual({
      unknownCardholders: 0,
      laggingStates: 0,
      unrecordedCards: 1,
      missingCardholders: 0,
      missingCards: 0,
    });
  });

  it("reports the portal's cardholders a complete list does not contain (the issuer answers 404 for them)", () => {
    const gone = row({ id: "app_2", cardholderId: "ch_2", state: "card_issued", upstreamStatus: "SUCCESS", knownCardIds: ["card_9"] });
    const findings = check([row(), gone], [upstream()]);
    expect(findings).toEqual([
      {
        kind: "missing_cardholder",
        applicationId: "app_2",
        cardholderId: "ch_2",
        detail: { portal_state: "card_issued", stored_status: "SUCCESS", cards: 1 },
      },
    ]);
    expect(countFindings(findings)).toMatchObject({ missingCardholders: 1, unknownCardholders: 0 });
  });

  it("calls nothing missing from a list read only in part, nor what reached the issuer after the list was read", () => {
    const gone = row({ id: "app_2", cardholderId: "ch_2" });
    expect(check([row(), gone], [upstream()], { ...READ, complete: false })).toEqual([]);
    const newer = row({ id: "app_3", cardholderId: "ch_3", submittedAt: new Date("2030-01-03T00:00:00Z") });
    expect(check([row(), newer], [upstream()])).toEqual([]);
  });

  it("reports a card the portal recorded that the issuer no longer lists, unless the list carries no cards", () => {
    const issued = row({
      state: "card_issued",
      upstreamStatus: "SUCCESS",
      upstreamKycStatus: "NOT_STARTED",
      knownCardIds: ["card_1", "card_1"],
    });
    const findings = check([issued], [upstream({ status: "SUCCESS" })]);
    expect(findings).toEqual([
      { kind: "missing_card", applicationId: "app_1", cardholderId: "ch_1", detail: { card_id: "card_1", portal_state: "card_issued" } },
    ]);
    expect(countFindings(findings).missingCards).toBe(1);
    expect(check([issued], [upstream({ status: "SUCCESS", cardsListed: false })])).toEqual([]);
  });

  it("finds drift both ways in one comparison", () => {
    const portal = [row(), row({ id: "app_2", cardholderId: "ch_2" })];
    const kinds = check(portal, [upstream(), upstream({ id: "ch_x" })]).map((f) => [f.kind, f.cardholderId]);
    expect(kinds).toEqual([
      ["missing_cardholder", "ch_2"],
      ["unknown_cardholder", "ch_x"],
    ]);
  });
});

describe("maskEmail", () => {
  it("keeps one letter of each part and the top-level domain", () => {
    expect(maskEmail("grace.hopper@navy.mil")).toBe("g***@n***.mil");
    expect(maskEmail(undefined)).toBeNull();
    expect(maskEmail("not-an-email")).toBeNull();
  });
});
