import { describe, expect, it } from "vitest";
import { fieldApplies } from "@/lib/requirements/conditions";
import { buildFormPlan, planFields } from "@/lib/requirements/plan";
import { address, identity, parse, valid } from "@/lib/requirements/testing/fixtures";
import { premium, simplified, travel } from "@/lib/requirements/testing/sample-products";

// Issue #28 item 6: the answers fit the person's country, with the same rules in the browser and on the server.

const hk = { country: "HK", city: "Central", line1: "1 Queen's Road Central", state: "Hong Kong Island" };

describe("addresses by country", () => {
  it("a Hong Kong address needs no postcode; a UK one still does", () => {
    expect(parse(premium(), { ...valid(premium()), billing_address: hk })).toEqual({ ok: { ...valid(premium()), billing_address: hk } });
    const { postcode: _dropped, ...ukWithout } = address;
    expect(parse(premium(), { ...valid(premium()), billing_address: ukWithout }).errors).toEqual({
      "billing_address.postcode": "errors.field.required",
    });
    expect(parse(premium(), { billing_address: hk }, "address")).toEqual({ ok: { billing_address: hk } });
  });

  it("parts a country does not write are not asked and not kept (a UK address has no state or district)", () => {
    const result = parse(premium(), { billing_address: { ...address, state: "Greater London", district: "Westminster" } }, "address");
    expect(result).toEqual({ ok: { billing_address: address } });
    const us = { country: "US", city: "Boston", line1: "1 Main St", state: "MA", postcode: "02134" };
    expect(parse(premium(), { billing_address: us }, "address")).toEqual({ ok: { billing_address: us } });
    // A Hong Kong postcode typed anyway is dropped, not sent.
    expect(parse(premium(), { billing_address: { ...hk, postcode: "999077" } }, "address")).toEqual({ ok: { billing_address: hk } });
  });

  it("the browser's question list agrees: postcode, state and district by country, everything while none is chosen", () => {
    const fields = planFields(buildFormPlan(premium())).filter((f) => f.group === "billing_address");
    const asked = (country: string) => fields.filter((f) => fieldApplies(f, { billing_address: { country } })).map((f) => f.name);
    expect(asked("GB")).toEqual(["country", "line1", "line2", "city", "postcode"]);
    expect(asked("HK")).toEqual(["country", "line1", "line2", "city", "state"]);
    expect(asked("")).toEqual(["country", "line1", "line2", "district", "city", "state", "postcode"]);
    expect(fields.find((f) => f.name === "postcode")).toMatchObject({ required: true, byCountry: true });
  });
});

describe("mobile numbers in any written form", () => {
  it("are stored as the same national number", () => {
    for (const typed of ["+44 7700 900123", "07700 900123", "(07700) 900-123", "+44 (0)7700 900123"]) {
      expect(parse(simplified(), { ...valid(simplified()), mobile_number: typed }), typed).toEqual({ ok: valid(simplified()) });
    }
  });

  it("refuse one written with another calling code than the one chosen", () => {
    expect(parse(simplified(), { ...valid(simplified()), area_code: "+852", mobile_number: "+44 7700 900123" }).errors).toEqual({
      mobile_number: "errors.field.mobile_number",
    });
    expect(parse(simplified(), { ...valid(simplified()), area_code: "", mobile_number: "+44 7700 900123" }).errors).toMatchObject({
      area_code: "errors.field.required",
    });
  });
});

describe("identity numbers as printed", () => {
  it("a Hong Kong identity card typed with its brackets is stored as the issuer's letters and digits", () => {
    const card = { ...identity, type: "HK_HKID", number: "a123456(3)", back_file_id: "file_back" };
    const result = parse(travel(), { ...valid(travel()), identity: card });
    expect(result.ok?.identity).toMatchObject({ type: "HK_HKID", number: "A1234563" });
  });

  it("a Hong Kong identity card number that does not add up is refused with a clear message", () => {
    const card = { ...identity, type: "HK_HKID", number: "A123456(7)", back_file_id: "file_back" };
    expect(parse(travel(), { ...valid(travel()), identity: card }).errors).toEqual({ "identity.number": "errors.field.hkid_check" });
    const short = { ...card, number: "A12345(6)" };
    expect(parse(travel(), { ...valid(travel()), identity: short }).errors).toEqual({ "identity.number": "errors.field.hkid_format" });
  });

  it("a passport number typed with spaces and in lower case is kept in capitals without them", () => {
    const result = parse(travel(), { ...valid(travel()), identity: { ...identity, number: "p12 345 678" } });
    expect(result.ok?.identity).toMatchObject({ number: "P12345678" });
  });
});
