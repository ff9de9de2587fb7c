import { describe, expect, it } from "vitest";
import { COUNTRY_CODES } from "@/lib/countries";
import { countryOptions } from "@/lib/requirements/schema";
import { corporate, premium, simplified, travel } from "@/lib/requirements/testing/sample-products";
import { address, identity, parse, valid } from "@/lib/requirements/testing/fixtures";
import type { ProductRequirements } from "@/lib/requirements/types";

const with_ = (product: ProductRequirements, patch: Record<string, unknown>) => parse(product, { ...valid(product), ...patch });

describe("conditional requirements", () => {
  it.each(["ID_CARD", "HK_HKID", "DLN"])("identity.back_file_id is required for %s, on that path", (type) => {
    // A Hong Kong identity card's number must add up (lib/requirements/identity-number.ts).
    const card = { ...identity, type, number: type === "HK_HKID" ? "A123456(3)" : identity.number };
    expect(with_(travel(), { identity: card }).errors).toEqual({ "identity.back_file_id": "errors.field.required" });
    expect(with_(travel(), { identity: { ...card, back_file_id: " " } }).errors).toEqual({
      "identity.back_file_id": "errors.field.required",
    });
    expect(with_(travel(), { identity: { ...card, back_file_id: "file_back" } })).toHaveProperty("ok");
  });

  it("identity.back_file_id is not asked for a passport: a value sent anyway is dropped, never checked or kept", () => {
    expect(with_(travel(), { identity })).toHaveProperty("ok");
    const sent = with_(travel(), { identity: { ...identity, back_file_id: "file back" } });
    expect(sent).toHaveProperty("ok");
    expect(JSON.stringify(sent)).not.toContain("file back");
    expect(with_(premium(), { identity: { ...identity, type: "DLN", back_file_id: "file back" } }).errors).toEqual({
      "identity.back_file_id": "errors.field.file_id",
    });
  });

  it("the back side is also required in the identity step alone", () => {
    expect(parse(premium(), { identity: { ...identity, type: "DLN" } }, "identity-document").errors).toEqual({
      "identity.back_file_id": "errors.field.required",
    });
  });

  it("ssn is required for US nationals when the product requires it, and optional otherwise", () => {
    expect(with_(premium(), { nationality: "US" }).errors).toEqual({ ssn: "errors.field.required" });
    expect(with_(premium(), { nationality: "us", ssn: "" }).errors).toEqual({ ssn: "errors.field.required" });
    expect(with_(premium(), { nationality: "US", ssn: "123-45-6789" })).toEqual({
      ok: { ...valid(premium()), nationality: "US", ssn: "123456789" },
    });
    expect(with_(premium(), { nationality: "US", ssn: "12345678" }).errors).toEqual({ ssn: "errors.field.ssn" });
    expect(with_(premium(), { nationality: "GB" })).toHaveProperty("ok");
    expect(with_(premium(), { nationality: "GB", ssn: "123456789" })).toHaveProperty("ok");
    // Not asked of others: an answer sent anyway is neither checked nor kept.
    expect(JSON.stringify(with_(premium(), { nationality: "GB", ssn: "12" }))).not.toContain('"ssn"');
    expect(
      parse(premium(), { first_name: "Ada", last_name: "L", birth_date: "1990-01-01", gender: 1, nationality: "US" }, "about-you").errors,
    ).toEqual({
      ssn: "errors.field.required",
    });
  });

  it("a product without an ssn descriptor never asks for it (and drops it)", () => {
    expect(with_(travel(), { nationality: "US", ssn: "123456789" })).toEqual({ ok: { ...valid(travel()), nationality: "US" } });
  });

  it("THIRD_PARTY verification needs the whole proof; REDIRECT_LINK takes none", () => {
    const proof = { provider: "Onfido", reference_id: "ref_0123456789", documents: [{ file_id: "file_idv", report_type: "IDV" }] };
    expect(with_(premium(), { kyc_verification: { method: "THIRD_PARTY" } }).errors).toEqual({
      "kyc_verification.kyc_proof.provider": "errors.field.required",
      "kyc_verification.kyc_proof.reference_id": "errors.field.required",
      "kyc_verification.kyc_proof.documents": "errors.field.required",
    });
    expect(with_(premium(), { kyc_verification: { method: "THIRD_PARTY", kyc_proof: proof } })).toEqual({
      ok: { ...valid(premium()), kyc_verification: { method: "THIRD_PARTY", kyc_proof: proof } },
    });
    expect(
      with_(premium(), { kyc_verification: { method: "THIRD_PARTY", kyc_proof: { ...proof, reference_id: "short" } } }).errors,
    ).toEqual({
      "kyc_verification.kyc_proof.reference_id": "errors.field.reference_id",
    });
    expect(with_(premium(), { kyc_verification: { method: "REDIRECT_LINK", kyc_proof: proof } }).errors).toEqual({
      "kyc_verification.kyc_proof": "errors.field.kyc_proof_not_allowed",
    });
    expect(with_(premium(), { kyc_verification: { method: "REDIRECT_LINK", kyc_proof: { provider: " " } } })).toHaveProperty("ok");
  });

  it("the portal's method is accepted by a Standard product that does not list kyc_verification", () => {
    const bare: ProductRequirements = { ...travel(), requiredFields: travel().requiredFields.filter((d) => d.name !== "kyc_verification") };
    expect(parse(bare, valid(travel()))).toEqual({ ok: valid(travel()) });
    expect(parse(bare, { ...valid(travel()), kyc_verification: undefined })).toHaveProperty("ok");
  });
});

