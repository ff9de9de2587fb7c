import { describe, expect, it } from "vitest";
import { buildTable } from "../../scripts/country-names.mjs";
import { COUNTRY_CODES } from "@/lib/countries";
import { CALLING_CODES } from "@/lib/i18n/calling-codes";
import { callingCodeOptions, countryName, countrySelectOptions } from "@/lib/i18n/countries";
import { COUNTRY_NAMES } from "@/lib/i18n/country-names-data";
import { LOCALES } from "@/lib/i18n/config";

describe("country names", () => {
  it("are the table derived from the CLDR as installed (run scripts/country-names.mjs after an upgrade)", () => {
    expect(COUNTRY_NAMES).toEqual(buildTable());
  });

  it("name every country the portal lists and every country with a calling code, in each language", () => {
    for (const locale of LOCALES) {
      for (const code of [...COUNTRY_CODES, ...Object.keys(CALLING_CODES)]) {
        expect(countryName(code, locale), `${locale} ${code}`).not.toBe(code);
      }
    }
  });

  it("call a country the same in every list: the country select, the calling codes and a plain mention", () => {
    for (const [locale, name] of [
      ["en", "Hong Kong"],
      ["zh-CN", "香港"],
    ] as const) {
      expect(countryName("HK", locale)).toBe(name);
      expect(countrySelectOptions(["HK"], locale)).toEqual([{ value: "HK", label: name }]);
      expect(callingCodeOptions(["+852"], locale)).toEqual([{ value: "+852", label: `+852 ${name}` }]);
    }
    expect(countryName("MM", "en")).toBe("Myanmar");
  });

  it("keep the table's order, whatever the runtime's collation would say", () => {
    for (const locale of LOCALES) {
      const codes = COUNTRY_NAMES[locale].map(([code]) => code);
      expect(countrySelectOptions([...codes].reverse(), locale).map((o) => o.value)).toEqual(codes);
    }
  });
});
