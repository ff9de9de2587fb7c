import { describe, expect, it } from "vitest";
import builtIn from "@/lib/sandbox/data/products.json";
import type { FieldDescriptor, SandboxProduct } from "@/lib/sandbox/products";
import { checkFormats, isPresent, missingFields, pickKnownFields } from "@/lib/sandbox/rules/cardholder";
import { ageOn, parseDate } from "@/lib/sandbox/rules/formats";
import { countryRestrictions } from "@/lib/sandbox/rules/restrictions";

const NOW = new Date("2026-11-22T12:00:00Z");
const product = (id: string) => (builtIn as SandboxProduct[]).find((p) => p.id === id) as SandboxProduct;
const premium = product("prod_premium_enhanced_eur");
const travel = product("prod_travel_standard_usd");

const fullEnhanced = {
  first_name: "Ada",
  last_name: "Lovelace",
  email: "ada@example.com",
  birth_date: "1990-12-10",
  gender: 2,
  nationality: "GB",
  area_code: "+44",
  mobile_number: "7700900123",
  identity: { type: "PASSPORT", number: "123456789", issue_country: "GB", expiry_date: "2030-01-01", front_file_id: "file_a" },
  billing_address: { country: "GB", city: "London", line1: "10 Downing St.", postcode: "SW1A 2AA" },
  kyc_verification: { method: "REDIRECT_LINK" },
};

describe("dates", () => {
  it("accepts only real calendar dates in YYYY-MM-DD", () => {
    expect(parseDate("2024-02-29")?.toISOString()).toBe("2024-02-29T00:00:00.000Z");
    for (const bad of ["2023-02-29", "2024-13-01", "24-01-01", "2024/01/01", 20240101, ""]) expect(parseDate(bad)).toBeUndefined();
  });
  it("counts age in whole years, birthday included", () => {
    expect(ageOn(new Date("2008-11-22T00:00:00Z"), NOW)).toBe(18);
    expect(ageOn(new Date("2008-11-23T00:00:00Z"), NOW)).toBe(17);
  });
});

describe("checkFormats", () => {
  it("passes a complete, well-formed Enhanced cardholder and collects its file ids", () => {
    const { errors, fileIds } = checkFormats(fullEnhanced, NOW);
    expect(errors).toEqual({});
    expect([...fileIds.entries()]).toEqual([["identity.front_file_id", "file_a"]]);
  });

  it.each([
    ["email", { email: "not-an-email" }],
    ["birth_date", { birth_date: "2010-01-01" }],
    ["birth_date", { birth_date: "1990-02-30" }],
    ["gender", { gender: 7 }],
    ["area_code", { area_code: "44" }],
    ["mobile_number", { mobile_number: "+44 7700" }],
    ["nationality", { nationality: "XX" }],
    ["ssn", { ssn: "12345678" }],
    ["first_name", { first_name: "R2-D2" }],
  ])("reports %s", (path, patch) => {
    expect(Object.keys(checkFormats({ ...fullEnhanced, ...patch }, NOW).errors)).toEqual([path]);
  });

  it("applies the spec's address characters and postcode length", () => {
    const bad = { country: "GB", city: "London", line1: "Flat 1; DROP TABLE", postcode: "SW1" };
    expect(checkFormats({ billing_address: bad }, NOW).errors).toEqual({
      "billing_address.line1": expect.stringContaining("letters, digits"),
      "billing_address.postcode": expect.stringContaining("4 to 10"),
    });
    expect(checkFormats({ delivery_address: { line1: "12/B (rear), O'Neil & Sons #3 - Mühlenstraße" } }, NOW).errors).toEqual({});
  });

  it("checks identity dates and types", () => {
    const identity = { type: "VISA", issue_date: "2027-01-01", expiry_date: "2020-01-01" };
    expect(Object.keys(checkFormats({ identity }, NOW).errors).sort()).toEqual([
      "identity.expiry_date",
      "identity.issue_date",
      "identity.type",
    ]);
    const swapped = { type: "PASSPORT", issue_date: "2025-01-01", expiry_date: "2024-12-31" };
    expect(checkFormats({ identity: swapped }, NOW).errors["identity.expiry_date"]).toMatch(/expired|after/);
  });

  it("keeps kyc_proof to THIRD_PARTY and checks its reference length and documents", () => {
    expect(checkFormats({ kyc_verification: { method: "REDIRECT_LINK", kyc_proof: {} } }, NOW).errors).toHaveProperty(
      "kyc_verification.kyc_proof",
    );
    const proof = { provider: "Acme KYC", reference_id: "short", documents: [{ file_id: "file_b" }] };
    const { errors, fileIds } = checkFormats({ kyc_verification: { method: "THIRD_PARTY", kyc_proof: proof } }, NOW);
    expect(Object.keys(errors).sort()).toEqual([
      "kyc_verification.kyc_proof.documents.0.report_type",
      "kyc_verification.kyc_proof.reference_id",
    ]);
    expect(fileIds.get("kyc_verification.kyc_proof.documents.0.file_id")).toBe("file_b");
    expect(
      checkFormats({ kyc_verification: { method: "THIRD_PARTY", kyc_proof: { reference_id: "x".repeat(129) } } }, NOW).errors,
    ).toHaveProperty("kyc_verification.kyc_proof.reference_id");
  });
});

