import type { AppDeps } from "@/lib/applications/deps";
import type { Staff } from "@/lib/auth/current-staff";
import type { Keyring } from "@/lib/crypto/secret-box";
import { createStaffUser } from "@/lib/db/staff-users";
import type { Database } from "@/lib/db/types";
import { createIssuerClient } from "@/lib/issuer/client";

// Tests of staff actions that never reach the issuer: their dependencies, and a staff member of a role.

/** Dependencies whose issuer client points nowhere (it is there only to satisfy the type). */
export const offlineDeps = (db: Database, now: () => Date, keys: Keyring): AppDeps => ({
  db,
  issuer: createIssuerClient({ baseUrl: "http://127.0.0.1:9", apiKey: "k", apiSecret: "s" }),
  now,
  keys,
  kycLinks: { hosts: [], httpOnLoopback: true },
  appUrl: "http://portal.test",
});

/** A staff account `name@example.com` of `role`, as the session would give it. */
export async function testStaff(db: Database, name: string, role: Staff["role"]): Promise<Staff> {
  const row = await createStaffUser(db, { email: `${name}@example.com`, name, role, passwordHash: null });
  return { id: row?.id ?? "", email: `${name}@example.com`, name, role, ip: "10.0.0.1" };
}
