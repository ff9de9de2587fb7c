import { describe, expect, it } from "vitest";
import {
  allows,
  availableActions,
  failReasonSchema,
  isActionKey,
  inviteSchema,
  inviteUrl,
  STAFF_ACTIONS,
  thirdPartySchema,
  type ActionFacts,
} from "@/lib/admin/case/actions/rules";
import { changedPaths, correctionSchema } from "@/lib/admin/case/actions/correction-schema";
import { fieldErrorsFromZod } from "@/lib/requirements/errors";

const facts = (over: Partial<ActionFacts>): ActionFacts => ({
  state: "draft",
  kycMethod: "REDIRECT_LINK",
  kycLevel: "Standard",
  cardholderId: null,
  cardId: null,
  erasedAt: null,
  ...over,
});

describe("which staff actions apply", () => {
  it.each<[string, Partial<ActionFacts>, string[]]>([
    ["a Standard draft", {}, ["resume_link", "third_party", "mark_failed"]],
    ["a Simplified draft", { kycLevel: "Simplified", kycMethod: null }, ["resume_link", "mark_failed"]],
    [
      "waiting for the identity check",
      { state: "kyc_pending", cardholderId: "ch_1" },
      ["kyc_link", "resume_link", "correct", "mark_failed"],
    ],
    [
      "a THIRD_PARTY cardholder",
      { state: "submitted", kycMethod: "THIRD_PARTY", cardholderId: "ch_1" },
      ["resume_link", "correct", "mark_failed"],
    ],
    ["issuance retrying", { state: "card_issuing", cardholderId: "ch_1" }, ["resume_link", "retry_card", "correct", "mark_failed"]],
    ["issuance refused", { state: "failed", cardholderId: "ch_1" }, ["retry_card", "correct"]],
    ["failed before the issuer", { state: "failed" }, ["reopen"]],
    ["card issued", { state: "card_issued", cardholderId: "ch_1", cardId: "card_1" }, ["correct"]],
    ["identity rejected", { state: "kyc_rejected", cardholderId: "ch_1" }, []],
  ])("%s", (_, over, expected) => {
    expect(availableActions(facts(over))).toEqual(expected);
  });

  // Issue #24: an erased application is final; each of these would otherwise write personal data back or show it.
  it.each<[string, Partial<ActionFacts>]>([
    ["an erased draft", {}],
    ["an erased failed application without a cardholder", { state: "failed" }],
    ["an erased refused issuance", { state: "failed", cardholderId: "ch_1" }],
    ["an erased issued card", { state: "card_issued", cardholderId: "ch_1", cardId: "card_1" }],
  ])("none for %s", (_, over) => {
    const erased = facts({ ...over, erasedAt: new Date(0) });
    expect(availableActions(erased)).toEqual([]);
    for (const action of STAFF_ACTIONS) expect(allows(erased, action)).toBe(false);
  });
});

describe("the inputs of the actions", () => {
  it("needs a reason of 5 to 500 printable characters to mark failed", () => {
    expect(failReasonSchema.safeParse({ reason: "  Duplicate application  " })).toMatchObject({
      success: true,
      data: { reason: "Duplicate application" },
    });
    expect(fieldErrorsFromZod(failReasonSchema.safeParse({ reason: "no" }).error!, isActionKey)).toEqual({
      reason: "admin.actions.fail.reasonShort",
    });
    expect(fieldErrorsFromZod(failReasonSchema.safeParse({ reason: "x".repeat(501) }).error!, isActionKey)).toEqual({
      reason: "admin.actions.fail.reasonLong",
    });
    expect(fieldErrorsFromZod(failReasonSchema.safeParse({ reason: "bad \u0007 bell" }).error!, isActionKey)).toEqual({
      reason: "admin.actions.fail.reasonInvalid",
    });
    expect(fieldErrorsFromZod(failReasonSchema.safeParse({}).error!, isActionKey)).toEqual({ reason: "errors.field.invalid" });
  });

  it("checks a THIRD_PARTY reference id as the spec says (10 to 128)", () => {
    expect(thirdPartySchema.safeParse({ provider: "Onfido", referenceId: "ref_0123456789" }).success).toBe(true);
    expect(fieldErrorsFromZod(thirdPartySchema.safeParse({ provider: "O", referenceId: "short" }).error!, isActionKey)).toEqual({
      provider: "admin.actions.thirdParty.providerInvalid",
      referenceId: "admin.actions.thirdParty.referenceInvalid",
    });
    expect(thirdPartySchema.safeParse({ provider: "Onfido", referenceId: "r".repeat(129) }).success).toBe(false);
    expect(thirdPartySchema.safeParse({ provider: "Onfido", referenceId: "ref <script>1" }).success).toBe(false);
  });

  it("builds an invitation with the cardholder form's email rule, the values escaped in the URL", () => {
    expect(fieldErrorsFromZod(inviteSchema.safeParse({ productId: "prod_x", email: "not an email" }).error!, isActionKey)).toEqual({
      email: "errors.field.email",
    });
    const url = inviteUrl("http://portal.test", { productId: "prod_travel_standard_usd", token: "v2.abc.d_e-f" });
    expect(url).toBe("http://portal.test/?product=prod_travel_standard_usd&invite=v2.abc.d_e-f");
  });

  it("corrects contact details with the cardholder form's limits and names only what changed", () => {
    const input = {
      email: "ada@example.com",
      area_code: "+44",
      mobile_number: "7700 900 123",
      billing_address: { country: "gb", city: "London", line1: "1 Main St", postcode: "SW1A 1AA", state: "" },
    };
    const parsed = correctionSchema.parse(input);
    expect(parsed).toMatchObject({ mobile_number: "7700900123", billing_address: { country: "GB", state: undefined } });
    const saved = {
      email: "ada@example.com",
      area_code: "+44",
      mobile_number: "7700900123",
      billing_address: { country: "GB", city: "Leeds" },
    };
    expect(changedPaths(saved, parsed)).toEqual(["billing_address.city", "billing_address.line1", "billing_address.postcode"]);
    const bad = correctionSchema.safeParse({
      ...input,
      email: "x",
      billing_address: { ...input.billing_address, postcode: "1", line1: "<b>" },
    });
    expect(bad.success).toBe(false);
    expect(fieldErrorsFromZod(bad.error!, isActionKey)).toMatchObject({
      email: "errors.field.email",
      "billing_address.postcode": "errors.field.postcode",
      "billing_address.line1": "errors.field.address",
    });
    const blank = correctionSchema.safeParse({ ...input, billing_address: { ...input.billing_address, city: "  ", line1: "" } });
    expect(fieldErrorsFromZod(blank.error!, isActionKey)).toEqual({
      "billing_address.city": "errors.field.required",
      "billing_address.line1": "errors.field.required",
    });
  });
});
