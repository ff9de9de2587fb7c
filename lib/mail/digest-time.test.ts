import { describe, expect, it } from "vitest";
import { digestDedupeKey, digestDueDay } from "@/lib/mail/digest-time";

// The daily email's "is it time" rule: from the configured UTC hour to the end of that UTC day, once per day.

const at = (iso: string) => new Date(iso);

describe("digestDueDay", () => {
  it("is due from the hour on, for the UTC day of now", () => {
    expect(digestDueDay(at("2026-05-04T07:59:59.999Z"), 8)).toBeUndefined();
    expect(digestDueDay(at("2026-05-04T08:00:00.000Z"), 8)).toBe("2026-05-04");
    expect(digestDueDay(at("2026-05-04T23:59:59.999Z"), 8)).toBe("2026-05-04");
    expect(digestDueDay(at("2026-05-05T00:00:00.000Z"), 8)).toBeUndefined();
  });

  it("counts in UTC, whatever the offset the time was written with", () => {
    // 09:30 in Shanghai is 01:30 UTC: not yet 08:00 UTC.
    expect(digestDueDay(at("2026-05-04T09:30:00+08:00"), 8)).toBeUndefined();
    // 20:00 in New York on the 4th is 00:00 UTC on the 5th: the 5th's digest at hour 0.
    expect(digestDueDay(at("2026-05-04T20:00:00-04:00"), 0)).toBe("2026-05-05");
  });

  it("hour 0 is due all day, hour 23 only in the last hour", () => {
    expect(digestDueDay(at("2026-12-31T00:00:00Z"), 0)).toBe("2026-12-31");
    expect(digestDueDay(at("2026-12-31T22:59:00Z"), 23)).toBeUndefined();
    expect(digestDueDay(at("2026-12-31T23:00:00Z"), 23)).toBe("2026-12-31");
  });

  it("is never due without a valid hour", () => {
    for (const hour of [undefined, -1, 24, 7.5]) expect(digestDueDay(at("2026-05-04T12:00:00Z"), hour)).toBeUndefined();
  });

  it("keys one digest per admin and day", () => {
    expect(digestDedupeKey("2026-05-04", "staff-1")).toBe("digest:2026-05-04:staff-1");
  });
});
