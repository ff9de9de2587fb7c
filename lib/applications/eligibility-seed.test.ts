import { describe, expect, it } from "vitest";
import { eligibilitySeed } from "@/lib/applications/eligibility-seed";
import { buildFormPlan } from "@/lib/requirements/plan";
import { premium, simplified, travel } from "@/lib/requirements/testing/sample-products";
import type { ProductRequirements } from "@/lib/requirements/types";

const seedFor = (product: ProductRequirements, answers: Record<string, unknown>) =>
  eligibilitySeed(product, buildFormPlan(product), answers);

describe("eligibilitySeed", () => {
  it("fills in each answer where the card asks it: nationality, calling code, billing country", () => {
    expect(seedFor(premium(), { nationality: "GB", residence: "GB", areaCode: "+44" })).toEqual({
      nationality: "GB",
      area_code: "+44",
      billing_address: { country: "GB" },
    });
  });

  it("leaves out what the card does not ask (no nationality or billing address on the Simplified card)", () => {
    expect(seedFor(simplified(), { nationality: "GB", residence: "GB", areaCode: "+44" })).toEqual({ area_code: "+44" });
    expect(seedFor(travel(), { nationality: "GB", residence: "GB" })).toEqual({ nationality: "GB" });
  });

  it("leaves out an answer the card refuses, or one that is not well formed", () => {
    expect(seedFor(premium(), { nationality: "BR", residence: "JP", areaCode: "+55" })).toEqual({});
    expect(seedFor(travel(), { nationality: "RU" })).toEqual({}); // sanctioned for this card
    expect(seedFor(premium(), { nationality: "gb", residence: ["GB"], areaCode: "44" })).toEqual({});
    expect(seedFor(premium(), { nationality: "__proto__", areaCode: "+1'; drop" })).toEqual({});
  });
});
