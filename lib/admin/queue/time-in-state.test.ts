import { describe, expect, it } from "vitest";
import { formatSpan, spanOf } from "@/lib/admin/queue/time-in-state";

const NOW = new Date("2026-06-15T12:00:00Z");
const ago = (ms: number) => new Date(NOW.getTime() - ms);

describe("time in state", () => {
  it("answers minutes under an hour, hours under two days, then days", () => {
    expect(spanOf(ago(59 * 60_000), NOW)).toEqual({ unit: "minute", value: 59 });
    expect(spanOf(ago(60 * 60_000), NOW)).toEqual({ unit: "hour", value: 1 });
    expect(spanOf(ago(47.9 * 3_600_000), NOW)).toEqual({ unit: "hour", value: 47 });
    expect(spanOf(ago(50 * 3_600_000), NOW)).toEqual({ unit: "day", value: 2 });
    expect(spanOf(new Date(NOW.getTime() + 5000), NOW)).toEqual({ unit: "minute", value: 0 });
  });

  it("names the unit in the reader's language, with its plural", () => {
    expect(formatSpan({ unit: "day", value: 1 }, "en")).toBe("1 day");
    expect(formatSpan({ unit: "day", value: 3 }, "en")).toBe("3 days");
    expect(formatSpan({ unit: "hour", value: 5 }, "zh-CN")).toBe("5小时");
  });
});
