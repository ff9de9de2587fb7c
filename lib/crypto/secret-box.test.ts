import { createCipheriv, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { deriveKey, isCurrent, isSealed, keyringOf, open, openLegacy, seal } from "@/lib/crypto/secret-box";

describe("secret box", () => {
  const ring = keyringOf("a data key of the portal, long enough");

  it("round-trips and never shows the plaintext", () => {
    const sealed = seal(JSON.stringify({ ssn: "123456789" }), ring);
    expect(sealed).not.toContain("123456789");
    expect(sealed).not.toBe(seal(JSON.stringify({ ssn: "123456789" }), ring));
    expect(JSON.parse(open(sealed, ring))).toEqual({ ssn: "123456789" });
    expect(isCurrent(sealed, ring)).toBe(true);
  });

  it("never reuses a nonce, across refills of the nonce pool", () => {
    const sealed = Array.from({ length: 1_000 }, (_, i) => seal(`value ${i}`, ring));
    const nonces = sealed.map((s) => s.split(".")[2]);
    expect(nonces.every((n) => Buffer.from(n ?? "", "base64url").length === 12)).toBe(true);
    expect(new Set(nonces).size).toBe(1_000);
    sealed.forEach((s, i) => expect(open(s, ring)).toBe(`value ${i}`));
  });

  it("refuses another key and altered text", () => {
    const sealed = seal("hello", ring);
    expect(() => open(sealed, keyringOf("another secret"))).toThrow();
    const parts = sealed.split(".");
    const body = Buffer.from(parts[4] as string, "base64url");
    body[0] = (body[0] ?? 0) ^ 1;
    expect(() => open([...parts.slice(0, 4), body.toString("base64url")].join("."), ring)).toThrow();
    expect(() => open("garbage", ring)).toThrow();
  });

  it("during a rotation, the previous key still opens what it sealed and the new key seals", () => {
    const before = seal("kept", keyringOf("old key of the portal"));
    const rotated = keyringOf("new key of the portal", "old key of the portal");
    expect(open(before, rotated)).toBe("kept");
    expect(isCurrent(before, rotated)).toBe(false);
    expect(isCurrent(seal("kept", rotated), rotated)).toBe(true);
  });

  it("opens what 0.1 wrote (v1, no key id) with the key derived from its instance secret", () => {
    const legacy = deriveKey("the instance secret of 0.1");
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", legacy.key, iv);
    const body = Buffer.concat([cipher.update("old draft", "utf8"), cipher.final()]);
    const v1 = ["v1", iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), body.toString("base64url")].join(".");
    expect(open(v1, keyringOf("new data key of the portal", "the instance secret of 0.1"))).toBe("old draft");
    expect(() => open(v1, keyringOf("new data key of the portal"))).toThrow();
  });

  it("tells sealed text from 0.1's clear text, and opens either", () => {
    const sealed = seal("https://kyc.example/abc", ring);
    expect(isSealed(sealed)).toBe(true);
    expect(isSealed("https://kyc.example/abc")).toBe(false);
    expect(isSealed("v1.scan.png")).toBe(false);
    expect(openLegacy(sealed, ring)).toBe("https://kyc.example/abc");
    expect(openLegacy("passport.png", ring)).toBe("passport.png");
  });
});
