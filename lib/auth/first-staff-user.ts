import "server-only";
import { hashPassword } from "@/lib/auth/password";
import { countStaffUsers, insertStaffUser } from "@/lib/db/staff-users";
import type { Database } from "@/lib/db/types";

export type FirstStaffResult = "created" | "exists" | "not-configured";

/** Creates the first staff account (role admin) from ADMIN_EMAIL/ADMIN_PASSWORD when there is none. */
export async function ensureFirstStaffUser(
  db: Database,
  admin: { email: string; password: string } | undefined,
): Promise<FirstStaffResult> {
  if ((await countStaffUsers(db)) > 0) return "exists";
  if (!admin) return "not-configured";
  const created = await insertStaffUser(db, {
    email: admin.email,
    passwordHash: await hashPassword(admin.password),
    role: "admin",
  });
  return created ? "created" : "exists";
}