describe("missingFields", () => {
  it("finds nothing missing in a complete cardholder", () => {
    expect(missingFields(premium.cardholder_required_fields, fullEnhanced)).toEqual([]);
  });

  it("descends into objects and reports required leaves only (optional sub-fields are never missing)", () => {
    const { billing_address: _b, identity: _i, ...rest } = fullEnhanced;
    const missing = missingFields(premium.cardholder_required_fields, { ...rest, billing_address: { country: "GB" } });
    expect(missing).toEqual([
      "identity.type",
      "identity.number",
      "identity.issue_country",
      "identity.expiry_date",
      "identity.front_file_id",
      "billing_address.city",
      "billing_address.line1",
      "billing_address.postcode",
    ]);
  });

  it("asks ssn only of US nationals, and the back side only of non-passport documents", () => {
    expect(missingFields(premium.cardholder_required_fields, { ...fullEnhanced, nationality: "US" })).toEqual(["ssn"]);
    const idCard = { ...fullEnhanced, identity: { ...fullEnhanced.identity, type: "ID_CARD" } };
    expect(missingFields(premium.cardholder_required_fields, idCard)).toEqual(["identity.back_file_id"]);
  });

  it("asks a proof of THIRD_PARTY verification", () => {
    const thirdParty = { ...fullEnhanced, kyc_verification: { method: "THIRD_PARTY" } };
    expect(missingFields(travel.cardholder_required_fields, thirdParty)).toEqual([
      "kyc_verification.kyc_proof.provider",
      "kyc_verification.kyc_proof.reference_id",
      "kyc_verification.kyc_proof.documents",
    ]);
  });

  it("treats blank strings, empty arrays and empty objects as missing", () => {
    const descriptors: FieldDescriptor[] = [
      { name: "a", type: "string", required: true },
      { name: "b", type: "array", required: true },
      { name: "c", type: "object", required: true, fields: [{ name: "x", type: "string", required: false }] },
    ];
    expect(missingFields(descriptors, { a: "  ", b: [], c: {} })).toEqual(["a", "b", "c"]);
    expect([isPresent(0), isPresent(false), isPresent({ x: "" })]).toEqual([true, true, false]);
  });

  it("keeps only the fields the spec names", () => {
    expect(pickKnownFields({ first_name: "A", admin: true, card_product_id: "p" })).toEqual({ first_name: "A" });
  });
});

describe("countryRestrictions", () => {
  it("passes an eligible cardholder", () => expect(countryRestrictions(premium, fullEnhanced)).toEqual([]));

  it("reports billing region, unsupported nationality and area code", () => {
    const issues = countryRestrictions(premium, {
      ...fullEnhanced,
      nationality: "BR",
      area_code: "+55",
      billing_address: { country: "BR" },
    });
    expect(issues.map((i) => i.field)).toEqual(["billing_address.country", "nationality", "area_code"]);
  });

  it("reports a sanctioned nationality even where every nationality is otherwise supported", () => {
    expect(countryRestrictions(travel, { nationality: "KP" })).toEqual([
      { field: "nationality", value: "KP", message: expect.stringContaining("not eligible") },
    ]);
    expect(countryRestrictions(travel, { nationality: "BR", area_code: "+55" })).toEqual([]);
  });
});
