import { describe, expect, it } from "vitest";
import { sampleRateFor, stageTimings } from "@/lib/db/dashboard-timings";
import { applications } from "@/lib/db/schema";
import { testEngines, useTestDatabase } from "@/lib/db/testing";

// The stage times of a period: of every application up to EXACT_TIMINGS_UP_TO, of a 1-in-2^t sample (sample_tier)
// beyond; the sample is the tiers >= t, so a row's tier alone decides whether it is read.

describe("sampleRateFor", () => {
  it("samples only past the limit, by the smallest power of two that brings the period under it, at most 1 in 4096", () => {
    expect([0, 20_000, 20_001, 40_000, 40_001, 333_333, 1_000_000].map((n) => sampleRateFor(n))).toEqual([1, 1, 2, 2, 4, 32, 64]);
    expect(sampleRateFor(10, 2)).toBe(8);
    expect(sampleRateFor(1e12)).toBe(4096);
  });
});

const at = (minutes: number) => new Date(Date.UTC(2026, 5, 10, 8) + minutes * 60_000);

describe.each(testEngines())("stage times on %s", (_engine, open) => {
  const database = useTestDatabase(open);

  it("reads every application, or only the tiers of the sample", async () => {
    const db = database().db;
    // Tier i % 4 and i + 1 minutes from start to submission: tiers >= 2 are i = 2, 3, 6, 7, 10, 11 (3, 4, 7, 8, 11, 12 min).
    for (let i = 0; i < 12; i++)
      await db.insert(applications).values({
        id: `app_timing${String(i).padStart(16, "0")}`,
        productId: "prod_t",
        kycLevel: "Basic",
        state: "submitted",
        draftCiphertext: "sealed",
        resumeHash: `timing-${i}`,
        resumeExpiresAt: at(0),
        createdAt: at(i),
        firstSubmittedAt: at(2 * i + 1),
        sampleTier: i % 4,
      });
    const scope = { from: at(-60), to: at(60) };
    const all = await stageTimings(db, scope);
    expect([all.oneIn, all.startedToSubmitted.samples, all.startedToSubmitted.median]).toEqual([1, 12, 6.5 * 60]);
    const sample = await stageTimings(db, scope, 4);
    expect([sample.oneIn, sample.startedToSubmitted.samples, sample.startedToSubmitted.median]).toEqual([4, 6, 7.5 * 60]);
    expect((await stageTimings(db, scope, 8)).startedToSubmitted.samples).toBe(3); // tier 3: i = 3, 7, 11
    expect((await stageTimings(db, { ...scope, productId: "prod_other" }, 4)).startedToSubmitted).toEqual({
      samples: 0,
      median: null,
      p90: null,
    });
  });
});
