import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { periodOf } from "@/lib/admin/dashboard/figures";
import { dashboardFigures } from "@/lib/admin/dashboard/load";
import { NOW, SIMPLE_PRODUCT, seedDashboard } from "@/lib/admin/testing/dashboard-seed";
import { attentionCounts } from "@/lib/db/dashboard";
import { applications, webhookInbox } from "@/lib/db/schema";
import { overdueBefore } from "@/lib/db/work-queue";
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

    it("times a period past the limit from its sample tiers and says so, while every count stays exact", async () => {
      const exact = await figures();
      const sampled = () => dashboardFigures(handle.db, JUNE, undefined, NOW, 24, undefined, 2);
      await handle.db.update(applications).set({ sampleTier: 12 }); // every row in every sample
      expect([(await sampled()).timingsOneIn, exact.timingsOneIn]).toEqual([8, 1]);
      expect((await sampled()).timings).toEqual(exact.timings);
      expect((await sampled()).funnel).toEqual(exact.funnel);
      await handle.db.update(applications).set({ sampleTier: 0 }); // none in a 1-in-8 sample
      expect((await sampled()).timings.map((t) => t.samples)).toEqual([0, 0, 0, 0]);
      expect((await sampled()).states).toEqual(exact.states);
    });

    it("narrows every figure to one product", async () => {
      const { funnel, states, refusals } = await figures(SIMPLE_PRODUCT);
      expect(funnel.map((s) => s.count)).toEqual([6, 3, 3, 2, 1]);
      expect(states).toEqual({ card_issued: 1, approved: 1, draft: 2, failed: 2 });
      expect(refusals.filter((r) => r.count > 0).map((r) => r.reason)).toEqual(["fields_incomplete", "cardholder_failed"]);
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
        // The seed's CARDHOLDER_FAILED application: named as such, no longer "other".
        { reason: "cardholder_failed", count: 1 },
        { reason: "other", count: 0 },
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

    it("counts each needs-attention figure up to a cap, answering cap + 1 beyond it", async () => {
      const capped = await attentionCounts(handle.db, NOW, overdueBefore(NOW, 24), 1);
      expect(capped).toEqual({ failed: 2, kycRejected: 1, kycWaiting: 1, issuanceRetrying: 1, poisonedWebhook: 1, total: 2, overdue: 2 });
    });

    it("opens the one poisoned webhook event directly, and the inbox's poisoned events once there are more", async () => {
      expect((await figures()).poisonedHref).toBe("/admin/webhooks/evt_poisoned");
      await handle.db.insert(webhookInbox).values({
        eventId: "evt_poisoned_2",
        eventType: "cardholder.updated",
        eventAt: NOW,
        cardholderId: "ch_unknown",
        body: "x",
        headers: {},
        state: "poisoned",
      });
      expect((await figures()).poisonedHref).toBe("/admin/webhooks?state=poisoned");
      expect((await figures()).attention.poisonedWebhook).toBe(1); // the unknown cardholder's event has no application
      await handle.db.delete(webhookInbox).where(eq(webhookInbox.eventId, "evt_poisoned_2"));
    });

    it("counts an application in a state that needs nobody once a webhook event about it is poisoned", async () => {
      // k1 has its card: only the poisoned event puts it in the pile (the count's second branch, lib/db/dashboard.ts).
      const row = { eventType: "cardholder.updated", eventAt: NOW, body: "x", headers: {}, state: "poisoned" as const };
      await handle.db.insert(webhookInbox).values({ ...row, eventId: "evt_poisoned_k1", cardholderId: "ch_k1" });
      const { attention } = await figures();
      expect([attention.poisonedWebhook, attention.total, attention.failed]).toEqual([2, 7, 3]);
      await handle.db.delete(webhookInbox).where(eq(webhookInbox.eventId, "evt_poisoned_k1"));
      expect((await figures()).attention.total).toBe(6);
    });

    // Last: it adds timeline rows. NOW is 2026-06-30 12:00 UTC: yesterday is the 29th, the day before the 28th.
    it("counts what arrived, finished and failed yesterday against the day before and today so far, each application once", async () => {
      const before = (await figures()).sinceYesterday;
      expect([before.window.start, before.window.end, before.window.previousStart].map((d) => d.toISOString())).toEqual([
        "2026-06-29T00:00:00.000Z",
        "2026-06-30T00:00:00.000Z",
        "2026-06-28T00:00:00.000Z",
      ]);
      expect(before.needsPerson).toBe(6);
      const at = (hoursBeforeNow: number) => new Date(NOW.getTime() - hoursBeforeNow * 3_600_000).toISOString();
      const event = (app: string, from: string, to: string, hours: number) =>
        sql`insert into application_events (application_id, from_state, to_state, reason, created_at)
          values (${app}, ${from}, ${to}, 'seeded', ${at(hours)}::timestamptz)`;
      for (const q of [
        event("s4", "draft", "submitted", 2), // today
        event("k1", "draft", "submitted", 20), // yesterday
        event("s4", "draft", "submitted", 35), // yesterday
        event("k1", "card_issuing", "card_issued", 30), // yesterday
        event("k1", "submitted", "failed", 40), // the day before, twice: one application
        event("k1", "submitted", "failed", 41),
        event("k1", "failed", "failed", 20), // a step, not a failure
        event("s4", "draft", "submitted", 61), // before the day before: in no window
      ])
        await handle.db.execute(q);
      const by = (s: typeof before) => Object.fromEntries(s.figures.map((f) => [f.figure, f]));
      const was = by(before);
      const now = by((await figures()).sinceYesterday);
      expect(now.arrived?.count).toBe((was.arrived?.count ?? 0) + 2);
      expect(now.arrived?.trend.delta).toBe((was.arrived?.trend.delta ?? 0) + 2);
      expect(now.arrived?.today).toBe((was.arrived?.today ?? 0) + 1);
      expect(now.finished?.count).toBe((was.finished?.count ?? 0) + 1);
      expect(now.failed?.count).toBe(was.failed?.count);
      expect(now.failed?.trend.delta).toBe((was.failed?.trend.delta ?? 0) - 1);
    });
  });
}

for (const [engine, open] of testEngines()) figuresSuite(`dashboard figures on ${engine}`, open);
