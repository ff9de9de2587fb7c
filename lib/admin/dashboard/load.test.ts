import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { periodOf } from "@/lib/admin/dashboard/figures";
import { dashboardFigures } from "@/lib/admin/dashboard/load";
import { NOW, SIMPLE_PRODUCT, seedDashboard } from "@/lib/admin/testing/dashboard-seed";
import { testEngines } from "@/lib/db/testing";
import type { DbHandle } from "@/lib/db/types";

// The dashboard's figures against seeded applications with known counts and times (lib/admin/testing/dashboard-seed.ts),
// on PGlite, and on Postgres when TEST_DATABASE_URL is set.

const JUNE = periodOf({ from: "2026-06-01", to: "2026-06-30" }, NOW);
const minutes = (m: number) => m * 60;

function figuresSuite(name: string, open: () => Promise<{ handle: DbHandle; drop?: () => Promise<void> }>) {
  describe(name, () => {
    let handle: DbHandle;
    let drop: (() => Promise<void>) | undefined;
    beforeAll(async () => {
      ({ handle, drop } = await open());
      await seedDashboard(handle.db);
    });
    afterAll(async () => {
      await handle?.close();
      await drop?.();
    });
    const figures = (productId?: string) => dashboardFigures(handle.db, JUNE, productId, NOW, 24);

    it("counts the funnel with conversions and drop-off per step", async () => {
      const { funnel } = await figures();
      expect(funnel.map((s) => [s.stage, s.count, s.dropOff])).toEqual([
        ["started", 14, 0],
        ["submitted", 8, 6],
        ["verified", 7, 1],
        ["approved", 5, 2],
        ["issued", 3, 2],
      ]);
      expect(funnel.map((s) => s.conversion)).toEqual([null, 8 / 14, 7 / 8, 5 / 7, 3 / 5]);
      expect(funnel.at(-1)?.ofStarted).toBe(3 / 14);
    });

    it("computes the median and p90 time of each stage in SQL", async () => {
      const { timings } = await figures();
      const byKey = Object.fromEntries(timings.map((t) => [t.key, t]));
      expect(byKey.startedToSubmitted).toEqual({ key: "startedToSubmitted", samples: 8, median: minutes(15), p90: minutes(43) });
      expect(byKey.submittedToVerified).toEqual({ key: "submittedToVerified", samples: 3, median: minutes(110), p90: minutes(198) });
      expect(byKey.verifiedToApproved).toEqual({ key: "verifiedToApproved", samples: 2, median: minutes(20), p90: minutes(28) });
      expect(byKey.approvedToIssued?.samples).toBe(3);
      expect(byKey.approvedToIssued?.median).toBe(minutes(2));
      expect(byKey.approvedToIssued?.p90).toBeCloseTo(minutes(3.6), 6);
    });

    it("narrows every figure to one product", async () => {
      const { funnel, states, refusals } = await figures(SIMPLE_PRODUCT);
      expect(funnel.map((s) => s.count)).toEqual([6, 3, 3, 2, 1]);
      expect(states).toEqual({ card_issued: 1, approved: 1, draft: 2, failed: 2 });
      expect(refusals.filter((r) => r.count > 0).map((r) => r.reason)).toEqual(["fields_incomplete", "other"]);
    });

    it("counts the cohort by state, and nothing started outside the period", async () => {
      const { states } = await figures();
      expect(states).toEqual({ card_issued: 3, card_issuing: 1, kyc_rejected: 1, kyc_pending: 1, draft: 4, failed: 3, approved: 1 });
      const may = await dashboardFigures(handle.db, periodOf({ from: "2026-05-01", to: "2026-05-31" }, NOW), undefined, NOW, 24);
      expect(may.funnel.map((s) => s.count)).toEqual([1, 1, 1, 1, 1]);
    });

    it("counts drafts idle for more than 24 h by the last step saved", async () => {
      const { abandoned } = await figures();
      expect(abandoned).toEqual([
        { step: "none", count: 1 },
        { step: "about-you", count: 1 },
        { step: "contact", count: 1 },
        { step: "address", count: 0 },
        { step: "identity-document", count: 0 },
        { step: "verification", count: 0 },
      ]);
    });

    it("counts refusal reasons", async () => {
      const { refusals } = await figures();
      expect(refusals).toEqual([
        { reason: "country_restriction", count: 1 },
        { reason: "kyc_rejected", count: 1 },
        { reason: "fields_incomplete", count: 1 },
        { reason: "other", count: 1 },
      ]);
    });

    it("counts the needs-attention reasons as the work queue defines them", async () => {
      const { attention } = await figures();
      expect(attention).toEqual({
        failed: 3,
        kycRejected: 1,
        kycWaiting: 1,
        issuanceRetrying: 1,
        poisonedWebhook: 1,
        total: 6,
        overdue: 6,
      });
    });
  });
}

for (const [engine, open] of testEngines()) figuresSuite(`dashboard figures on ${engine}`, open);
