import { describe, expect, it } from "vitest";
import { dateLocaleOf } from "@/lib/i18n/date-locale";

describe("the locale of dates", () => {
  it("follows the browser's region within the page's language", () => {
    expect(dateLocaleOf("en", "en-GB,en;q=0.9")).toBe("en-GB");
    expect(dateLocaleOf("en", "fr-FR,en-AU;q=0.8,en-GB;q=0.5")).toBe("en-AU");
    expect(
      new Intl.DateTimeFormat(dateLocaleOf("en", "en-GB"), { dateStyle: "long", timeZone: "UTC" }).format(new Date("1990-05-17")),
    ).toBe("17 May 1990");
  });

  it("keeps the page's language when the browser asks for nothing of it, or for something malformed", () => {
    expect(dateLocaleOf("en", "de-DE,fr;q=0.5")).toBe("en");
    expect(dateLocaleOf("en", null)).toBe("en");
    expect(dateLocaleOf("en", "en-,en-!!")).toBe("en");
    expect(dateLocaleOf("zh-CN", "zh-TW,zh;q=0.9")).toBe("zh-TW");
    expect(dateLocaleOf("zh-CN", "en-GB")).toBe("zh-CN");
  });
});
