import { describe, expect, it } from "vitest";
import { changeStaff, unlinkStaffOidc, type StaffDeps } from "@/lib/admin/staff/accounts";
import type { Staff } from "@/lib/auth/current-staff";
import { listAuditEntries } from "@/lib/db/staff-audit";
import { bindStaffOidc, countActiveAdmins, createStaffUser, findStaffUser, listStaffUsers, updateStaffUser } from "@/lib/db/staff-users";
import { testEngines, useTestDatabase } from "@/lib/db/testing";
import { isPortalError } from "@/lib/errors";

// The "at least one active admin" rule holds when two admins act on each other at the same moment (its check and
// its change are one transaction under a lock), on PGlite and, with TEST_DATABASE_URL, on Postgres with a pool
// of connections. And an admin unlinks a colleague's company identity.

describe.each(testEngines())("staff changes on %s", (_engine, open) => {
  const database = useTestDatabase(open);
  const db = () => database().db;
  let n = 0;
  const deps = (): StaffDeps => ({ db: db(), now: () => new Date(), appUrl: "http://portal.test" });

  async function admin(): Promise<Staff> {
    const user = await createStaffUser(db(), { email: `admin.${++n}@example.com`, name: `Admin ${n}`, role: "admin" });
    if (!user) throw new Error("not created");
    return { id: user.id, email: user.email, name: user.name, role: "admin", ip: "10.0.0.1" };
  }

  /** From exactly two active admins, each changes the other at once: one is refused as the last admin, one admin is left. */
  async function race(patch: { role?: "agent"; disabled?: boolean }) {
    for (const u of await listStaffUsers(db())) await updateStaffUser(db(), u.id, { role: "agent" }, false, new Date());
    const [a, b] = [await admin(), await admin()];
    expect(await countActiveAdmins(db())).toBe(2);
    const results = await Promise.allSettled([changeStaff(deps(), a, b.id, patch), changeStaff(deps(), b, a.id, patch)]);
    const refused = results.filter((r) => r.status === "rejected").map((r) => r.reason as unknown);
    expect(refused).toHaveLength(1);
    expect(isPortalError(refused[0], "INVALID_STATE")).toBe(true);
    expect(await countActiveAdmins(db())).toBe(1);
  }

  it("two admins demoting each other at once leave one admin", async () => {
    await race({ role: "agent" });
  });

  it("two admins disabling each other at once leave one admin", async () => {
    await race({ disabled: true });
  });

  it("an admin unlinks a colleague's company identity: the colleague's sessions end and the change is audited", async () => {
    const actor = await admin();
    const colleague = await admin();
    await bindStaffOidc(db(), colleague.id, "https://id.example.com", "old-subject", new Date());
    const before = await findStaffUser(db(), colleague.id);
    expect(await unlinkStaffOidc(deps(), actor, colleague.id)).toMatchObject({ companySignIn: false });
    const after = await findStaffUser(db(), colleague.id);
    expect([after?.oidcIssuer, after?.oidcSubject]).toEqual([null, null]);
    expect(after?.sessionVersion).toBe((before?.sessionVersion ?? 0) + 1);
    const [entry] = await listAuditEntries(db(), { action: "staff.oidc_unlinked" }, 1);
    expect([entry?.staffId, entry?.target, entry?.detail]).toEqual([
      actor.id,
      colleague.email,
      { issuer: "https://id.example.com", sessions_ended: true },
    ]);
  });
});
