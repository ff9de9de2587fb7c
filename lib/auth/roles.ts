import { STAFF_ROLES, type StaffRole } from "@/lib/db/schema/staff";

export { STAFF_ROLES, type StaffRole };

// What each role may do, in one table. Every /admin page, server action and /api/admin route asks it on the
// server (lib/auth/current-staff.ts: requireStaff, requireStaffPage); the navigation asks it only to hide what would be refused anyway.
// Viewers export nothing: every list holds personal data (names, cardholder ids, staff emails), and a file leaves the
// portal's access control, its masking and its audit of each view, so a download needs more than reading.

export type Capability =
  | "read" // see applications (identity values masked), the dashboard, webhooks, the audit log
  | "export" // download a list as CSV: the queue, transactions, the audit log (each download audited)
  | "work" // act on applications: claim, notes, links, retries, corrections, THIRD_PARTY proofs
  | "reveal" // show one identity value in full (each reveal audited)
  | "manage_staff" // add, change, disable staff; reset passwords
  | "privacy"; // export or erase one applicant's data on request (each audited)

const CAN: Record<StaffRole, readonly Capability[]> = {
  admin: ["read", "export", "work", "reveal", "manage_staff", "privacy"],
  agent: ["read", "export", "work", "reveal"],
  viewer: ["read"],
};

export const can = (role: StaffRole, capability: Capability): boolean => CAN[role].includes(capability);
