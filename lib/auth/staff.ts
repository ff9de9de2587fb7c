import "server-only";
import { getServerSession } from "next-auth";
import { headers } from "next/headers";
import { forbidden, redirect } from "next/navigation";
import { authOptions, SESSION_MAX_AGE_S } from "@/lib/auth/options";
import { can, type Capability, type StaffRole } from "@/lib/auth/roles";
import { getDb } from "@/lib/db";
import { findStaffUser } from "@/lib/db/staff-users";
import { PortalError } from "@/lib/errors";
import { clientIp } from "@/lib/http/client-ip";

/** The signed-in staff member as the database says now (role, enabled), with the address the request came from. */
export type Staff = { id: string; email: string; name: string; role: StaffRole; ip: string };

/**
 * The staff member of this request, or null. The session token only says who signed in and when: the account
 * is read on every call, so a disabled account, a changed role (a new session version) or 8 hours since sign-in
 * end the session at once, whatever the token says.
 */
export async function currentStaff(): Promise<Staff | null> {
  const session = await getServerSession(authOptions());
  const claim = session?.staff;
  if (!claim || Date.now() - claim.signedInAt > SESSION_MAX_AGE_S * 1000) return null;
  const account = await findStaffUser(await getDb(), claim.id);
  if (!account || account.disabledAt || account.sessionVersion !== claim.sessionVersion) return null;
  return { id: account.id, email: account.email, name: account.name, role: account.role, ip: clientIp(await headers()) };
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
