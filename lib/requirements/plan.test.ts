import { describe, expect, it } from "vitest";
import { ERROR_KEYS } from "@/lib/requirements/error-keys";
import { humanise, knownGroupDefaults, knownGroupPaths, knownLeafPaths } from "@/lib/requirements/fields";
import { DEFAULT_LABEL_TEXT, LABEL_KEYS } from "@/lib/requirements/labels";
import { buildFormPlan, isAlwaysRequired, planFields, visibleSteps } from "@/lib/requirements/plan";
import { CATALOG, corporate, premium, simplified, travel } from "@/lib/requirements/testing/sample-products";
import type { FieldDescriptor, FormPlan, ProductRequirements } from "@/lib/requirements/types";

// "path*" = required, "path?" = conditionally required, "(h)" = hidden, "(+)" = implied.
const summary = (plan: FormPlan) =>
  Object.fromEntries(
    plan.steps.map((s) => [
      s.id,
      s.fields.map((f) => `${f.path}${f.required ? "*" : ""}${f.requiredWhen ? "?" : ""}${f.hidden ? "(h)" : ""}${f.implied ? "(+)" : ""}`),
    ]),
  );
const field = (plan: FormPlan, path: string) => planFields(plan).find((f) => f.path === path);
const product = (requiredFields: FieldDescriptor[], extra: Partial<ProductRequirements> = {}): ProductRequirements => ({
  id: "p",
  kycLevel: "Simplified",
  requiredFields,
  supportBillingRegion: [],
  supportNationality: [],
  sanctionedNationality: [],
  supportAreaCode: [],
  ...extra,
});
const d = (name: string, required = true, fields?: FieldDescriptor[]): FieldDescriptor =>
  fields ? { name, type: "object", required, fields } : { name, type: "string", required };

// Postal order, the country first, whatever the product's order (country, state, city, district, line1, line2, postcode
// in the catalog).
const ADDRESS = (g: string) => ["country*", "line1*", "line2", "district", "city*", "state", "postcode*"].map((n) => `${g}.${n}`);
const PROOF = ["provider", "reference_id", "documents"].map((n) => `kyc_verification.kyc_proof.${n}?(h)(+)`);

