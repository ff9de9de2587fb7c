import { describe, expect, it } from "vitest";
import { hkidCheckCharacter, identityNumberProblem, normaliseIdentityNumber } from "@/lib/requirements/identity-number";
import { identityNumberSchema } from "@/lib/requirements/limits";

describe("identity numbers", () => {
  it("are read in their printed forms and kept as letters and digits", () => {
    expect(normaliseIdentityNumber("A123456(3)")).toBe("A1234563");
    expect(normaliseIdentityNumber("a123456 (3)")).toBe("A1234563");
    expect(normaliseIdentityNumber("AB 987654 [A]")).toBe("AB987654A");
    expect(normaliseIdentityNumber("MORGA 753116 SM9IJ")).toBe("MORGA753116SM9IJ");
    expect(normaliseIdentityNumber("11010519491231002x")).toBe("11010519491231002X");
    expect(normaliseIdentityNumber("X-1234-5678")).toBe("X12345678");
    expect(normaliseIdentityNumber("p 1234567")).toBe("P1234567");
    // Brackets anywhere but around the last character are not a printed form: left for the format check to refuse.
    expect(normaliseIdentityNumber("A(12)3456")).toBe("A(12)3456");
    expect(identityNumberSchema.safeParse("A(12)3456").success).toBe(false);
    expect(identityNumberSchema.parse(" a123456(3) ")).toBe("A1234563");
  });

  it("check a Hong Kong identity card's check character (weighted sum, mod 11)", () => {
    expect(hkidCheckCharacter("A", "123456")).toBe("3");
    expect(hkidCheckCharacter("G", "123456")).toBe("A");
    expect(hkidCheckCharacter("C", "668668")).toBe("9");
    expect(identityNumberProblem("HK_HKID", "A123456(3)")).toBeUndefined();
    expect(identityNumberProblem("HK_HKID", "g123456(a)")).toBeUndefined();
    expect(identityNumberProblem("HK_HKID", "C668668(9)")).toBeUndefined();
    // A two-letter prefix: both letters weigh in.
    const check = hkidCheckCharacter("XA", "123456");
    expect(identityNumberProblem("HK_HKID", `XA123456(${check})`)).toBeUndefined();
    // "A123456(7)", the usual format example, does not add up: its check character would be 3.
    expect(identityNumberProblem("HK_HKID", "A123456(7)")).toBe("errors.field.hkid_check");
    expect(identityNumberProblem("HK_HKID", "A12345(6)")).toBe("errors.field.hkid_format");
    expect(identityNumberProblem("HK_HKID", "1234567")).toBe("errors.field.hkid_format");
    // Other documents: only the general format.
    expect(identityNumberProblem("PASSPORT", "A123456(7)")).toBeUndefined();
  });

  it("agree with every check character the algorithm can give", () => {
    for (const [prefix, digits] of [
      ["A", "000000"],
      ["Z", "999999"],
      ["K", "135792"],
      ["WX", "246801"],
    ] as const) {
      const check = hkidCheckCharacter(prefix, digits);
      expect(check).toMatch(/^[0-9A]$/);
      for (const wrong of ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "A"].filter((c) => c !== check)) {
        expect(identityNumberProblem("HK_HKID", `${prefix}${digits}(${wrong})`)).toBe("errors.field.hkid_check");
      }
    }
  });
});
