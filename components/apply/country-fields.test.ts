import { describe, expect, it } from "vitest";
import { countryAddressFields, withSuggestedCallingCode } from "@/components/apply/country-fields";
import { buildFormPlan, planFields } from "@/lib/requirements/plan";
import { premium, simplified } from "@/lib/requirements/testing/sample-products";

const fields = planFields(buildFormPlan(premium()));
const billing = fields.filter((f) => f.group === "billing_address");
const shown = (country: string, locale = "en") =>
  countryAddressFields(billing, { billing_address: { country } }, locale).map((f) => `${f.name}:${f.labelKey.split(".").at(-1)}`);

describe("an address fitted to its country", () => {
  it("keeps the plan's order and names until a country is chosen", () => {
    expect(countryAddressFields(billing, {}, "en")).toEqual(billing);
  });

  it("puts the parts in the country's order under its names", () => {
    const ordered = (country: string, locale = "en") => shown(country, locale).map((s) => s.split(":")[0]);
    // Fields the country does not write are filtered earlier (fieldApplies); here only order and names change.
    expect(ordered("US")).toEqual(["country", "line1", "line2", "city", "state", "postcode", "district"]);
    expect(shown("US")).toContain("postcode:postcode_zip");
    expect(shown("HK")).toEqual(expect.arrayContaining(["city:city_district", "state:state_area"]));
    expect(ordered("HK", "zh-CN").slice(0, 5)).toEqual(["country", "state", "city", "line1", "line2"]);
    expect(shown("GB")).toEqual(expect.arrayContaining(["city:city_post_town", "postcode:postcode_postal"]));
  });
});

describe("the calling code suggested from the nationality", () => {
  const contact = planFields(buildFormPlan(premium())).filter((f) => f.path === "area_code");
  it("fills an unanswered calling code only", () => {
    expect(withSuggestedCallingCode({ nationality: "GB" }, contact)).toEqual({ nationality: "GB", area_code: "+44" });
    expect(withSuggestedCallingCode({ nationality: "HK", area_code: "" }, contact)).toMatchObject({ area_code: "+852" });
    expect(withSuggestedCallingCode({ nationality: "GB", area_code: "+33" }, contact)).toMatchObject({ area_code: "+33" });
    expect(withSuggestedCallingCode({}, contact)).toEqual({});
    // A step without the question is left alone.
    const about = planFields(buildFormPlan(simplified())).filter((f) => f.path === "first_name");
    expect(withSuggestedCallingCode({ nationality: "GB" }, about)).toEqual({ nationality: "GB" });
  });
});
