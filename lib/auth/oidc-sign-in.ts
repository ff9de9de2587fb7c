import "server-only";
import { recordStaffAction } from "@/lib/audit/record";
import { auditRefusal, signedIn } from "@/lib/auth/sign-in";
import { recordSignInAttempt } from "@/lib/db/staff-sign-in";
import { bindStaffOidc, findStaffUserByEmail, findStaffUserByOidc } from "@/lib/db/staff-users";
import type { StaffUser } from "@/lib/db/schema";
import type { Database } from "@/lib/db/types";

// Staff sign-in through the merchant's OpenID Connect provider. The provider's email is trusted only when the ID
// token says it is verified (`email_verified` exactly true), and only once: the first sign-in binds the staff
// account to the provider's identity (`iss`, `sub`), and later sign-ins match on that identity, never the email
// again. So an email changed at the provider does not move anyone to another account, and a second identity that
// claims a bound account's email is refused. When an identity is recreated at the provider (a new `sub`), an admin
// unlinks the account on /admin/staff and the next verified sign-in with its email binds it again.

export type OidcClaims = { issuer?: string; subject?: string; email?: string; emailVerified?: unknown };
/** unverified: email not verified; domain: not an allowed domain; subject: the account is bound to another identity. */
export type OidcRefusal = "unverified" | "domain" | "subject" | "refused";
export type OidcInput = { ip: string; now: Date; allowedDomains: readonly string[] | undefined };
export type OidcResult = { ok: true; staff: StaffUser } | { ok: false; reason: OidcRefusal };

const OUTCOME: Record<OidcRefusal, string> = {
  unverified: "oidc_unverified",
  domain: "oidc_domain",
  subject: "oidc_subject",
  refused: "oidc_refused",
};

type Match = { reason: OidcRefusal; account?: StaffUser } | { reason?: undefined; account: StaffUser; linked: boolean };

/** Which account these claims sign in to, or why not (without recording anything). */
async function match(db: Database, claims: OidcClaims, email: string, input: OidcInput): Promise<Match> {
  const { issuer, subject } = claims;
  if (!issuer || !subject || !email.includes("@")) return { reason: "refused" };
  if (claims.emailVerified !== true) return { reason: "unverified" };
  const domain = email.slice(email.lastIndexOf("@") + 1);
  if (input.allowedDomains && !input.allowedDomains.includes(domain)) return { reason: "domain" };
  const bound = await findStaffUserByOidc(db, issuer, subject);
  if (bound) return bound.disabledAt ? { reason: "refused", account: bound } : { account: bound, linked: false };
  const account = await findStaffUserByEmail(db, email);
  if (!account || account.disabledAt) return { reason: "refused", account };
  if (account.oidcSubject) return { reason: "subject", account };
  // Not bound yet: this identity claims it. A concurrent claim by another identity loses here (only one update binds).
  const linked = await bindStaffOidc(db, account.id, issuer, subject, input.now);
  return linked ? { account: linked, linked: true } : { reason: "subject", account };
}

/** The OpenID Connect sign-in: the account bound to this identity, or the first binding of a verified email. */
export async function signInWithOidc(db: Database, claims: OidcClaims, input: OidcInput): Promise<OidcResult> {
  const email = (claims.email ?? "").trim().toLowerCase().slice(0, 320);
  const found = await match(db, claims, email, input);
  const at = input.now;
  if (found.reason) {
    // Under the account of that email when there is one, so its admins see who tried it (and on the staff page).
    const account = found.account ?? (email ? await findStaffUserByEmail(db, email) : undefined);
    await recordSignInAttempt(db, { email: account?.email ?? email, ip: input.ip, outcome: OUTCOME[found.reason], method: "oidc", at });
    await auditRefusal(db, { account, email, ip: input.ip }, false, { method: "oidc", reason: OUTCOME[found.reason] }, at);
    return { ok: false, reason: found.reason };
  }
  const { account } = found;
  await recordSignInAttempt(db, { email: account.email, ip: input.ip, outcome: "success", method: "oidc", at });
  if (found.linked) {
    const actor = { id: account.id, email: account.email, ip: input.ip };
    await recordStaffAction(db, actor, "staff.oidc_linked", { target: account.email, detail: { issuer: claims.issuer } }, at);
  }
  return { ok: true, staff: await signedIn(db, account, "oidc", input) };
}
