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
});
