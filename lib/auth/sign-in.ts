import "server-only";
import { recordStaffAction } from "@/lib/audit/record";
import { hashPassword, verifyPassword } from "@/lib/auth/password";
import { SIGN_IN_THROTTLE } from "@/lib/auth/throttle";
import { reserveSignInAttempt, setSignInOutcome } from "@/lib/db/staff-sign-in";
import { findStaffUserByEmail, updateStaffUser } from "@/lib/db/staff-users";
import type { StaffUser } from "@/lib/db/schema";
import type { Database } from "@/lib/db/types";
import { maskEmail } from "@/lib/reconciliation/compare";

// Staff sign-in by password: throttled per (account, address) with a per-account ceiling (lib/auth/throttle.ts),
// counted in the database so that every instance agrees, every attempt recorded, every refusal audited with its
// address, and one answer for every failure: nobody learns which part was wrong.

let dummy: Promise<string> | undefined;
/** Unknown accounts still cost a hash check, so timing does not tell which emails exist. */
const dummyHash = () => (dummy ??= hashPassword("no account has this password"));

export type SignInInput = { email: string; password: string; ip: string; now: Date };
type Method = "password" | "oidc" | "current_password";

/**
 * A refused sign-in in the audit log, with the address: under the account when it exists, else under the typed
 * email masked (what was typed may be anything, a password included).
 */
export async function auditRefusal(
  db: Database,
  who: { account: StaffUser | undefined; email: string; ip: string },
  throttled: boolean,
  detail: { method: Method } & Record<string, unknown>,
  now: Date,
) {
  const actor = who.account ?? { id: "", email: maskEmail(who.email) ?? "•••" };
  const action = throttled ? "staff.sign_in_throttled" : "staff.sign_in_failed";
  await recordStaffAction(db, { id: actor.id, email: actor.email, ip: who.ip }, action, { detail }, now);
}

/**
 * Counts and checks one password of `account` (by its email) from an address: true, false (wrong: a failure), or
 * when to try again (throttled: not checked, not a failure). The attempt is counted before the password is checked,
 * so guesses sent at once (to any instance) cannot all pass the throttle while each is still being checked.
 */
export async function checkThrottledPassword(
  db: Database,
  input: SignInInput & { account: StaffUser | undefined; method: "password" | "current_password" },
): Promise<boolean | { retryAt: Date }> {
  const email = input.email.trim().toLowerCase();
  const reserved = await reserveSignInAttempt(db, { email, ip: input.ip, method: input.method, at: input.now }, SIGN_IN_THROTTLE);
  const who = { account: input.account, email, ip: input.ip };
  if ("reason" in reserved) {
    const waitS = Math.ceil((reserved.retryAt.getTime() - input.now.getTime()) / 1000);
    await auditRefusal(db, who, true, { method: input.method, limit: reserved.reason, retry_after_s: waitS }, input.now);
    return { retryAt: reserved.retryAt };
  }
  const hash = input.account?.passwordHash;
  const ok = (await verifyPassword(input.password, hash ?? (await dummyHash()))) && Boolean(hash);
  const outcome = !ok ? "bad_credentials" : input.account?.disabledAt ? "disabled" : "success";
  await setSignInOutcome(db, reserved.id, outcome);
  if (outcome !== "success") await auditRefusal(db, who, false, { method: input.method, reason: outcome }, input.now);
  return outcome === "success";
}

/** The account, when the password is right and nothing refuses it; undefined otherwise (the reason is recorded). */
export async function signInWithPassword(db: Database, input: SignInInput): Promise<StaffUser | undefined> {
  const email = input.email.trim().toLowerCase();
  const account = email ? await findStaffUserByEmail(db, email) : undefined;
  const ok = await checkThrottledPassword(db, { ...input, email, account, method: "password" });
  return ok === true && account ? signedIn(db, account, "password", input) : undefined;
}

/** A successful sign-in: the account's last sign-in time, and `staff.signed_in` in the audit log. */
export async function signedIn(db: Database, user: StaffUser, method: "password" | "oidc", input: { ip: string; now: Date }) {
  await recordStaffAction(db, { id: user.id, email: user.email, ip: input.ip }, "staff.signed_in", { detail: { method } }, input.now);
  return (await updateStaffUser(db, user.id, { lastSignInAt: input.now }, false, input.now)) ?? user;
}
