import { describe, expect, it } from "vitest";
import { INVITE_DAYS, openInvite, sealInvite } from "@/lib/applications/invite-token";
import { keyringOf } from "@/lib/crypto/secret-box";

const keys = keyringOf("invite token test key, long enough to use");
const issued = new Date("2026-03-01T09:00:00Z");
const invite = { productId: "prod_travel_standard_usd", email: "ada+card@example.com" };

describe("invitation tokens", () => {
  it("carry the email only sealed: the token shows neither the address nor its parts", () => {
    const token = sealInvite(keys, invite, issued);
    expect(token).not.toContain("ada");
    expect(token).not.toContain("example");
    expect(token).toMatch(/^[\w.-]+$/); // URL-safe as it is
    expect(openInvite(keys, token, issued)).toEqual({ state: "valid", ...invite });
  });

  it("work for 30 days, then say expired and still name the product", () => {
    const token = sealInvite(keys, invite, issued);
    const lastMoment = new Date(issued.getTime() + INVITE_DAYS * 86_400_000 - 1);
    expect(openInvite(keys, token, lastMoment).state).toBe("valid");
    expect(openInvite(keys, token, new Date(lastMoment.getTime() + 1))).toEqual({ state: "expired", productId: invite.productId });
  });

  it("refuse an altered, foreign or malformed token without throwing", () => {
    const token = sealInvite(keys, invite, issued);
    const parts = token.split(".");
    const body = parts[4] ?? "";
    const flipped = [...parts.slice(0, 4), (body[0] === "A" ? "B" : "A") + body.slice(1)].join(".");
    expect(openInvite(keys, flipped, issued)).toEqual({ state: "invalid" });
    const other = keyringOf("another portal's key, also long enough");
    expect(openInvite(other, token, issued)).toEqual({ state: "invalid" });
    for (const junk of ["", "abc", "v2.x.y.z.w", "a".repeat(5000), token.slice(0, -3)]) {
      expect(openInvite(keys, junk, issued)).toEqual({ state: "invalid" });
    }
  });

  it("keep opening after a key rotation, and are not opened by the data key itself", () => {
    const token = sealInvite(keys, invite, issued);
    const rotated = keyringOf("the next key after a rotation, long enough", "invite token test key, long enough to use");
    expect(openInvite(rotated, token, issued).state).toBe("valid");
    expect(sealInvite(rotated, invite, issued).split(".")[1]).not.toBe(rotated.current.id);
  });

  it("carry the merchant's reference sealed with the email: it opens only as it was sealed", () => {
    const token = sealInvite(keys, { ...invite, merchantReference: "crm-000123" }, issued);
    expect(token).not.toContain("crm");
    expect(openInvite(keys, token, issued)).toEqual({ state: "valid", ...invite, merchantReference: "crm-000123" });
    // Another invitation's reference cannot be swapped in: every byte of the sealed part is authenticated.
    const other = sealInvite(keys, { ...invite, merchantReference: "crm-999999" }, issued);
    const parts = token.split(".");
    const swapped = [...parts.slice(0, 4), other.split(".")[4] ?? ""].join(".");
    expect(openInvite(keys, swapped, issued)).toEqual({ state: "invalid" });
    // Each base64url character changed in its top bit (always a bit of the data, unlike the last one's low bits).
    const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    for (let i = 0; i < token.length; i += 7) {
      const at = B64.indexOf(token[i] ?? ".");
      if (at < 0) continue;
      const changed = token.slice(0, i) + B64[at ^ 32] + token.slice(i + 1);
      expect(openInvite(keys, changed, issued).state, `character ${i}`).not.toBe("valid");
    }
  });

  it("without a reference open as before, with no reference member", () => {
    expect(openInvite(keys, sealInvite(keys, invite, issued), issued)).not.toHaveProperty("merchantReference");
  });
});
