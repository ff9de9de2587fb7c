import { describe, expect, it } from "vitest";
import { stepResolver } from "@/components/apply/step-resolver";
import { simplified } from "@/lib/requirements/testing/sample-products";

const options = { shouldUseNativeValidation: false, fields: {} } as const;

describe("stepResolver", () => {
  it("names each missing or wrong answer of the step with its message key", async () => {
    const resolve = stepResolver(simplified(), "contact");
    const result = await resolve({ email: "not-an-email", area_code: "", mobile_number: "" }, undefined, options);
    expect(Object.keys(result.errors).sort()).toEqual(["area_code", "email", "mobile_number"]);
    expect(result.errors.email?.message).toMatch(/^errors\.field\./);
  });

  it("passes the step's cleaned answers on, leaving other steps' questions alone", async () => {
    const resolve = stepResolver(simplified(), "contact");
    const result = await resolve({ email: " ada@example.com ", area_code: "+44", mobile_number: "07700 900123" }, undefined, options);
    expect(result.errors).toEqual({});
    expect(result.values).toMatchObject({ email: "ada@example.com", area_code: "+44" });
  });
});
