import { describe, expect, it } from "vitest";
import { unlinkStaffOidc } from "@/lib/admin/staff/accounts";
import { signInWithOidc, type OidcClaims } from "@/lib/auth/oidc-sign-in";
import { listAuditEntries } from "@/lib/db/staff-audit";
import { createStaffUser, findStaffUser, updateStaffUser } from "@/lib/db/staff-users";
import { testEngines, useTestDatabase } from "@/lib/db/testing";

// The OpenID Connect sign-in's decisions: a verified email only, the first sign-in binds the account to the
// provider's (iss, sub) and later ones match on that alone, a second identity claiming a bound email is refused,
// the allowed domains, and an admin's unlink. The browser flow against a real provider is e2e/admin-oidc.spec.ts.

const ISSUER = "https://id.example.com";

describe.each(testEngines())("OpenID Connect sign-in on %s", (_engine, open) => {
  const database = useTestDatabase(open);
  const db = () => database().db;
  let n = 0;
  const input = (allowedDomains?: string[]) => ({ ip: "10.1.1.1", now: new Date(), allowedDomains });
  const signIn = (claims: OidcClaims, allowedDomains?: string[]) => signInWithOidc(db(), claims, input(allowedDomains));
  const verified = (subject: string, email: string): OidcClaims => ({ issuer: ISSUER, subject, email, emailVerified: true });
  async function staff(domain = "example.com") {
    const user = await createStaffUser(db(), { email: `staff.${++n}@${domain}`, name: `Staff ${n}`, role: "admin" });
    if (!user) throw new Error("not created");
    return user;
  }

  it("refuses an email the provider does not say is verified, and binds nothing", async () => {
    const user = await staff();
    for (const emailVerified of [false, "true", 1, undefined]) {
      expect(await signIn({ issuer: ISSUER, subject: `unverified-${n}`, email: user.email, emailVerified })).toEqual({
        ok: false,
        reason: "unverified",
      });
    }
    expect((await findStaffUser(db(), user.id))?.oidcSubject).toBeNull();
    const [entry] = await listAuditEntries(db(), { action: "staff.sign_in_failed" }, 1);
    expect([entry?.staffId, entry?.ip, entry?.detail]).toEqual([user.id, "10.1.1.1", { method: "oidc", reason: "oidc_unverified" }]);
  });

  it("binds the account at the first sign-in and follows the identity, not the email, afterwards", async () => {
    const [first, other] = [await staff(), await staff()];
    const signedIn = await signIn(verified("subject-a", first.email.toUpperCase()));
    expect(signedIn).toMatchObject({ ok: true, staff: { id: first.id } });
    expect(await findStaffUser(db(), first.id)).toMatchObject({ oidcIssuer: ISSUER, oidcSubject: "subject-a" });
    const [linked] = await listAuditEntries(db(), { action: "staff.oidc_linked" }, 1);
    expect([linked?.staffId, linked?.detail]).toEqual([first.id, { issuer: ISSUER }]);
    // The provider now says this identity has the other account's email: it is still the first account.
    expect(await signIn(verified("subject-a", other.email))).toMatchObject({ ok: true, staff: { id: first.id } });
    expect((await findStaffUser(db(), other.id))?.oidcSubject).toBeNull();
  });

  it("refuses a second identity claiming a bound account's email, until an admin unlinks the account", async () => {
    const [owner, admin] = [await staff(), await staff()];
    expect(await signIn(verified("owner-sub", owner.email))).toMatchObject({ ok: true });
    expect(await signIn(verified("intruder-sub", owner.email))).toEqual({ ok: false, reason: "subject" });
    // The same subject at another issuer is another identity.
    expect(await signIn({ ...verified("owner-sub", owner.email), issuer: "https://elsewhere.example.com" })).toEqual({
      ok: false,
      reason: "subject",
    });
    const actor = { id: admin.id, email: admin.email, name: admin.name, role: "admin" as const, ip: "10.1.1.2" };
    await unlinkStaffOidc({ db: db(), now: () => new Date(), appUrl: "http://portal.test" }, actor, owner.id);
    expect(await signIn(verified("recreated-sub", owner.email))).toMatchObject({ ok: true, staff: { id: owner.id } });
    expect(await signIn(verified("owner-sub", owner.email))).toEqual({ ok: false, reason: "subject" });
  });

  it("refuses other domains when domains are listed, a disabled account, and an unknown email", async () => {
    const [listed, outside] = [await staff("example.com"), await staff("example.org")];
    expect(await signIn(verified(`d-${n}`, outside.email), ["example.com"])).toEqual({ ok: false, reason: "domain" });
    expect(await signIn(verified(`d-${n}`, listed.email), ["example.com"])).toMatchObject({ ok: true });
    await updateStaffUser(db(), listed.id, { disabledAt: new Date() }, true, new Date());
    expect(await signIn(verified(`d-${n}`, listed.email), ["example.com"])).toEqual({ ok: false, reason: "refused" });
    expect(await signIn(verified("nobody-sub", "nobody@example.com"))).toEqual({ ok: false, reason: "refused" });
    expect(await signIn({ issuer: ISSUER, email: outside.email, emailVerified: true })).toEqual({ ok: false, reason: "refused" });
  });
});
