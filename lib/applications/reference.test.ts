import { describe, expect, it } from "vitest";
import { newApplicationId } from "@/lib/applications/ids-and-tokens";
import { idPrefixOfReference, referenceOf } from "@/lib/applications/reference";

describe("the short application reference", () => {
  it("is eight Crockford characters in two groups, the same for the same id", () => {
    const id = newApplicationId();
    expect(referenceOf(id)).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    expect(referenceOf(id)).toBe(referenceOf(id));
    // All-zero and all-one bits: the ends of the alphabet.
    expect(referenceOf(`app_${"A".repeat(22)}`)).toBe("0000-0000");
    expect(referenceOf(`app_${"_".repeat(22)}`)).toBe("ZZZZ-ZZZZ");
  });

  it("answers anything that is not an application id unchanged", () => {
    expect(referenceOf("not-an-id")).toBe("not-an-id");
  });

  it("turns back into the id's prefix, however it is typed", () => {
    for (let i = 0; i < 200; i++) {
      const id = newApplicationId();
      const ref = referenceOf(id);
      const typedVariants = [ref, ref.toLowerCase(), ref.replace("-", ""), ` ${ref.replace(/1/g, "l").replace(/0/g, "O")} `];
      for (const typed of typedVariants) {
        const found = idPrefixOfReference(typed);
        expect(found?.prefix).toBe(id.slice(0, 10));
        expect(found?.seventh).toContain(id.charAt(10));
        expect(found?.seventh).toHaveLength(4);
      }
    }
  });

  it("reads only reference-shaped text (a name such as Lovelace may be one: staff search then tries both)", () => {
    expect(idPrefixOfReference("Lovelace")).toBeDefined();
    expect(idPrefixOfReference("Ursula")).toBeUndefined();
    expect(idPrefixOfReference("K7QF-2M9")).toBeUndefined();
    expect(idPrefixOfReference("app_x")).toBeUndefined();
  });
});
