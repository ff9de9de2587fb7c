import { describe, expect, it } from "vitest";
import { buildFormPlan, isAlwaysRequired, planFields } from "@/lib/requirements/plan";
import { CATALOG, corporate, premium, simplified, travel } from "@/lib/requirements/testing/sample-products";
import { address, identity, parse, person, valid } from "@/lib/requirements/testing/fixtures";
import type { FieldDescriptor, ProductRequirements } from "@/lib/requirements/types";

describe("buildCardholderSchema over the built-in catalog", () => {
  it.each(CATALOG.map((p) => [p.id, p] as const))("%s: accepts its minimal valid cardholder unchanged", (_id, product) => {
    expect(parse(product, valid(product))).toEqual({ ok: valid(product) });
  });

  it.each(CATALOG.map((p) => [p.id, p] as const))("%s: reports every always-required field of an empty form", (_id, product) => {
    const plan = buildFormPlan(product);
    const required = planFields(plan)
      .filter((f) => isAlwaysRequired(plan, f))
      .map((f) => f.path);
    const result = parse(product, {});
    expect(Object.keys(result.errors ?? {}).sort()).toEqual(required.sort());
    expect(new Set(Object.values(result.errors ?? {}))).toEqual(new Set(["errors.field.required"]));
  });

  it("treats blank strings and null as missing", () => {
    const result = parse(simplified(), { ...person, first_name: "   ", email: null, mobile_number: "" });
    expect(result.errors).toEqual({
      first_name: "errors.field.required",
      email: "errors.field.required",
      mobile_number: "errors.field.required",
    });
  });

  it("outputs a payload ready to send: trimmed, normalised, gender as a number, blanks and unknown keys removed", () => {
    const result = parse(premium(), {
      ...valid(premium()),
      first_name: "  Ada ",
      gender: "1",
      nationality: "gb",
      mobile_number: "7700 900-123",
      mobile_country: " ",
      not_in_the_product: "dropped",
      identity: { ...identity, issue_date: "", back_file_id: "  " },
      billing_address: { ...address, state: "", line2: " Flat 2 " },
      residential_address: { country: "", city: "  " },
    });
    expect(result).toEqual({
      ok: {
        ...valid(premium()),
        first_name: "Ada",
        gender: 1,
        nationality: "GB",
        billing_address: { ...address, line2: "Flat 2" },
      },
    });
  });

  it("accepts optional descriptors when given and checks them", () => {
    expect(parse(simplified(), { ...person, birth_date: "1990-01-01", gender: 0 })).toEqual({
      ok: { ...person, birth_date: "1990-01-01", gender: 0 },
    });
    expect(parse(simplified(), { ...person, birth_date: "2010-01-01", gender: 5 }).errors).toEqual({
      birth_date: "errors.field.adult",
      gender: "errors.field.gender",
    });
  });

  it("an optional address may be left out, but once started is completed: one message, on its first missing answer", () => {
    expect(parse(travel(), { ...valid(travel()), delivery_address: { country: "", line2: "  " } })).toEqual({ ok: valid(travel()) });
    // The country is the first box of an address (its other boxes follow from it).
    expect(parse(travel(), { ...valid(travel()), delivery_address: { city: "Paris" } }).errors).toEqual({
      "delivery_address.country": "errors.field.group_incomplete",
    });
    const paris = { country: "FR", city: "Paris", line1: "1 Rue de Rivoli" };
    expect(parse(travel(), { ...valid(travel()), delivery_address: paris }).errors).toEqual({
      "delivery_address.postcode": "errors.field.group_incomplete",
    });
  });

  it("reports format errors on nested paths and refuses non-objects for objects", () => {
    const result = parse(premium(), {
      ...valid(premium()),
      identity: { ...identity, number: "12", expiry_date: "2020-01-01" },
      billing_address: { ...address, postcode: "1", line1: "a;b" },
      kyc_verification: "REDIRECT_LINK",
    });
    expect(result.errors).toEqual({
      "identity.number": "errors.field.identity_number",
      "identity.expiry_date": "errors.field.document_expired",
      "billing_address.postcode": "errors.field.postcode",
      "billing_address.line1": "errors.field.address",
      kyc_verification: "errors.field.invalid",
    });
  });

  it("checks identity dates against today and each other", () => {
    expect(
      parse(travel(), { ...valid(travel()), identity: { ...identity, issue_date: "2026-11-22", expiry_date: "2026-11-23" } }),
    ).toHaveProperty("ok");
    // An issue date in the future is reported, and so is an expiry that does not follow it.
    expect(
      parse(travel(), { ...valid(travel()), identity: { ...identity, issue_date: "2031-01-01", expiry_date: "2030-01-01" } }).errors,
    ).toEqual({
      "identity.issue_date": "errors.field.date_in_future",
      "identity.expiry_date": "errors.field.expiry_before_issue",
    });
  });

  it("a required object with no required member still needs one answer", () => {
    const product: ProductRequirements = {
      ...simplified(),
      requiredFields: [
        {
          name: "preferences",
          type: "object",
          required: true,
          fields: [{ name: "language", type: "string", required: false }],
        } as FieldDescriptor,
      ],
    };
    expect(parse(product, {}).errors).toEqual({ "preferences.language": "errors.field.required" });
    expect(parse(product, { preferences: { language: "fr" } })).toEqual({ ok: { preferences: { language: "fr" } } });
  });

  it("unknown descriptors accept a trimmed text of up to 200 characters", () => {
    const product: ProductRequirements = { ...simplified(), requiredFields: [{ name: "loyalty_number", type: "integer", required: true }] };
    expect(parse(product, { loyalty_number: "  LN-42 " })).toEqual({ ok: { loyalty_number: "LN-42" } });
    expect(parse(product, { loyalty_number: "x".repeat(201) }).errors).toEqual({ loyalty_number: "errors.field.max_200" });
    expect(parse(product, {}).errors).toEqual({ loyalty_number: "errors.field.required" });
  });

  it("refuses a payload that is not an object", () => {
    expect(parse(simplified(), "Ada").errors).toEqual({ _form: "errors.field.invalid" });
  });
});

describe("step schemas", () => {
  it("check and return only the person's fields of that step", () => {
    const all = { ...valid(premium()), email: "bad" };
    expect(parse(premium(), all, "about-you")).toEqual({
      ok: { first_name: "Ada", last_name: "Lovelace", birth_date: "1990-12-10", gender: 2, nationality: "GB" },
    });
    expect(parse(premium(), all, "contact").errors).toEqual({ email: "errors.field.email" });
    expect(parse(premium(), {}, "identity-document").errors).toEqual({
      "identity.type": "errors.field.required",
      "identity.number": "errors.field.required",
      "identity.issue_country": "errors.field.required",
      "identity.expiry_date": "errors.field.required",
      "identity.front_file_id": "errors.field.required",
    });
  });

  it("leave the portal's hidden verification fields to the whole-cardholder check", () => {
    expect(parse(premium(), {}, "verification")).toEqual({ ok: {} });
    expect(parse(corporate(), { kyc_verification: { method: "SELFIE" } }, "verification")).toEqual({ ok: {} });
    expect(parse(corporate(), { ...valid(corporate()), kyc_verification: { method: "SELFIE" } }).errors).toEqual({
      "kyc_verification.method": "errors.field.kyc_method",
    });
  });

  it("a step the product does not have accepts nothing but an empty object", () => {
    expect(parse(simplified(), { ...valid(simplified()) }, "address")).toEqual({ ok: {} });
  });
});
