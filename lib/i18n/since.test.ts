import { describe, expect, it } from "vitest";
import { formatSince, readerLocale } from "@/lib/i18n/since";

describe("formatSince", () => {
  const since = new Date("2026-11-27T08:42:00Z");

  it("gives the time alone on the same day, in the reader's zone and way of writing", () => {
    const now = new Date("2026-11-27T09:00:00Z");
    expect(formatSince(since, now, "en-GB", "Europe/London")).toBe("08:42");
    expect(formatSince(since, now, "en-GB", "Asia/Tokyo")).toBe("17:42");
    expect(formatSince(since, now, "zh-CN", "Asia/Shanghai")).toBe("16:42");
    expect(formatSince(since, now, "en-US", "America/New_York")).toMatch(/^3:42\sAM$/);
  });

  it("adds the date when the day differs in that zone (not in UTC)", () => {
    // 08:42 UTC on the 27th is 03:42 in New York; 23:30 UTC on the 27th is the 28th in Tokyo.
    const now = new Date("2026-11-27T23:30:00Z");
    expect(formatSince(since, now, "en-GB", "UTC")).toBe("08:42");
    expect(formatSince(since, now, "en-GB", "Asia/Tokyo")).toBe("27 Nov 2026, 17:42");
    expect(formatSince(since, now, "zh-CN", "Asia/Tokyo")).toBe("2026年11月27日 17:42");
  });
});

describe("readerLocale", () => {
  it("takes the browser's variant of the page's language", () => {
    expect(readerLocale("en", ["en-GB", "en"])).toBe("en-GB");
    expect(readerLocale("en", ["fr-FR", "en-AU"])).toBe("en-AU");
    expect(readerLocale("zh-CN", ["zh-TW"])).toBe("zh-TW");
  });

  it("keeps the page's language when the browser has none of it, or only its bare name", () => {
    expect(readerLocale("zh-CN", ["en-US"])).toBe("zh-CN");
    expect(readerLocale("zh-CN", ["zh"])).toBe("zh-CN");
    expect(readerLocale("en", [])).toBe("en");
  });
});