describe("buildFormPlan over the built-in catalog", () => {
  it("Simplified: about you and contact only, optional descriptors included as optional", () => {
    expect(summary(buildFormPlan(simplified()))).toEqual({
      "about-you": ["first_name*", "last_name*", "birth_date", "gender"],
      contact: ["email*", "area_code*", "mobile_number*"],
    });
  });

  it("Standard travel card: identity document, optional delivery address, portal-set verification", () => {
    const plan = buildFormPlan(travel());
    expect(summary(plan)).toEqual({
      "about-you": ["first_name*", "last_name*", "birth_date*", "nationality*", "gender"],
      contact: ["email*", "area_code*", "mobile_number*"],
      "identity-document": [
        "identity.type*",
        "identity.number*",
        "identity.issue_country*",
        "identity.issue_date",
        "identity.expiry_date*",
        "identity.front_file_id*",
        "identity.back_file_id?",
      ],
      address: ADDRESS("delivery_address"),
      verification: ["kyc_verification.method*(h)", ...PROOF],
    });
    expect(plan.groups.find((g) => g.path === "delivery_address")).toMatchObject({ required: false, labelKey: "groups.delivery_address" });
    expect(field(plan, "identity.back_file_id")?.requiredWhen).toEqual({ path: "identity.type", notEquals: "PASSPORT" });
    expect(visibleSteps(plan).map((s) => s.id)).toEqual(["about-you", "contact", "address", "identity-document"]);
  });

  it("Enhanced premium card: ssn only for US nationals, billing and optional residential address", () => {
    const plan = buildFormPlan(premium());
    expect(summary(plan)).toEqual({
      "about-you": ["first_name*", "last_name*", "birth_date*", "gender*", "nationality*", "ssn?"],
      contact: ["email*", "area_code*", "mobile_number*", "mobile_country(h)"],
      "identity-document": [
        "identity.type*",
        "identity.number*",
        "identity.issue_country*",
        "identity.issue_date",
        "identity.expiry_date*",
        "identity.front_file_id*",
        "identity.back_file_id?",
      ],
      address: [...ADDRESS("billing_address"), ...ADDRESS("residential_address")],
      verification: ["kyc_verification.method*(h)", ...PROOF],
    });
    expect(field(plan, "ssn")).toMatchObject({ required: false, requiredWhen: { path: "nationality", equals: "US" }, autocomplete: "off" });
    expect(field(plan, "billing_address.country")).toMatchObject({
      input: "country",
      countryFilter: "billing",
      autocomplete: "billing country",
    });
    expect(field(plan, "residential_address.country")).toMatchObject({ countryFilter: "any", autocomplete: "country" });
    expect(isAlwaysRequired(plan, field(plan, "billing_address.city")!)).toBe(true);
    expect(isAlwaysRequired(plan, field(plan, "residential_address.city")!)).toBe(false);
  });

  it("disabled corporate card: names, email, identity and verification", () => {
    expect(Object.keys(summary(buildFormPlan(corporate())))).toEqual(["about-you", "contact", "identity-document", "verification"]);
  });

  it("renders each known field with its input, label, autocomplete and options", () => {
    const plan = buildFormPlan(premium());
    expect(field(plan, "first_name")).toEqual({
      path: "first_name",
      name: "first_name",
      labelKey: "fields.first_name",
      kind: "name",
      input: "text",
      autocomplete: "given-name",
      required: true,
    });
    expect(field(plan, "identity.expiry_date")).toMatchObject({
      name: "expiry_date",
      labelKey: "fields.identity.expiry_date",
      input: "date",
      group: "identity",
    });
    expect(field(plan, "identity.front_file_id")).toMatchObject({ input: "file", hintKey: "hints.document_file" });
    expect(field(plan, "identity.back_file_id")).toMatchObject({ input: "file", required: false });
    expect(field(plan, "identity.number")?.autocomplete).toBe("off");
    expect(field(plan, "nationality")).toMatchObject({ input: "country", countryFilter: "nationality" });
    expect(field(plan, "email")).toMatchObject({ input: "email", autocomplete: "email" });
    expect(field(plan, "birth_date")).toMatchObject({ input: "date", autocomplete: "bday" });
    expect(field(plan, "area_code")).toMatchObject({ input: "tel", autocomplete: "tel-country-code" });
    expect(field(plan, "mobile_number")).toMatchObject({ input: "tel", autocomplete: "tel-national" });
    expect(field(plan, "gender")?.options?.map((o) => o.value)).toEqual(["0", "1", "2"]);
    expect(field(plan, "gender")?.input).toBe("radio");
    expect(field(plan, "identity.type")?.options?.map((o) => o.value)).toEqual(["ID_CARD", "PASSPORT", "HK_HKID", "DLN"]);
    expect(field(plan, "kyc_verification.method")).toMatchObject({ hidden: true, required: true });
  });

  it("uses valid HTML autocomplete tokens only", () => {
    const tokens = new Set([
      "off",
      "given-name",
      "family-name",
      "email",
      "bday",
      "sex",
      "tel-national",
      "tel-country-code",
      "country",
      "address-level1",
      "address-level2",
      "address-level3",
      "address-line1",
      "address-line2",
      "postal-code",
    ]);
    const all = CATALOG.flatMap((p) => planFields(buildFormPlan(p)));
    const used = all.map((f) => f.autocomplete).filter((a): a is string => a !== undefined);
    expect(used.length).toBeGreaterThan(20);
    for (const value of used) expect(tokens.has(value.replace(/^(billing|shipping) /, "")), value).toBe(true);
  });

  it("has an English text for every label, option and hint key, and no key nests inside another", () => {
    const plans = [...CATALOG, product([d("loyalty_number"), d("delivery_address"), d("extra", true, [d("note")])])].map(buildFormPlan);
    const keys = plans.flatMap((plan) => [
      ...planFields(plan).flatMap((f) => [f.labelKey, f.hintKey, ...(f.options ?? []).map((o) => o.labelKey)]),
      ...plan.groups.map((g) => g.labelKey),
    ]);
    for (const key of keys) if (key) expect(DEFAULT_LABEL_TEXT[key], key).toBeTruthy();
    for (const path of knownLeafPaths()) expect(DEFAULT_LABEL_TEXT[`fields.${path}`], path).toBeTruthy();
    for (const path of knownGroupPaths()) expect(DEFAULT_LABEL_TEXT[`groups.${path.split(".").at(-1)}`], path).toBeTruthy();
    expect(knownGroupDefaults("identity")?.map((f) => f.name)).toContain("back_file_id");
    const all = [...LABEL_KEYS, ...ERROR_KEYS];
    for (const a of all) for (const b of all) if (a !== b) expect(b.startsWith(`${a}.`), `${a} / ${b}`).toBe(false);
  });
});

