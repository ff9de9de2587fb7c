import { describe, expect, it } from "vitest";
import {
  abandonedOf,
  dashboardParamsSchema,
  durationParts,
  funnelOf,
  periodOf,
  REFUSAL_REASONS,
  refusalReasonOf,
  refusalsOf,
  sinceYesterdayFigures,
  sinceYesterdayOf,
  trendOf,
} from "@/lib/admin/dashboard/figures";
import { adminDashboardEn } from "@/lib/i18n/messages/admin-dashboard-en";
import { adminDashboardZhCN } from "@/lib/i18n/messages/admin-dashboard-zh-cn";
import { parseEnv } from "@/lib/env";

// The dashboard's pure rules: the period from the URL, the funnel's conversions, durations, refusal reasons, idle drafts.

const NOW = new Date("2026-06-30T15:30:00Z");

describe("the period in the URL", () => {
  it("defaults to the last 30 days up to today, whole UTC days", () => {
    const p = periodOf({}, NOW);
    expect([p.from, p.to]).toEqual(["2026-06-01", "2026-06-30"]);
    expect(p.start.toISOString()).toBe("2026-06-01T00:00:00.000Z");
    expect(p.end.toISOString()).toBe("2026-07-01T00:00:00.000Z");
  });

  it("reads its days in the staff member's zone", () => {
    const p = periodOf({ from: "2026-10-25", to: "2026-10-25" }, NOW, "Europe/Paris");
    expect([p.start.toISOString(), p.end.toISOString()]).toEqual(["2026-10-24T22:00:00.000Z", "2026-10-25T23:00:00.000Z"]);
    // 15:30 UTC on June 30 is already July 1 in Kiritimati: the default period ends there.
    expect(periodOf({}, NOW, "Pacific/Kiritimati")).toMatchObject({ from: "2026-06-02", to: "2026-07-01" });
  });

  it("takes the chosen days, puts reversed bounds in order, and ignores what is malformed", () => {
    expect(periodOf({ from: "2026-05-01", to: "2026-05-10" }, NOW)).toMatchObject({ from: "2026-05-01", to: "2026-05-10" });
    expect(periodOf({ from: "2026-05-10", to: "2026-05-01" }, NOW)).toMatchObject({ from: "2026-05-01", to: "2026-05-10" });
    expect(periodOf({ from: "2026-02-30" }, NOW)).toMatchObject({ from: "2026-06-01", to: "2026-06-30" });
    expect(periodOf({ to: "2026-03-31" }, NOW)).toMatchObject({ from: "2026-03-02", to: "2026-03-31" });
    expect(dashboardParamsSchema.parse({ from: "yesterday", to: ["x"], product: "" })).toEqual({});
    expect(dashboardParamsSchema.parse({ product: "prod_a" })).toEqual({ product: "prod_a" });
  });
});

describe("the funnel", () => {
  it("gives each step's conversion from the previous one, its drop-off and its share of those started", () => {
    const steps = funnelOf({ started: 10, submitted: 8, verified: 6, approved: 6, issued: 3 });
    expect(steps.map((s) => [s.stage, s.conversion, s.dropOff, s.ofStarted])).toEqual([
      ["started", null, 0, 1],
      ["submitted", 0.8, 2, 0.8],
      ["verified", 0.75, 2, 0.6],
      ["approved", 1, 0, 0.6],
      ["issued", 0.5, 3, 0.3],
    ]);
  });

  it("has no conversion to show when nothing reached the previous stage", () => {
    const steps = funnelOf({ started: 0, submitted: 0, verified: 0, approved: 0, issued: 0 });
    expect(steps.map((s) => s.conversion)).toEqual([null, null, null, null, null]);
    expect(steps.every((s) => s.dropOff === 0 && s.ofStarted === null)).toBe(true);
  });
});

describe("durations", () => {
  it("show their two largest units", () => {
    expect(durationParts(0)).toEqual([{ unit: "s", value: 0 }]);
    expect(durationParts(42.4)).toEqual([{ unit: "s", value: 42 }]);
    expect(durationParts(250)).toEqual([
      { unit: "min", value: 4 },
      { unit: "s", value: 10 },
    ]);
    expect(durationParts(3 * 3600 + 59)).toEqual([{ unit: "h", value: 3 }]);
    expect(durationParts(86_400 + 2 * 3600 + 5 * 60)).toEqual([
      { unit: "d", value: 1 },
      { unit: "h", value: 2 },
    ]);
  });
});

