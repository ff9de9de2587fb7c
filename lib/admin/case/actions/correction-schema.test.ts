import { describe, expect, it } from "vitest";
import type { RestrictionLists } from "@/lib/requirements/restrictions";
import { changedPaths, checkCorrection, type CorrectionContext } from "@/lib/admin/case/actions/correction-schema";

// The correction's own rules (issue #27, item 1): only what is sent is checked, with the cardholder form's
// cross-field rules. The same function runs in the browser and on the server.

const open: RestrictionLists = { supportBillingRegion: [], supportNationality: [], sanctionedNationality: [], supportAreaCode: [] };
const premium = { ...open, supportBillingRegion: ["GB", "DE"], supportAreaCode: ["+44", "+49"] };
const saved = { email: "ada@example.com", area_code: "+44", mobile_number: "7700900123" };
const ctx = (restrictions: RestrictionLists = open): CorrectionContext => ({ restrictions, saved });

describe("checkCorrection", () => {
  it("takes an email and a mobile alone: no address is asked for or added", () => {
    const result = checkCorrection({ email: "ada.new@example.com", mobile_number: "7700900999" }, ctx());
    expect(result).toEqual({ ok: true, data: { email: "ada.new@example.com", mobile_number: "7700900999" } });
  });

  it("stores a mobile typed with its trunk prefix without it, judged by the saved calling code", () => {
    expect(checkCorrection({ mobile_number: "07700 900999" }, ctx())).toMatchObject({ ok: true, data: { mobile_number: "7700900999" } });
  });

  it("refuses a mobile that cannot be dialled with its calling code, the sent one or the saved one", () => {
    expect(checkCorrection({ mobile_number: "123456" }, ctx())).toEqual({
      ok: false,
      fields: { mobile_number: "errors.field.mobile_number" },
    });
    expect(checkCorrection({ area_code: "+1" }, { restrictions: open, saved: { area_code: "+44", mobile_number: "0123" } })).toEqual({
      ok: false,
      fields: { mobile_number: "errors.field.mobile_number" },
    });
  });

  it("applies the product's calling-code and billing-region lists", () => {
    expect(checkCorrection({ area_code: "+33", mobile_number: "612345678" }, ctx(premium))).toEqual({
      ok: false,
      fields: { area_code: "errors.field.area_code_not_supported" },
    });
    const address = { country: "FR", city: "Paris", line1: "1 Rue de Rivoli", postcode: "75001" };
    expect(checkCorrection({ billing_address: address }, ctx(premium))).toEqual({
      ok: false,
      fields: { "billing_address.country": "errors.field.country_not_supported" },
    });
    expect(checkCorrection({ billing_address: { ...address, country: "DE" } }, ctx(premium))).toMatchObject({ ok: true });
  });

  it("names each problem of a sent address, and a sent field left blank as missing", () => {
    const result = checkCorrection({ email: " ", billing_address: { country: "GB", city: "", line1: "", postcode: "" } }, ctx());
    expect(result).toEqual({
      ok: false,
      fields: {
        email: "errors.field.required",
        "billing_address.city": "errors.field.required",
        "billing_address.line1": "errors.field.required",
        "billing_address.postcode": "errors.field.required",
      },
    });
  });

  it("asks a postcode only where the address's country has postcodes", () => {
    const hk = { country: "HK", city: "Central", line1: "1 Queen's Road" };
    expect(checkCorrection({ billing_address: hk }, ctx())).toMatchObject({ ok: true });
    expect(checkCorrection({ billing_address: { ...hk, postcode: "" } }, ctx())).toMatchObject({ ok: true });
    expect(checkCorrection({ billing_address: { ...hk, country: "GB" } }, ctx())).toEqual({
      ok: false,
      fields: { "billing_address.postcode": "errors.field.required" },
    });
    // Given where none is used, it is still checked.
    expect(checkCorrection({ billing_address: { ...hk, postcode: "1" } }, ctx())).toMatchObject({
      ok: false,
      fields: { "billing_address.postcode": "errors.field.postcode" },
    });
  });
});

describe("changedPaths", () => {
  it("lists only sent fields that differ from the saved answers", () => {
    expect(changedPaths(saved, { email: "ada@example.com", mobile_number: "7700900999" })).toEqual(["mobile_number"]);
    expect(changedPaths({ ...saved, billing_address: { country: "GB" } }, { email: "new@example.com" })).toEqual(["email"]);
  });
});
