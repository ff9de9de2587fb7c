import { describe, expect, it } from "vitest";
import { backoffCeilingMs, nextAttemptAt, RETRY_POLICY } from "@/lib/events/backoff";

describe("backoff", () => {
  it("doubles from 30 s and stops growing at 6 hours", () => {
    expect([1, 2, 3, 4].map((n) => backoffCeilingMs(n))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(backoffCeilingMs(10)).toBe(30_000 * 512);
    expect(backoffCeilingMs(11)).toBe(6 * 3_600_000);
    expect(backoffCeilingMs(500)).toBe(6 * 3_600_000);
  });

  it("waits a random part of the ceiling (full jitter)", () => {
    const created = new Date("2026-01-01T00:00:00Z");
    const now = new Date("2026-01-01T00:01:00Z");
    expect(nextAttemptAt(3, created, now, () => 0)?.getTime()).toBe(now.getTime());
    expect(nextAttemptAt(3, created, now, () => 0.5)?.getTime()).toBe(now.getTime() + 60_000);
    expect(nextAttemptAt(3, created, now, () => 0.999999)?.getTime()).toBe(now.getTime() + 119_999);
  });

  it("gives up once the next attempt would fall more than three days after the event", () => {
    const created = new Date("2026-01-01T00:00:00Z");
    const late = new Date(created.getTime() + RETRY_POLICY.windowMs - 60_000);
    expect(nextAttemptAt(20, created, late, () => 0)).toEqual(late);
    expect(nextAttemptAt(20, created, late, () => 0.5)).toBeUndefined();
  });

  it("retries for about three days: the expected attempts before giving up", () => {
    // With the mean wait (half the ceiling), the attempts that fit in the window.
    let elapsed = 0;
    let attempts = 1;
    while (elapsed + backoffCeilingMs(attempts) / 2 <= RETRY_POLICY.windowMs) elapsed += backoffCeilingMs(attempts++) / 2;
    expect(attempts).toBeGreaterThan(20);
    expect(attempts).toBeLessThan(40);
  });
});
