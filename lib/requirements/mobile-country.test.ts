import { describe, expect, it } from "vitest";
import { callingCodeOf } from "@/lib/i18n/calling-codes";
import { mobileCountryOf } from "@/lib/requirements/mobile-country";

describe("the mobile number's country", () => {
  it("follows from the calling code, and from the number where the code is shared", () => {
    expect(mobileCountryOf("+852", "91234567")).toBe("HK");
    expect(mobileCountryOf("+1", "2025550143")).toBe("US");
    expect(mobileCountryOf("+1", "4165550143")).toBe("CA");
    expect(mobileCountryOf("+44", "7781123456")).toBe("GG");
    expect(mobileCountryOf("+7", "7012345678")).toBe("KZ");
  });

  it("where the number cannot tell, is the nationality if it shares the code, else the code's main country", () => {
    expect(mobileCountryOf("+44", "7700900123")).toBe("GB");
    expect(mobileCountryOf("+44", "7700900123", "JE")).toBe("JE");
    expect(mobileCountryOf("+44", "7700900123", "FR")).toBe("GB");
    expect(mobileCountryOf("+999", "1234567")).toBeUndefined();
    expect(mobileCountryOf("44", "7700900123")).toBeUndefined();
  });

  it("gives the calling code to suggest from a nationality", () => {
    expect(callingCodeOf("GB")).toBe("+44");
    expect(callingCodeOf("hk")).toBe("+852");
    expect(callingCodeOf("AQ")).toBeUndefined();
    expect(callingCodeOf(undefined)).toBeUndefined();
  });
});
