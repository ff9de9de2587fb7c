import { describe, expect, it } from "vitest";
import { formatInternational, knowsCallingCode, normaliseMobile } from "@/lib/requirements/phone";

describe("mobile numbers", () => {
  it("are stored without the trunk prefix people type at home", () => {
    expect(normaliseMobile("+44", "07700 900123")).toBe("7700900123");
    expect(normaliseMobile("+44", "7700-900-123")).toBe("7700900123");
    expect(normaliseMobile("+1", "(202) 555-0143")).toBe("2025550143");
  });

  it("are read in any usual written form, international included, as the same number", () => {
    for (const typed of ["+44 7700 900123", "07700 900123", "(07700) 900-123", "+44 (0)7700 900123", "7700.900.123", "+447700900123"]) {
      expect(normaliseMobile("+44", typed), typed).toBe("7700900123");
    }
    expect(normaliseMobile("+852", "+852 9123 4567")).toBe("91234567");
    // Written with another country's code than the one chosen: not this number.
    expect(normaliseMobile("+852", "+44 7700 900123")).toBeUndefined();
    expect(normaliseMobile("+44", "+4")).toBeUndefined();
  });

  it("refuse numbers that cannot be dialled with the calling code", () => {
    expect(normaliseMobile("+44", "123")).toBeUndefined();
    expect(normaliseMobile("+852", "7700900123")).toBeUndefined();
    expect(normaliseMobile("+44", "7700a")).toBeUndefined();
    expect(knowsCallingCode("+44")).toBe(true);
    expect(knowsCallingCode("+999")).toBe(false);
  });

  it("read in international form", () => {
    expect(formatInternational("+44", "7700900123")).toBe("+44 7700 900123");
    expect(formatInternational("+1", "2025550143")).toBe("+1 202 555 0143");
    expect(formatInternational("+999", "1234")).toBe("+999 1234");
  });
});
