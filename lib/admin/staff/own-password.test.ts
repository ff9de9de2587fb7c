import { describe, expect, it } from "vitest";
import { changeOwnPassword, CURRENT_PASSWORD_TRIES } from "@/lib/admin/staff/own-password";
import type { StaffDeps } from "@/lib/admin/staff/accounts";
import { hashPassword } from "@/lib/auth/password";
import { endStaffSession, sessionAccount, startStaffSession } from "@/lib/auth/sessions";
import { signInWithPassword } from "@/lib/auth/sign-in";
import { THROTTLE } from "@/lib/auth/throttle";
import type { Staff } from "@/lib/auth/current-staff";
import { listAuditEntries } from "@/lib/db/staff-audit";
import { createStaffUser } from "@/lib/db/staff-users";
import { testEngines, useTestDatabase } from "@/lib/db/testing";
import { isPortalError } from "@/lib/errors";

// Server-side sessions end on sign-out, and whoever holds a session cannot guess its owner's password on the
// own-account page: wrong current passwords count with the sign-in throttle and a few end the session.

describe.each(testEngines())("sessions and the current password on %s", (_engine, open) => {
  const database = useTestDatabase(open);
  const db = () => database().db;
  let n = 0;
  const deps = (): StaffDeps => ({ db: db(), now: () => new Date(), appUrl: "http://portal.test" });

  /** An account with a password and a live session, as the staff member of a request. */
  async function signedIn(ip: string): Promise<Staff & { password: string }> {
    const password = `the-password-${++n}`;
    const user = await createStaffUser(db(), {
      email: `own.${n}@example.com`,
      name: "Own",
      role: "viewer",
      passwordHash: await hashPassword(password),
    });
    if (!user) throw new Error("not created");
    const sessionId = await startStaffSession(db(), user.id, new Date());
    return { id: user.id, email: user.email, name: user.name, role: "viewer", ip, sessionId, password };
  }
  const change = (me: Staff, current: string) => changeOwnPassword(deps(), me, current, "a-brand-new-password").catch((e: unknown) => e);

  it("sign-out ends the session on the server, audited", async () => {
    const me = await signedIn("10.2.0.1");
    expect((await sessionAccount(db(), me.sessionId ?? ""))?.id).toBe(me.id);
    await endStaffSession(db(), me.sessionId ?? "", me.ip);
    expect(await sessionAccount(db(), me.sessionId ?? "")).toBeUndefined();
    const [entry] = await listAuditEntries(db(), { action: "staff.signed_out", staffId: me.id }, 5);
    expect([entry?.ip, entry?.detail]).toEqual([me.ip, null]);
  });

  it("ends the session after a few wrong current passwords, each one audited", async () => {
    const me = await signedIn("10.2.0.2");
    for (let k = 1; k < CURRENT_PASSWORD_TRIES; k++) {
      expect(isPortalError(await change(me, `wrong-${k}`), "VALIDATION_ERROR")).toBe(true);
      expect(await sessionAccount(db(), me.sessionId ?? "")).toBeDefined();
    }
    expect(isPortalError(await change(me, "wrong-last"), "UNAUTHORIZED")).toBe(true);
    expect(await sessionAccount(db(), me.sessionId ?? "")).toBeUndefined();
    const failed = await listAuditEntries(db(), { action: "staff.sign_in_failed", staffId: me.id }, 10);
    expect(failed.map((e) => [e.ip, e.detail])).toEqual(
      Array.from({ length: CURRENT_PASSWORD_TRIES }, () => [me.ip, { method: "current_password", reason: "bad_credentials" }]),
    );
    const [ended] = await listAuditEntries(db(), { action: "staff.signed_out", staffId: me.id }, 1);
    expect(ended?.detail).toEqual({ reason: "current_password_guesses" });
  });

  it("counts wrong current passwords with the sign-in throttle of the account and address", async () => {
    const me = await signedIn("10.2.0.3");
    for (let k = 0; k < THROTTLE.free; k++) await signInWithPassword(db(), { ...me, password: `wrong-${k}`, now: new Date() });
    // The pair now waits: even the right current password is not checked (429 with Retry-After), and nothing changes.
    const refused = await change(me, me.password);
    expect(isPortalError(refused, "RATE_LIMITED") && (refused.retryAfterSeconds ?? 0) > 0).toBe(true);
    const other = await signedIn("10.2.0.4");
    expect(await change(other, "wrong-once")).toBeInstanceOf(Error);
    expect(await signInWithPassword(db(), { ...other, password: other.password, now: new Date() })).toBeDefined();
    const [attempt] = await listAuditEntries(db(), { action: "staff.sign_in_failed", staffId: other.id }, 1);
    expect(attempt?.detail).toEqual({ method: "current_password", reason: "bad_credentials" });
  });

  it("changes the password with the right current one", async () => {
    const me = await signedIn("10.2.0.5");
    expect(await change(me, me.password)).toBeUndefined();
  });
});