describe("country restrictions", () => {
  it("refuses sanctioned nationalities", () => {
    for (const nationality of ["KP", "IR", "SY", "CU"]) {
      expect(with_(travel(), { nationality }).errors).toEqual({ nationality: "errors.field.country_not_supported" });
    }
    expect(with_(travel(), { nationality: "RU" }).errors).toEqual({ nationality: "errors.field.country_not_supported" });
    expect(with_(travel(), { nationality: "FR" })).toHaveProperty("ok");
  });

  it("allows only the supported nationalities when the product lists them", () => {
    expect(with_(premium(), { nationality: "JP" })).toHaveProperty("ok");
    expect(with_(premium(), { nationality: "IT" }).errors).toEqual({ nationality: "errors.field.country_not_supported" });
    expect(with_(premium(), { nationality: "XX" }).errors).toEqual({ nationality: "errors.field.country" });
    expect(parse(premium(), { nationality: "IT" }, "about-you").errors?.nationality).toBe("errors.field.country_not_supported");
  });

  it("allows only the supported billing regions, on billing_address.country", () => {
    expect(with_(premium(), { billing_address: { ...address, country: "FR" } })).toHaveProperty("ok");
    expect(with_(premium(), { billing_address: { ...address, country: "it" } }).errors).toEqual({
      "billing_address.country": "errors.field.country_not_supported",
    });
    // Other addresses are not restricted.
    expect(with_(premium(), { residential_address: { ...address, country: "IT" } })).toHaveProperty("ok");
    expect(parse(premium(), { billing_address: { ...address, country: "BR" } }, "address").errors).toEqual({
      "billing_address.country": "errors.field.country_not_supported",
    });
  });

  it("allows only the supported area codes", () => {
    expect(with_(premium(), { area_code: "+852", mobile_number: "91234567" })).toHaveProperty("ok");
    expect(with_(premium(), { area_code: "+7" }).errors).toEqual({ area_code: "errors.field.area_code_not_supported" });
    expect(with_(premium(), { area_code: "+7x" }).errors).toEqual({ area_code: "errors.field.area_code" });
    expect(with_(simplified(), { area_code: "+7" })).toHaveProperty("ok");
    const corporateWithPhone: ProductRequirements = {
      ...corporate(),
      requiredFields: [...corporate().requiredFields, { name: "area_code", type: "string", required: true }],
    };
    expect(parse(corporateWithPhone, { ...valid(corporate()), area_code: "+44" }).errors).toEqual({
      area_code: "errors.field.area_code_not_supported",
    });
  });
});

describe("countryOptions", () => {
  it("nationality: the supported list (or all) minus the sanctioned", () => {
    expect(countryOptions(premium(), "nationality")).toEqual(["AU", "CN", "DE", "FR", "GB", "HK", "JP", "NL", "SG", "US"]);
    const travelOptions = countryOptions(travel(), "nationality");
    expect(travelOptions).toHaveLength(COUNTRY_CODES.length - 6);
    for (const code of ["KP", "IR", "SY", "CU", "RU", "BY"]) expect(travelOptions).not.toContain(code);
  });

  it("billing: the supported regions, or all; any: all", () => {
    expect(countryOptions(premium(), "billing")).toEqual(["AU", "DE", "FR", "GB", "HK", "NL", "SG", "US"]);
    expect(countryOptions(corporate(), "billing")).toEqual(["HK"]);
    expect(countryOptions(travel(), "billing")).toEqual([...COUNTRY_CODES]);
    expect(countryOptions(premium(), "any")).toEqual([...COUNTRY_CODES]);
  });

  it("ignores codes that are not ISO 3166-1 alpha-2", () => {
    const odd: ProductRequirements = { ...premium(), supportNationality: ["GB", "UK", "EU"], supportBillingRegion: ["XX"] };
    expect(countryOptions(odd, "nationality")).toEqual(["GB"]);
    expect(countryOptions(odd, "billing")).toEqual([]);
  });
});

describe("mobile numbers", () => {
  it("are stored without a leading 0, and must be diallable with the calling code", () => {
    expect(with_(travel(), { area_code: "+44", mobile_number: "07700 900123" })).toEqual({
      ok: { ...valid(travel()), area_code: "+44", mobile_number: "7700900123" },
    });
    expect(with_(travel(), { area_code: "+44", mobile_number: "12345" }).errors).toEqual({ mobile_number: "errors.field.mobile_number" });
  });
});
