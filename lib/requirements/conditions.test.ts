import { describe, expect, it } from "vitest";
import { dropInapplicable, fieldApplies } from "@/lib/requirements/conditions";
import { buildFormPlan, planFields } from "@/lib/requirements/plan";
import { premium, travel } from "@/lib/requirements/testing/sample-products";

const field = (product: ReturnType<typeof premium>, path: string) => planFields(buildFormPlan(product)).find((f) => f.path === path);

describe("questions that apply to some people only", () => {
  it("ask for a Social Security number from US nationals only", () => {
    const ssn = field(premium(), "ssn");
    expect(ssn?.appliesWhen).toEqual({ path: "nationality", equals: "US" });
    expect(fieldApplies(ssn ?? {}, { nationality: "us" })).toBe(true);
    expect(fieldApplies(ssn ?? {}, { nationality: "GB" })).toBe(false);
    expect(fieldApplies(ssn ?? {}, {})).toBe(false);
  });

  it("ask for the back of a document once a type with a back side is chosen", () => {
    const back = field(travel(), "identity.back_file_id");
    expect(back?.appliesWhen).toEqual({ path: "identity.type", notEquals: "PASSPORT" });
    for (const type of ["ID_CARD", "DLN", "HK_HKID"]) expect(fieldApplies(back ?? {}, { identity: { type } })).toBe(true);
    expect(fieldApplies(back ?? {}, { identity: { type: "PASSPORT" } })).toBe(false);
    expect(fieldApplies(back ?? {}, { identity: {} })).toBe(false);
  });

  it("drop the answers of questions that do not apply, and only those", () => {
    const fields = planFields(buildFormPlan(premium()));
    const values = { nationality: "GB", ssn: "123456789", identity: { type: "PASSPORT", back_file_id: "file_b", number: "P1" } };
    expect(dropInapplicable(fields, values)).toEqual({
      nationality: "GB",
      ssn: undefined,
      identity: { type: "PASSPORT", back_file_id: undefined, number: "P1" },
    });
    expect(dropInapplicable(fields, { nationality: "US", ssn: "1" })).toEqual({ nationality: "US", ssn: "1" });
  });
});
