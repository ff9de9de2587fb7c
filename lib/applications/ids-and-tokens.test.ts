import { describe, expect, it } from "vitest";
import { hashToken, newApplicationId, newSecretToken } from "@/lib/applications/ids-and-tokens";

describe("application ids and secret tokens", () => {
  it("makes ids of 128 random bits and tokens of 256, base64url, never twice the same", () => {
    const ids = Array.from({ length: 50 }, newApplicationId);
    expect(ids.every((id) => /^app_[A-Za-z0-9_-]{22}$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(newSecretToken()).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("hashes a token to the same SHA-256 hex every time, and two tokens apart", () => {
    const token = newSecretToken();
    expect(hashToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashToken(token)).toBe(hashToken(token));
    expect(hashToken(token)).not.toBe(hashToken(newSecretToken()));
    expect(hashToken("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });
});
