import { describe, expect, it } from "vitest";
import { billingCopy, isSameAsBilling, sameAsBillingGroups } from "@/lib/applications/same-address";
import { buildFormPlan, visibleSteps } from "@/lib/requirements/plan";
import { premium, travel } from "@/lib/requirements/testing/sample-products";
import type { ProductRequirements } from "@/lib/requirements/types";

const addressFields = (product: ProductRequirements) => visibleSteps(buildFormPlan(product)).find((s) => s.id === "address")?.fields ?? [];
const billing = { country: "GB", city: "London", line1: "12 Ada Road", line2: "", postcode: "SW1A 2AA" };

describe("same as billing address", () => {
  it("is offered for the other addresses of a step that has a billing address, and only then", () => {
    expect(sameAsBillingGroups(addressFields(premium()))).toEqual(["residential_address"]);
    expect(sameAsBillingGroups(addressFields(travel()))).toEqual([]);
  });

  it("holds when every part equals billing's, blanks and spaces aside; never for an empty address", () => {
    const fields = addressFields(premium());
    const same = { billing_address: billing, residential_address: { ...billing, line1: " 12 Ada Road ", line2: undefined } };
    expect(isSameAsBilling(same, fields, "residential_address")).toBe(true);
    const moved = { billing_address: billing, residential_address: { ...billing, postcode: "EC1A 1BB" } };
    expect(isSameAsBilling(moved, fields, "residential_address")).toBe(false);
    expect(isSameAsBilling({ billing_address: billing }, fields, "residential_address")).toBe(false);
    expect(isSameAsBilling({}, fields, "residential_address")).toBe(false);
  });

  it("copies each part from billing's part of the same name, emptying what billing lacks", () => {
    const fields = addressFields(premium());
    const copy = new Map(billingCopy({ billing_address: billing, residential_address: { state: "Kent" } }, fields, "residential_address"));
    expect(copy.get("residential_address.line1")).toBe("12 Ada Road");
    expect(copy.get("residential_address.country")).toBe("GB");
    expect(copy.get("residential_address.state")).toBe("");
    expect([...copy.keys()].every((path) => path.startsWith("residential_address."))).toBe(true);
  });
});
