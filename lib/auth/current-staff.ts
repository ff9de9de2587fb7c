import "server-only";
import { getServerSession } from "next-auth";
import { headers } from "next/headers";
import { forbidden, redirect } from "next/navigation";
import { authOptions } from "@/lib/auth/options";
import { can, type Capability, type StaffRole } from "@/lib/auth/roles";
import { SESSION_MAX_AGE_S, sessionAccount } from "@/lib/auth/sessions";
import { getDb } from "@/lib/db";
import { PortalError } from "@/lib/errors";
import { clientIp } from "@/lib/http/client-ip";

/**
 * The signed-in staff member as the database says now (role, enabled), with the address the request came from and
 * the server-side session of the request (absent only for staff made up outside a request, as in tests).
 */
export type Staff = { id: string; email: string; name: string; role: StaffRole; ip: string; sessionId?: string; timeZone?: string | null };

/**
 * The staff member of this request, or null. The session token only says who signed in, when, and in which
 * server-side session: the session and its account are read on every call (one query), so sign-out, a disabled
 * account, a changed role (a new session version) or 8 hours since sign-in end the session at once.
 */
export async function currentStaff(): Promise<Staff | null> {
  const session = await getServerSession(authOptions());
  const claim = session?.staff;
  if (!claim || Date.now() - claim.signedInAt > SESSION_MAX_AGE_S * 1000) return null;
  const account = await sessionAccount(await getDb(), claim.sid);
  if (!account || account.id !== claim.id || account.disabledAt || account.sessionVersion !== claim.sessionVersion) return null;
  const ip = clientIp(await headers());
  return {
    id: account.id,
    email: account.email,
    name: account.name,
    role: account.role,
    ip,
    sessionId: claim.sid,
    timeZone: account.timeZone,
  };
}

/** For an /admin page: anonymous visitors go to the sign-in page (and come back), a role without the right gets 403. */
export async function requireStaffPage(capability: Capability): Promise<Staff> {
  const staff = await currentStaff();
  if (!staff) {
    const here = (await headers()).get("x-portal-path") ?? "/admin";
    redirect(`/admin/sign-in?callbackUrl=${encodeURIComponent(here.startsWith("/admin") ? here : "/admin")}`);
  }
  if (!can(staff.role, capability)) forbidden();
  return staff;
}

/** For an /api/admin route or a server action: 401 anonymous, 403 without the right (the portal's error shape). */
export async function requireStaff(capability: Capability): Promise<Staff> {
  const staff = await currentStaff();
  if (!staff) throw new PortalError("UNAUTHORIZED", "Sign in to the staff area first.");
  if (!can(staff.role, capability)) throw new PortalError("FORBIDDEN", "Your role does not allow this.");
  return staff;
}
