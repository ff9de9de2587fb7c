import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { bearerKey, keyHash, newMerchantKey, readScopes } from "@/lib/merchant/keys";

describe("merchant API keys", () => {
  it("are pk_test_ in sandbox mode and pk_live_ in live mode, then 256 random bits", () => {
    const test = newMerchantKey("sandbox");
    const live = newMerchantKey("live");
    expect(test.key).toMatch(/^pk_test_[A-Za-z0-9_-]{43}$/);
    expect(live.key).toMatch(/^pk_live_[A-Za-z0-9_-]{43}$/);
    expect(newMerchantKey("sandbox").key).not.toBe(test.key);
  });

  it("keep only a prefix in clear (8 random characters) and the SHA-256 of the whole key", () => {
    const { key, prefix, hash } = newMerchantKey("sandbox");
    expect(prefix).toBe(key.slice(0, 16));
    expect(hash).toBe(createHash("sha256").update(key).digest("hex"));
    expect(keyHash(key)).toBe(hash);
    expect(keyHash(`${key.slice(0, -1)}x`)).not.toBe(hash);
  });

  it("are read from Authorization: Bearer only in their own shape", () => {
    const { key } = newMerchantKey("live");
    expect(bearerKey(`Bearer ${key}`)).toBe(key);
    expect(bearerKey(`bearer  ${key}`)).toBe(key);
    for (const header of [
      null,
      "",
      key,
      `Basic ${key}`,
      `Bearer ${key}x`,
      `Bearer ${key} extra`,
      "Bearer pk_test_short",
      `Bearer sk_live_${key.slice(8)}`,
    ]) {
      expect(bearerKey(header)).toBeUndefined();
    }
  });

  it("scopes are written space-separated, each known, and come back in a fixed order", () => {
    expect(readScopes("applications:read")).toEqual(["applications:read"]);
    expect(readScopes(" invites:write  applications:read ")).toEqual(["applications:read", "invites:write"]);
    expect(readScopes("invites:write invites:write")).toEqual(["invites:write"]);
    for (const bad of ["", "  ", "admin", "applications:read admin", "applications:write"]) expect(readScopes(bad)).toBeUndefined();
  });
});
