import { describe, expect, it } from "vitest";
import { isMerchantReference, merchantReferenceSchema } from "@/lib/merchant/reference";

describe("the merchant's customer reference", () => {
  it("takes 1 to 128 letters, digits and . _ : @ / -, spaces around dropped", () => {
    for (const ok of ["C1", "cust_000123", "crm:eu/4411-A", "a@b.example", "9", "x".repeat(128)])
      expect(isMerchantReference(ok)).toBe(true);
    expect(merchantReferenceSchema.parse("  cust_42 ")).toBe("cust_42");
  });

  it("refuses anything else with one message key", () => {
    for (const bad of ["", " ", "x".repeat(129), "-lead", "two words", "a<b>", "é", "a\nb", "50%", "a?b=c"]) {
      const parsed = merchantReferenceSchema.safeParse(bad);
      expect(parsed.success, bad).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe("errors.merchant.reference");
    }
  });
});
