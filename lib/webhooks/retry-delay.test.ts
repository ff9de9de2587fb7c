import { describe, expect, it } from "vitest";
import { MAX_PROCESS_ATTEMPTS, processRetryDelayMs } from "@/lib/webhooks/processor";

describe("processRetryDelayMs", () => {
  it("starts at 1 s and doubles, at most 5 minutes", () => {
    expect([1, 2, 3, 8].map((n) => processRetryDelayMs(n))).toEqual([1_000, 2_000, 4_000, 128_000]);
    expect(processRetryDelayMs(20)).toBe(300_000);
  });

  it("starts at WEBHOOK_RETRY_BASE_MS when given: from 100 ms, the waits before the eighth try are 12.7 s in all", () => {
    const waits = Array.from({ length: MAX_PROCESS_ATTEMPTS - 1 }, (_, i) => processRetryDelayMs(i + 1, 100));
    expect(waits[0]).toBe(100);
    expect(waits.reduce((a, b) => a + b, 0)).toBe(12_700);
  });
});