describe("buildFormPlan over unusual descriptors", () => {
  it("renders unknown top-level names as labelled text fields in about-you", () => {
    const plan = buildFormPlan(product([d("email"), d("loyalty_number", false), d("taxID")]));
    expect(summary(plan)).toEqual({ "about-you": ["loyalty_number", "taxID*"], contact: ["email*"] });
    expect(field(plan, "loyalty_number")).toEqual({
      path: "loyalty_number",
      name: "loyalty_number",
      labelKey: "fields.unknown",
      fallbackLabel: "Loyalty number",
      kind: "text",
      input: "text",
      required: false,
    });
    expect(field(plan, "taxID")?.fallbackLabel).toBe("Tax ID");
  });

  it("keeps unknown sub-fields in their object's step, and nests unknown objects", () => {
    const plan = buildFormPlan(
      product([
        d("identity", true, [d("type"), d("issuing_authority", false)]),
        d("employment", false, [d("employer"), d("details", true, [d("title")])]),
      ]),
    );
    expect(summary(plan)["identity-document"]).toEqual(["identity.type*", "identity.issuing_authority", "identity.back_file_id?(+)"]);
    expect(summary(plan)["about-you"]).toEqual(["employment.employer*", "employment.details.title*"]);
    expect(plan.groups.find((g) => g.path === "employment.details")).toMatchObject({
      labelKey: "groups.unknown",
      fallbackLabel: "Details",
      parent: "employment",
    });
    expect(field(plan, "identity.issuing_authority")).toMatchObject({
      labelKey: "fields.unknown",
      fallbackLabel: "Issuing authority",
      group: "identity",
    });
  });

  it("adds the implied back side only for a required identity that asks the document type", () => {
    const implied = (fields: FieldDescriptor[]) => field(buildFormPlan(product(fields)), "identity.back_file_id");
    expect(implied([d("identity", true, [d("type"), d("number")])])).toMatchObject({ implied: true, input: "file", required: false });
    expect(implied([d("identity", false, [d("type"), d("number")])])).toBeUndefined();
    expect(implied([d("identity", true, [d("number")])])).toBeUndefined();
    expect(implied([d("identity", true, [d("type"), d("back_file_id")])])).toMatchObject({ required: true });
    expect(implied([d("identity", true, [d("type"), d("back_file_id")])])?.requiredWhen).toBeUndefined();
  });

  it("makes ssn conditional only when the product requires it", () => {
    expect(field(buildFormPlan(product([d("ssn", false)])), "ssn")).toMatchObject({ required: false });
    expect(field(buildFormPlan(product([d("ssn", false)])), "ssn")?.requiredWhen).toBeUndefined();
    expect(field(buildFormPlan(product([d("ssn", true)])), "ssn")?.requiredWhen).toEqual({ path: "nationality", equals: "US" });
  });

  it("adds the portal's KYC method when the full KYC flow applies, and nothing otherwise", () => {
    const methods = (p: ProductRequirements) => planFields(buildFormPlan(p)).filter((f) => f.path.startsWith("kyc_verification."));
    expect(methods(product([d("first_name")]))).toEqual([]);
    expect(methods(product([d("first_name")], { kycLevel: "Standard" })).map((f) => f.path)).toEqual([
      "kyc_verification.method",
      ...["provider", "reference_id", "documents"].map((n) => `kyc_verification.kyc_proof.${n}`),
    ]);
    expect(methods(product([d("billing_address")])).map((f) => f.implied)).toEqual([true, true, true, true]);
  });

  it("expands a known object listed without sub-fields, and keeps known leaves and arrays as single fields", () => {
    const plan = buildFormPlan(
      product([
        { name: "billing_address", type: "object", required: true },
        d("first_name", true, [d("x")]),
        { name: "tags", type: "array", required: false, fields: [d("x")] },
      ]),
    );
    expect(summary(plan)).toMatchObject({ "about-you": ["first_name*", "tags"], address: ADDRESS("billing_address") });
  });

  it("skips names that cannot be object keys and keeps the first of duplicates", () => {
    const plan = buildFormPlan(product([d("constructor"), d("__proto__"), d("a.b"), d(""), d("nickname", false), d("nickname", true)]));
    expect(summary(plan)).toEqual({ "about-you": ["nickname"] });
  });

  it("omits steps without fields and returns no steps for an empty product", () => {
    expect(buildFormPlan(product([])).steps).toEqual([]);
    expect(buildFormPlan(product([d("email")])).steps.map((s) => s.id)).toEqual(["contact"]);
  });

  it("humanises descriptor names", () => {
    expect(humanise("loyalty_number")).toBe("Loyalty number");
    expect(humanise("loyaltyNumber")).toBe("Loyalty number");
    expect(humanise("tax_ID")).toBe("Tax ID");
    expect(humanise("IBAN")).toBe("IBAN");
    expect(humanise("post-code")).toBe("Post code");
  });
});