describe("refusal reasons", () => {
  it("maps the issuer's codes, a rejected identity check whatever its code, and the rest to other", () => {
    expect(refusalReasonOf("failed", "COUNTRY_RESTRICTION")).toBe("country_restriction");
    expect(refusalReasonOf("failed", "CARDHOLDER_FIELDS_INCOMPLETE")).toBe("fields_incomplete");
    expect(refusalReasonOf("kyc_rejected", null)).toBe("kyc_rejected");
    expect(refusalReasonOf("failed", "CARDHOLDER_KYC_REJECTED")).toBe("kyc_rejected");
    expect(refusalReasonOf("failed", "STAFF_FAILED")).toBe("other");
    expect(refusalReasonOf("failed", null)).toBe("other");
    expect(
      refusalsOf([
        { state: "failed", code: "STAFF_FAILED", count: 2 },
        { state: "failed", code: null, count: 1 },
        { state: "kyc_rejected", code: "CARDHOLDER_KYC_REJECTED", count: 4 },
      ]),
    ).toEqual([
      { reason: "country_restriction", count: 0 },
      { reason: "kyc_rejected", count: 4 },
      { reason: "fields_incomplete", count: 0 },
      { reason: "cardholder_failed", count: 0 },
      { reason: "other", count: 3 },
    ]);
  });
});

describe("idle drafts", () => {
  it("are listed in the form's step order, with drafts that saved no step first and unknown steps last", () => {
    expect(
      abandonedOf([
        { step: "old-step", count: 1 },
        { step: "address", count: 2 },
        { step: null, count: 5 },
      ]),
    ).toEqual([
      { step: "none", count: 5 },
      { step: "about-you", count: 0 },
      { step: "contact", count: 0 },
      { step: "address", count: 2 },
      { step: "identity-document", count: 0 },
      { step: "verification", count: 0 },
      { step: "old-step", count: 1 },
    ]);
  });
});

describe("ADMIN_BALANCE_WARNING", () => {
  it("is read as a whole amount, unset by default, and refused when not a number", () => {
    const set = parseEnv({ ADMIN_BALANCE_WARNING: "25000" });
    expect(set.ok && set.env.balanceWarningMajorUnits).toBe(25000);
    const unset = parseEnv({});
    expect(unset.ok && unset.env.balanceWarningMajorUnits).toBeUndefined();
    const bad = parseEnv({ ADMIN_BALANCE_WARNING: "lots" });
    expect(bad.ok ? [] : bad.problems.join("\n")).toMatch(/ADMIN_BALANCE_WARNING/);
  });
});

describe("since yesterday", () => {
  it("is yesterday as a whole UTC day, against the day before, and today so far", () => {
    const w = sinceYesterdayOf(new Date("2026-03-01T00:30:00Z"));
    expect([w.previousStart, w.previousEnd, w.start, w.end, w.now].map((d) => d.toISOString())).toEqual([
      "2026-02-27T00:00:00.000Z",
      "2026-02-28T00:00:00.000Z",
      "2026-02-28T00:00:00.000Z",
      "2026-03-01T00:00:00.000Z",
      "2026-03-01T00:30:00.000Z",
    ]);
  });

  it("is yesterday in the staff member's zone: Paris on the day after its return to winter time, Kiritimati ahead of UTC", () => {
    const paris = sinceYesterdayOf(new Date("2026-10-26T08:00:00Z"), "Europe/Paris");
    expect([paris.previousStart, paris.start, paris.end].map((d) => d.toISOString())).toEqual([
      "2026-10-23T22:00:00.000Z",
      "2026-10-24T22:00:00.000Z",
      "2026-10-25T23:00:00.000Z",
    ]);
    // 20:00 UTC on the 25th is already the 26th at UTC+14: yesterday there is the 25th.
    const east = sinceYesterdayOf(new Date("2026-11-25T20:00:00Z"), "Pacific/Kiritimati");
    expect([east.start, east.end].map((d) => d.toISOString())).toEqual(["2026-11-24T10:00:00.000Z", "2026-11-25T10:00:00.000Z"]);
  });

  it("says each figure's trend against the day before", () => {
    expect([trendOf(52, 40), trendOf(3, 7), trendOf(5, 5)]).toEqual([
      { delta: 12, direction: "up" },
      { delta: -4, direction: "down" },
      { delta: 0, direction: "same" },
    ]);
    const figures = sinceYesterdayFigures({
      arrived: { current: 52, previous: 40, today: 9 },
      finished: { current: 0, previous: 2, today: 0 },
      failed: { current: 1, previous: 1, today: 3 },
    });
    expect(figures.map((f) => [f.figure, f.count, f.trend.delta, f.trend.direction, f.today])).toEqual([
      ["arrived", 52, 12, "up", 9],
      ["finished", 0, -2, "down", 0],
      ["failed", 1, 0, "same", 3],
    ]);
  });

  it("names CARDHOLDER_FAILED as such, not as another reason", () => {
    expect(refusalReasonOf("failed", "CARDHOLDER_FAILED")).toBe("cardholder_failed");
    expect(REFUSAL_REASONS).toContain("cardholder_failed");
    expect(adminDashboardEn.refusals.reasons.cardholder_failed).toMatch(/CARDHOLDER_FAILED/);
    expect(adminDashboardZhCN.refusals.reasons.cardholder_failed).toMatch(/CARDHOLDER_FAILED/);
  });
});
