import { describe, expect, it } from "vitest";
import { buildTable } from "../../scripts/address-formats.mjs";
import { COUNTRY_CODES } from "@/lib/countries";
import { dynamicEn, dynamicZhCN } from "@/lib/i18n/form-texts";
import { ADDRESS_FORMATS } from "@/lib/requirements/address-formats-data";
import {
  addressFormat,
  countryHasPostcodes,
  countryUses,
  PART_LABEL_KEYS,
  partLabelKey,
  partOrder,
} from "@/lib/requirements/address-formats";

describe("address formats", () => {
  it("are the table derived from Google's address metadata as installed (run scripts/address-formats.mjs after an upgrade)", () => {
    expect(ADDRESS_FORMATS).toEqual(buildTable());
    expect(Object.keys(ADDRESS_FORMATS).length).toBeGreaterThan(240);
  });

  it("ask a postcode only where the country has postcodes", () => {
    for (const code of ["GB", "US", "DE", "FR", "CN", "JP", "SG", "AU", "NL", "IE", "IN"])
      expect(countryHasPostcodes(code), code).toBe(true);
    for (const code of ["HK", "AE", "MO", "QA", "BS", "AG"]) expect(countryHasPostcodes(code), code).toBe(false);
    // An unknown or unchosen country: every part is asked.
    expect(countryUses(undefined, "postcode")).toBe(true);
    expect(countryUses("", "state")).toBe(true);
    expect(countryUses("gb", "postcode")).toBe(true);
  });

  it("leave out the parts a country does not write (no state or district in a UK address)", () => {
    expect(countryUses("GB", "state")).toBe(false);
    expect(countryUses("GB", "district")).toBe(false);
    expect(countryUses("US", "state")).toBe(true);
    expect(countryUses("HK", "state")).toBe(true);
    expect(countryUses("CN", "district")).toBe(true);
    // The street and the city are always there.
    expect(countryUses("AE", "line1")).toBe(true);
  });

  it("order the parts as the country writes them, its own script's order for a Chinese reader", () => {
    expect(partOrder("GB", "en")).toEqual(["country", "line1", "line2", "city", "postcode"]);
    expect(partOrder("US", "en")).toEqual(["country", "line1", "line2", "city", "state", "postcode"]);
    expect(partOrder("HK", "en")).toEqual(["country", "line1", "line2", "city", "state"]);
    expect(partOrder("HK", "zh-CN")).toEqual(["country", "state", "city", "line1", "line2"]);
    expect(partOrder("CN", "zh-CN")).toEqual(["country", "postcode", "state", "city", "district", "line1", "line2"]);
    expect(partOrder("GB", "zh-CN")).toEqual(partOrder("GB", "en"));
    expect(partOrder(undefined, "en")).toBeUndefined();
    // Not in the metadata: street and city, as its default format says.
    expect(addressFormat("AQ")).toEqual(ADDRESS_FORMATS.AQ ?? { o: "AC" });
  });

  it("name the parts as the country does, in both languages", () => {
    expect(partLabelKey("US", "postcode")).toBe("addressParts.postcode_zip");
    expect(partLabelKey("GB", "postcode")).toBe("addressParts.postcode_postal");
    expect(partLabelKey("GB", "city")).toBe("addressParts.city_post_town");
    expect(partLabelKey("HK", "state")).toBe("addressParts.state_area");
    expect(partLabelKey("HK", "city")).toBe("addressParts.city_district");
    expect(partLabelKey("HK", "postcode")).toBeUndefined();
    expect(partLabelKey(undefined, "state")).toBeUndefined();
    const used = new Set(
      COUNTRY_CODES.flatMap((c) => ["state", "city", "district", "postcode"].map((p) => partLabelKey(c, p))).filter(Boolean),
    );
    for (const key of used) expect(PART_LABEL_KEYS, String(key)).toContain(key);
    for (const key of PART_LABEL_KEYS) {
      expect(dynamicEn[key], key).toBeTruthy();
      expect(dynamicZhCN[key], key).toBeTruthy();
    }
  });
});
