import "server-only";
import { recordStaffAction } from "@/lib/admin/audit";
import { hashPassword, verifyPassword } from "@/lib/auth/password";
import { recordSignInAttempt, reserveSignInAttempt, setSignInOutcome } from "@/lib/db/staff-sign-in";
import { findStaffUserByEmail, updateStaffUser } from "@/lib/db/staff-users";
import type { StaffUser } from "@/lib/db/schema";
import type { Database } from "@/lib/db/types";

// Staff sign-in by password: throttled per account and per address (counted in the database, so every instance
// agrees), every attempt recorded, and one answer for every failure: nobody learns which part was wrong.

export const THROTTLE = { windowMs: 15 * 60_000, perAccount: 5, perAddress: 20 } as const;

let dummy: Promise<string> | undefined;
/** Unknown accounts still cost a hash check, so timing does not tell which emails exist. */
const dummyHash = () => (dummy ??= hashPassword("no account has this password"));

export type SignInInput = { email: string; password: string; ip: string; now: Date };

/**
 * The account, when the password is right and nothing refuses it; undefined otherwise (the reason is recorded).
 * The attempt is counted before its password is checked, so guesses sent at once (to any instance) cannot all
 * pass the throttle while each is still being checked.
 */
export async function signInWithPassword(db: Database, input: SignInInput): Promise<StaffUser | undefined> {
  const email = input.email.trim().toLowerCase();
  const since = new Date(input.now.getTime() - THROTTLE.windowMs);
  const limits = { since, perAccount: THROTTLE.perAccount, perAddress: THROTTLE.perAddress };
  const reserved = await reserveSignInAttempt(db, { email, ip: input.ip, method: "password", at: input.now }, limits);
  if (reserved === "throttled") return undefined;
  const user = email ? await findStaffUserByEmail(db, email) : undefined;
  const ok = await verifyPassword(input.password, user?.passwordHash ?? (await dummyHash()));
  if (!user || !ok || !user.passwordHash) {
    await setSignInOutcome(db, reserved.id, "bad_credentials");
    return undefined;
  }
  if (user.disabledAt) {
    await setSignInOutcome(db, reserved.id, "disabled");
    return undefined;
  }
  await setSignInOutcome(db, reserved.id, "success");
  return signedIn(db, user, "password", input);
}

/** The OpenID Connect sign-in: only an existing, enabled account with the same email (the provider vouched for it). */
export async function signInWithOidc(db: Database, input: { email: string; ip: string; now: Date }): Promise<StaffUser | undefined> {
  const email = input.email.trim().toLowerCase();
  const user = email ? await findStaffUserByEmail(db, email) : undefined;
  const refused = !user || Boolean(user.disabledAt);
  await recordSignInAttempt(db, { email, ip: input.ip, outcome: refused ? "oidc_refused" : "success", method: "oidc", at: input.now });
  if (refused) return undefined;
  return signedIn(db, user, "oidc", input);
}

/** A successful sign-in: the account's last sign-in time, and `staff.signed_in` in the audit log. */
async function signedIn(db: Database, user: StaffUser, method: "password" | "oidc", input: { ip: string; now: Date }) {
  await recordStaffAction(db, { id: user.id, email: user.email, ip: input.ip }, "staff.signed_in", { detail: { method } }, input.now);
  return (await updateStaffUser(db, user.id, { lastSignInAt: input.now }, false, input.now)) ?? user;
}
