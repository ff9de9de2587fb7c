import { describe, expect, it } from "vitest";
import { cohortCountsOf } from "@/lib/admin/dashboard/cohort";
import type { Tally } from "@/lib/db/tallies";

const tally = (t: Partial<Tally> & Pick<Tally, "state" | "n">): Tally => ({
  withKyc: true,
  verifiedWaiting: false,
  submitted: false,
  approved: false,
  issued: false,
  failureCode: null,
  lastStep: null,
  ...t,
});

describe("cohortCountsOf", () => {
  it("counts the funnel: verified is approved with a check, submitted without one, or VERIFIED while still waiting", () => {
    const c = cohortCountsOf([
      tally({ state: "draft", n: 5, lastStep: "contact" }),
      tally({ state: "draft", n: 2 }),
      tally({ state: "kyc_pending", n: 3, submitted: true }),
      tally({ state: "kyc_pending", n: 1, submitted: true, verifiedWaiting: true }),
      tally({ state: "approved", n: 2, withKyc: false, submitted: true, approved: true }),
      tally({ state: "card_issued", n: 4, submitted: true, approved: true, issued: true }),
      tally({ state: "approved", n: 1, withKyc: false, submitted: true }),
    ]);
    expect([c.started, c.submitted, c.verified, c.approved, c.issued]).toEqual([18, 11, 8, 6, 4]);
    expect(c.states).toEqual({ draft: 7, kyc_pending: 4, approved: 3, card_issued: 4 });
    expect(c.draftsByStep).toEqual([
      { step: "contact", count: 5 },
      { step: null, count: 2 },
    ]);
  });

  it("groups refusals by state and code, and leaves out a state whose rows cancel out", () => {
    const c = cohortCountsOf([
      tally({ state: "failed", n: 2, failureCode: "COUNTRY_RESTRICTION" }),
      tally({ state: "failed", n: 1, failureCode: "COUNTRY_RESTRICTION", withKyc: false }),
      tally({ state: "kyc_rejected", n: 1 }),
      tally({ state: "submitted", n: 0 }),
    ]);
    expect(c.refusals).toEqual([
      { state: "failed", code: "COUNTRY_RESTRICTION", count: 3 },
      { state: "kyc_rejected", code: null, count: 1 },
    ]);
    expect(c.states).toEqual({ failed: 3, kyc_rejected: 1 });
  });
});
