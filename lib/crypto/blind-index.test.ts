import { describe, expect, it } from "vitest";
import { emailIndexOf, isCurrentIndex, nameIndexOf, nameQueryOf, normalizeName } from "@/lib/crypto/blind-index";
import { keyringOf } from "@/lib/crypto/secret-box";

describe("blind indexes", () => {
  const keys = keyringOf("the data key of the portal, long enough");

  it("normalizes names the way people type them", () => {
    expect(normalizeName("  Zoë  O'Brien-Smith ")).toBe("zoe o brien smith");
    expect(normalizeName("ÅSA Öberg")).toBe("asa oberg");
    expect(normalizeName("李 小龙")).toBe("李 小龙");
  });

  it("finds a person by a whole word or the start of one, in any case or accent; nothing in clear", () => {
    const index = nameIndexOf(keys, ["Ada", "Lovelace"]);
    const matches = (q: string) => nameQueryOf(keys, q).every((e) => index.includes(e)) && nameQueryOf(keys, q).length > 0;
    expect(matches("lovelace")).toBe(true);
    expect(matches("LOVE")).toBe(true);
    expect(matches("ada lov")).toBe(true);
    expect(matches("Lovelac")).toBe(true);
    expect(matches("velace")).toBe(false);
    expect(matches("ada byron")).toBe(false);
    expect(nameQueryOf(keys, "ad")).toEqual([]);
    expect(JSON.stringify(index)).not.toMatch(/ada|lovelace/i);
  });

  it("matches emails exactly, whatever the case; another key gives other entries", () => {
    expect(emailIndexOf(keys, " Ada@Example.com")).toBe(emailIndexOf(keys, "ada@example.com"));
    expect(emailIndexOf(keys, "ada@example.com")).not.toBe(emailIndexOf(keys, "ada@example.org"));
    const other = keyringOf("another data key of the portal, long enough");
    expect(emailIndexOf(other, "ada@example.com")).not.toBe(emailIndexOf(keys, "ada@example.com"));
    expect(isCurrentIndex(emailIndexOf(keys, "a@b.co"), keys)).toBe(true);
    expect(isCurrentIndex(emailIndexOf(other, "a@b.co"), keys)).toBe(false);
  });
});
