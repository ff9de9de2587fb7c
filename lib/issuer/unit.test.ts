import { describe, expect, it } from "vitest";
import { z } from "zod";
import { parseEnvelope } from "@/lib/issuer/envelope";
import { IssuerError } from "@/lib/issuer/errors";
import { TokenCache } from "@/lib/issuer/token-cache";

describe("TokenCache", () => {
  it("coalesces concurrent renewals and renews five minutes before expiry", async () => {
    let now = 0;
    let issued = 0;
    const cache = new TokenCache(
      async () => ({ token: `t${++issued}`, expiresInSeconds: 7200 }),
      () => now,
    );
    expect(await Promise.all([cache.get(), cache.get(), cache.get()])).toEqual(["t1", "t1", "t1"]);
    now = 7200_000 - 300_001;
    expect(await cache.get()).toBe("t1");
    now = 7200_000 - 299_999;
    expect(await cache.get()).toBe("t2");
    cache.invalidate("t1"); // stale: ignored
    expect(await cache.get()).toBe("t2");
    cache.invalidate("t2");
    expect(await cache.get()).toBe("t3");
  });

  it("does not keep a failed renewal", async () => {
    let fail = true;
    const cache = new TokenCache(async () => {
      if (fail) throw new Error("down");
      return { token: "ok", expiresInSeconds: 60 };
    });
    await expect(cache.get()).rejects.toThrow("down");
    fail = false;
    expect(await cache.get()).toBe("ok");
  });
});

describe("parseEnvelope", () => {
  const schema = z.object({ id: z.string() });
  it("returns data, or throws the upstream's code, or a clear error for a broken answer", () => {
    expect(parseEnvelope(200, { success: true, data: { id: "ch_1" } }, schema, "r")).toEqual({ id: "ch_1" });
    expect(() => parseEnvelope(422, { success: false, code: "CARDHOLDER_KYC_REJECTED", message: "no" }, schema, "r")).toThrow(IssuerError);
    const broken = (() => {
      try {
        parseEnvelope(502, "<html>", schema, "r");
      } catch (e) {
        return e;
      }
    })();
    expect(broken).toMatchObject({ code: "BAD_UPSTREAM_RESPONSE", httpStatus: 502, retryable: true });
    expect(() => parseEnvelope(200, { success: true, data: { nope: 1 } }, schema, "r")).toThrow(/unexpected shape/);
  });
});
