import { describe, expect, it } from "vitest";
import { COUNTRY_CODES, isCountryCode } from "@/lib/countries";
import { CALLING_CODES, MAIN_COUNTRIES } from "@/lib/i18n/calling-codes";
import { callingCodeOptions, countryName, countrySelectOptions } from "@/lib/i18n/countries";
import { AREA_CODE_RE } from "@/lib/requirements/limits";

describe("countryName", () => {
  it("names a country in the reader's language", () => {
    expect(countryName("GB", "en")).toBe("United Kingdom");
    expect(countryName("GB", "zh-CN")).toBe("英国");
    expect(countryName("DE", "zh-CN")).toBe("德国");
    expect(countryName("gb", "en")).toBe("United Kingdom");
  });

  it("returns malformed codes unchanged", () => {
    expect(countryName("G1", "en")).toBe("G1");
    expect(countryName("", "zh-CN")).toBe("");
    expect(countryName("GBR", "en")).toBe("GBR");
  });

  it("has a name for every assigned code", () => {
    for (const code of COUNTRY_CODES) expect(countryName(code, "zh-CN"), code).not.toBe(code);
  });
});

describe("countrySelectOptions", () => {
  it("sorts by the localised name", () => {
    expect(countrySelectOptions(["US", "DE", "GB"], "en")).toEqual([
      { value: "DE", label: "Germany" },
      { value: "GB", label: "United Kingdom" },
      { value: "US", label: "United States" },
    ]);
    // Pinyin order: de, mei, ying.
    expect(countrySelectOptions(["GB", "US", "DE"], "zh-CN").map((o) => o.label)).toEqual(["德国", "美国", "英国"]);
  });

  it("drops duplicates", () => {
    expect(countrySelectOptions(["FR", "FR"], "en")).toEqual([{ value: "FR", label: "France" }]);
  });
});

describe("calling codes", () => {
  it("are well formed, for assigned country codes", () => {
    for (const [country, digits] of Object.entries(CALLING_CODES)) {
      expect(isCountryCode(country), country).toBe(true);
      expect(AREA_CODE_RE.test(`+${digits}`), country).toBe(true);
    }
    for (const [value, main] of Object.entries(MAIN_COUNTRIES)) {
      for (const country of main) expect(`+${CALLING_CODES[country]}`, country).toBe(value);
    }
    expect(CALLING_CODES.GB).toBe("44");
    expect(CALLING_CODES.CN).toBe("86");
    expect(CALLING_CODES.HK).toBe("852");
  });

  it("give options for a product's allowed codes", () => {
    // The code first (a narrow select cuts the end of the text), in the order of the codes.
    expect(callingCodeOptions(["+44", "+1"])).toEqual([
      { value: "+1", label: "+1 United States, Canada…" },
      { value: "+44", label: "+44 United Kingdom, Guernsey…" },
    ]);
    expect(callingCodeOptions(["+86", "+7"], "zh-CN")).toEqual([
      { value: "+7", label: "+7 俄罗斯、哈萨克斯坦" },
      { value: "+86", label: "+86 中国" },
    ]);
    expect(callingCodeOptions(["+999"])).toEqual([{ value: "+999", label: "+999" }]);
  });

  it("give one option per code for all countries", () => {
    const all = callingCodeOptions();
    const values = all.map((o) => o.value);
    expect(new Set(values).size).toBe(values.length);
    expect(Object.keys(CALLING_CODES).length).toBeGreaterThanOrEqual(200);
    expect(values.length).toBeGreaterThan(200);
    expect(all).toContainEqual({ value: "+49", label: "+49 Germany" });
    const zh = callingCodeOptions(undefined, "zh-CN");
    expect(zh).toContainEqual({ value: "+44", label: "+44 英国、根西岛等" });
    for (const option of all) expect(option.value).toMatch(AREA_CODE_RE);
  });
});
