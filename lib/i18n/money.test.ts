import { describe, expect, it } from "vitest";
import { formatAmount } from "@/lib/i18n/money";

// "\u00a0": Intl puts a no-break space between a currency code and the number.
const plain = (s: string) => s.replace(/\u00a0/g, " ");

describe("amounts in the reader's language", () => {
  it("write thousands separators and the currency's decimals", () => {
    expect(plain(formatAmount("1234567.5", "USD", "en"))).toBe("USD 1,234,567.50");
    expect(plain(formatAmount("1234567.5", "USD", "zh-CN"))).toBe("USD 1,234,567.50");
    expect(plain(formatAmount("1500", "JPY", "en"))).toBe("JPY 1,500");
    expect(plain(formatAmount("-12.3", "EUR", "en"))).toBe("-EUR 12.30");
  });

  it("round nothing and lose no digit beyond what a float holds", () => {
    expect(plain(formatAmount("0.001", "USD", "en"))).toBe("USD 0.001");
    expect(plain(formatAmount("12345678901234567.89", "USD", "en"))).toBe("USD 12,345,678,901,234,567.89");
  });

  it("leave what is not a plain decimal, or an unknown currency, as it came", () => {
    expect(formatAmount("1e5", "USD", "en")).toBe("1e5 USD");
    expect(formatAmount("12.00", "NOT A CODE", "en")).toBe("12.00 NOT A CODE");
    expect(plain(formatAmount("12", null, "en"))).toBe("12");
  });
});
