import { describe, expect, it } from "vitest";
import { NO_POSTCODE } from "@/lib/requirements/address-formats";
import { buildFormPlan } from "@/lib/requirements/plan";
import { premium, simplified, travel } from "@/lib/requirements/testing/sample-products";
import { withMobileCountry, withNoPostcodeFilled } from "@/lib/requirements/upstream-fill";

const hk = { country: "HK", city: "Central", line1: "1 Queen's Road" };

describe("what the portal fills in before sending", () => {
  it("derives mobile_country from the calling code where the product names it, over anything sent", () => {
    const plan = buildFormPlan(premium());
    expect(withMobileCountry(plan, { area_code: "+44", mobile_number: "7700900123", nationality: "JE", mobile_country: "FR" })).toEqual({
      area_code: "+44",
      mobile_number: "7700900123",
      nationality: "JE",
      mobile_country: "JE",
    });
    expect(withMobileCountry(plan, { area_code: "+852", mobile_number: "91234567" })).toMatchObject({ mobile_country: "HK" });
    // A product without the field: nothing added.
    expect(withMobileCountry(buildFormPlan(simplified()), { area_code: "+852", mobile_number: "91234567" })).toEqual({
      area_code: "+852",
      mobile_number: "91234567",
    });
  });

  it("gives a required postcode of an address in a country without postcodes the agreed stand-in", () => {
    const plan = buildFormPlan(premium());
    expect(withNoPostcodeFilled(plan, { billing_address: hk, residential_address: hk })).toEqual({
      billing_address: { ...hk, postcode: NO_POSTCODE },
      residential_address: { ...hk, postcode: NO_POSTCODE },
    });
    const uk = { country: "GB", city: "London", line1: "1 Road", postcode: "SW1A 2AA" };
    expect(withNoPostcodeFilled(plan, { billing_address: uk })).toEqual({ billing_address: uk });
    expect(withNoPostcodeFilled(buildFormPlan(travel()), { delivery_address: hk })).toEqual({
      delivery_address: { ...hk, postcode: NO_POSTCODE },
    });
    expect(withNoPostcodeFilled(buildFormPlan(simplified()), { billing_address: hk })).toEqual({ billing_address: hk });
  });
});
