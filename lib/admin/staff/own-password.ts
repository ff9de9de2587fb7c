import "server-only";
import { recordStaffAction } from "@/lib/audit/record";
import { checkPassword, target, type StaffDeps } from "@/lib/admin/staff/accounts";
import { hashPassword } from "@/lib/auth/password";
import { endStaffSession, sessionPasswordFailure } from "@/lib/auth/sessions";
import { checkThrottledPassword } from "@/lib/auth/sign-in";
import type { Staff } from "@/lib/auth/current-staff";
import { updateStaffUser } from "@/lib/db/staff-users";
import { PortalError } from "@/lib/errors";

// A staff member's own password. The current one is asked first, and whoever holds the session may not guess it:
// each wrong one counts with the sign-in throttle (account and address), and a few in one session end that session.

/** Wrong current passwords one session may give: the last of them ends it. */
export const CURRENT_PASSWORD_TRIES = 3;

/** Changes the password (the current one first); every session of the account, this one included, ends. */
export async function changeOwnPassword(deps: StaffDeps, actor: Staff, current: string, next: string) {
  const user = await target(deps, actor.id);
  const now = deps.now();
  const input = { email: user.email, password: current, ip: actor.ip, now, account: user, method: "current_password" as const };
  const checked = await checkThrottledPassword(deps.db, input);
  if (typeof checked === "object") {
    const wait = Math.max(1, Math.ceil((checked.retryAt.getTime() - now.getTime()) / 1000));
    throw new PortalError("RATE_LIMITED", "Too many wrong passwords. Wait a little and try again.", undefined, wait);
  }
  if (!checked) {
    const given = actor.sessionId ? await sessionPasswordFailure(deps.db, actor.sessionId) : 0;
    if (actor.sessionId && given >= CURRENT_PASSWORD_TRIES) {
      await endStaffSession(deps.db, actor.sessionId, actor.ip, "current_password_guesses", now);
      throw new PortalError("UNAUTHORIZED", "Too many wrong current passwords: this session has ended. Sign in again.");
    }
    throw new PortalError("VALIDATION_ERROR", "The current password is not right.", { current: "errors.staff.current_password" });
  }
  checkPassword(next);
  await updateStaffUser(deps.db, user.id, { passwordHash: await hashPassword(next) }, true, now);
  await recordStaffAction(deps.db, actor, "staff.password_set", { target: user.email }, now);
}
