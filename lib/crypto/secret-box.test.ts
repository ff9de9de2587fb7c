import { describe, expect, it } from "vitest";
import { deriveKey, open, seal } from "@/lib/crypto/secret-box";

describe("secret box", () => {
  const key = deriveKey("a secret of the instance, long enough");
  it("round-trips and never shows the plaintext", () => {
    const sealed = seal(JSON.stringify({ ssn: "123456789" }), key);
    expect(sealed).not.toContain("123456789");
    expect(sealed).not.toBe(seal(JSON.stringify({ ssn: "123456789" }), key));
    expect(JSON.parse(open(sealed, key))).toEqual({ ssn: "123456789" });
  });
  it("refuses another key and altered text", () => {
    const sealed = seal("hello", key);
    expect(() => open(sealed, deriveKey("another secret"))).toThrow();
    const parts = sealed.split(".");
    const body = Buffer.from(parts[3] as string, "base64url");
    body[0] = (body[0] ?? 0) ^ 1;
    expect(() => open([parts[0], parts[1], parts[2], body.toString("base64url")].join("."), key)).toThrow();
    expect(() => open("garbage", key)).toThrow();
  });
});
